import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Forgot password → the reset mail reaches the worker's real SMTP server (delivered by the outbox
 * worker) → its link opens the reset page → a new password → sign in with it. The old password
 * and the used link stop working.
 */
test('a forgotten password is reset from the e-mailed link', async ({
  page,
  signedIn,
  smtp,
  browser,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await skipOnboarding(page);
  // A visitor on another browser: signed out.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await skipOnboarding(visitor);
  await visitor.goto('/auth');
  await visitor.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(visitor.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await visitor.getByLabel('Email').fill(signedIn.email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByRole('status')).toContainText(
    "If an account exists for that address, we've sent a link to reset the password.",
  );

  // The outbox worker delivers it to the worker's own SMTP server.
  const mailTo = () => smtp.received.find((m) => JSON.stringify(m.parsed.to ?? '').includes(signedIn.email));
  await expect.poll(() => mailTo() !== undefined, { timeout: 15_000 }).toBe(true);
  const mail = mailTo()!;
  expect(mail.parsed.subject).toBe('Reset your Locus password');
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);

  await visitor.goto(`${pathname}${search}`);
  await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await visitor.getByLabel('New password', { exact: true }).fill('123');
  await visitor.getByLabel('Confirm new password').fill('123');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByText('Password must be at least 6 characters')).toBeVisible();
  await visitor.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
  await visitor.getByLabel('Confirm new password').fill('a-brand-new-pass');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByText('Your password has been changed.')).toBeVisible();

  await visitor.getByRole('link', { name: 'Sign in' }).click();
  await visitor.getByLabel('Email').fill(signedIn.email);
  await visitor.getByLabel('Password', { exact: true }).fill('a-brand-new-pass');
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);

  // The link worked once.
  const again = await context.newPage();
  await again.goto(`${pathname}${search}`);
  await expect(again.getByText('This link is invalid or has expired.')).toBeVisible();
  await context.close();
  expect(problems).toEqual([]);
});

test('an unknown address gets the same answer and an invalid link says so', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await skipOnboarding(page);
  await page.goto('/auth?tab=forgot');
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    "If an account exists for that address, we've sent a link",
  );
  await page.goto('/auth/reset-password?token=not-a-real-token');
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await context.close();
});
