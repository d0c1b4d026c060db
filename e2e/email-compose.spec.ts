import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 15, points 6 and 7: from a lead's page, compose an e-mail (To prefilled with the lead's
 * address), send it, and see it on the lead's E-mail tab as queued, then (once the outbox worker
 * delivers it) reach the worker's SMTP server and show as sent. The message opens in a sandboxed
 * frame; Reply prefills "Re:".
 */

/**
 * Delivery needs the outbox worker (helper H1, src/server/jobs/outbox-worker.ts). Until it is on
 * this branch, the delivery step is skipped (and says so); once merged it runs by itself.
 */
const outboxWorkerPresent = existsSync(path.resolve('src/server/jobs/outbox-worker.ts'));

const screenshots = path.resolve('.tmp/screenshots');

/**
 * The compose dialog asks for the user's mailboxes, templates and signatures (helpers H3b and H2);
 * until their routes are on this branch those answer 404, which the dialog survives (the choices
 * are left out) but the browser logs. Once they are merged, no 404 is expected at all.
 */
const optionalListsPresent = ['email-accounts', 'email-templates', 'email-signatures'].every((feature) =>
  existsSync(path.resolve(`src/server/features/${feature}/routes.ts`)),
);
const missingListLog = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  problems = watchConsole(page);
});

/**
 * Playwright injects the page's init scripts (skipOnboarding) into every frame, the sandboxed
 * message frame too, where the sandbox refuses to run them: that refusal is the sandbox working.
 */
const sandboxRefusedHarness = /document's frame is sandboxed|The document is sandboxed and lacks/;

test.afterEach(() => {
  expect(
    problems.filter(
      (problem) =>
        !sandboxRefusedHarness.test(problem) && (optionalListsPresent || problem !== missingListLog),
    ),
  ).toEqual([]);
});

test('compose from a lead: stored, shown on its E-mail tab as queued, delivered, opened in a sandboxed frame', async ({
  page,
  smtp,
  signedIn: _signedIn,
}) => {
  test.setTimeout(90_000);
  const created = await page.request.post('/api/leads', {
    data: { fullName: 'Mary Claimant', email: 'mary.claimant@example.com' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lead = (await created.json()) as { id: string };

  await page.goto(`/leads/${lead.id}`);
  await page.getByRole('button', { name: 'Compose' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New e-mail' });
  await expect(dialog).toBeVisible();
  // The lead's own address is the first recipient.
  await expect(dialog.getByText('mary.claimant@example.com', { exact: true })).toBeVisible();

  // A malformed address is refused with the spec's message before anything is sent.
  await dialog.getByRole('combobox', { name: 'To' }).fill('not-an-address');
  await dialog.getByRole('combobox', { name: 'To' }).press('Enter');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove not-an-address from To' }).click();

  const subject = `Your surplus funds claim ${Date.now()}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Dear Mary, we found your funds.');
  await page.setViewportSize({ width: 1440, height: 900 });
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, 'compose-1440.png') });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Queued — sending').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The E-mail tab lists the thread: queued, or already sent if the worker was quick.
  await page.getByRole('tab', { name: 'E-mail' }).click();
  const threads = page.getByRole('list', { name: 'E-mail threads' });
  const row = threads.getByRole('button', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Queued — sending|Sent/);
  await expect(row).toContainText('Dear Mary, we found your funds.');

  // The timeline has the sent message too.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText(subject).first()).toBeVisible();
  await page.getByRole('tab', { name: 'E-mail' }).click();

  if (!outboxWorkerPresent) {
    test.info().annotations.push({
      type: 'skipped step',
      description: 'delivery to the SMTP server: the outbox worker is not on this branch yet',
    });
  } else
    await test.step('delivered through the outbox to the SMTP server (needs H1’s outbox worker)', async () => {
      await expect
        .poll(() => smtp.received.some((mail) => mail.parsed.subject === subject), { timeout: 20_000 })
        .toBe(true);
      const mail = smtp.received.find((m) => m.parsed.subject === subject);
      expect(mail?.parsed.text).toContain('Dear Mary, we found your funds.');
      await expect(row).toContainText('Sent', { timeout: 15_000 });
    });

  // Opening the thread shows the message in a sandboxed frame.
  await row.click();
  const frame = page.locator('iframe[title^="Message from"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups');
  await expect(frame.contentFrame().getByText('Dear Mary, we found your funds.')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'email-tab-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame.contentFrame().getByText('Dear Mary, we found your funds.')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'email-tab-390.png'), fullPage: true });

  // Reply prefills the subject and the recipient; an untouched reply closes without asking.
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = page.getByRole('dialog', { name: 'Reply' });
  await expect(reply.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  await expect(reply.getByText('mary.claimant@example.com', { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'reply-390.png') });
  await reply.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('A follow-up.');
  await reply.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard this e-mail?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(reply).toBeHidden();
});
