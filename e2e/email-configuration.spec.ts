import { startTestSmtpServer } from '../src/server/test/smtp-server';
import { expect, skipOnboarding, signedInTest as test, watchConsole } from './fixtures';

test.beforeEach(async ({ page }) => skipOnboarding(page));

test('saves our own SMTP server, sends a test email, shows a wrong port as the server error', async ({
  page,
  signedIn,
  smtp,
}) => {
  const errors = watchConsole(page);
  await page.goto('/settings/email-configuration');
  await expect(page.getByRole('heading', { name: 'Email Configuration', level: 2 })).toBeVisible({
    timeout: 30_000,
  });

  // The sender lives here now, with the catalogue's messages.
  const sender = page.getByRole('form', { name: 'E-mail sender' });
  await sender.getByLabel('From name').fill('Acme Recovery');
  await sender.getByLabel('From address').fill('claims@acme.test');
  await sender.getByRole('button', { name: 'Save sender' }).click();
  await expect(page.getByText('E-mail sender saved')).toBeVisible();

  // Our own server: the worker's SMTP server, no TLS on loopback.
  const server = page.getByRole('form', { name: 'Outgoing mail server' });
  await server.getByLabel('Use our own SMTP server').check();
  await server.getByLabel('SMTP host').fill('not a host');
  await server.getByRole('button', { name: 'Save server' }).click();
  await expect(server.getByText('Invalid SMTP host')).toBeVisible();
  await server.getByLabel('SMTP host').fill('127.0.0.1');
  await server.getByLabel('Port').fill(String(smtp.port));
  await server.getByLabel('Security').selectOption('none');
  await server.getByRole('button', { name: 'Save server' }).click();
  await expect(page.getByText('Mail server saved')).toBeVisible();

  const before = smtp.received.length;
  const tester = page.getByRole('form', { name: 'Send a test email' });
  await tester.getByLabel('Send to').fill('ops@acme.test');
  await tester.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(tester.getByRole('status')).toHaveText('Test email sent to ops@acme.test');
  await smtp.waitFor(before + 1);
  const mail = smtp.received.at(-1);
  expect(mail?.envelope.to).toEqual(['ops@acme.test']);
  expect(mail?.parsed.from?.value[0]).toEqual({ name: 'Acme Recovery', address: 'claims@acme.test' });

  // A port nothing listens on: the server's own words, not a generic failure.
  const closed = await startTestSmtpServer();
  const closedPort = closed.port;
  await closed.close();
  await server.getByLabel('Port').fill(String(closedPort));
  await server.getByRole('button', { name: 'Save server' }).click();
  await expect(page.getByText('Mail server saved')).toBeVisible();
  await tester.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(tester.getByRole('alert')).toHaveText(`connect ECONNREFUSED 127.0.0.1:${closedPort}`);
  expect(signedIn.email).toContain('@');
  expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
});

test('outgoing mail lists platform mail and the switches save', async ({ page, signedIn }) => {
  // A team notice from the owner's own action is not needed: a sent test shows as nothing queued.
  await page.goto('/settings/email-configuration');
  await expect(page.getByText('No outgoing mail yet')).toBeVisible();
  const tracking = page.getByRole('switch', { name: 'Track opens and clicks' });
  await tracking.click();
  await expect(tracking).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Track opens and clicks' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const res = await page.request.get('/api/organization-email-settings');
  expect(await res.json()).toMatchObject({ trackingEnabled: true, usingPlatformServer: true });
  expect(signedIn.user.email).toBeTruthy();
});
