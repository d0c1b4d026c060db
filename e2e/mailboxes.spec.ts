import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startDovecot, type TestDovecot } from '../src/server/test/dovecot';
import { startTestSmtpServer, type TestSmtpServer } from '../src/server/test/smtp-server';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 15, point 4: a user connects their own mailbox on an IMAP/SMTP server of their own
 * (a real dovecot and a real SMTP server asking for a login), sees a wrong password refused in
 * words, then the mailbox's card with its sync state, and removes it after a confirmation.
 */

const address = 'olivia@mail.example.test';
const password = 'right-app-pass';
let dovecot: TestDovecot;
let smtp: TestSmtpServer;
let problems: string[] = [];

/** Serious or critical axe-core findings on the page as it is (the dialog open, or the card). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.beforeAll(async () => {
  [dovecot, smtp] = await Promise.all([
    startDovecot(),
    startTestSmtpServer({ auth: { user: address, pass: password } }),
  ]);
  dovecot.addUser(address, password);
});

test.afterAll(async () => {
  await Promise.all([dovecot?.stop(), smtp?.close()]);
});

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  problems = watchConsole(page);
});

test.afterEach(() => {
  // The refused connection answers 422: the browser logs the failed request, nothing else may fail.
  expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
});

test('connect an IMAP mailbox: a wrong password is refused in words, the right one shows the card', async ({
  page,
  signedIn: _signedIn,
}, testInfo) => {
  // Two real mail servers, two axe-core scans and two widths: long on a busy 2-core machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/settings/email');
  // The section loads with its own chunk: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Connect your mailbox' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('mailboxes-empty-1440.png') });

  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a mailbox' });
  // Gmail without an OAuth client: the app-password way, explained.
  await expect(dialog.getByText('Sign-in with Google is not configured on this server')).toBeVisible();

  await dialog.getByRole('radio', { name: 'Other (IMAP)' }).check();
  await dialog.getByLabel('Email address').fill(address);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-pass');
  await dialog.getByLabel('IMAP host').fill(dovecot.host);
  await dialog.getByLabel('IMAP port').fill(String(dovecot.port));
  await dialog.getByLabel('IMAP security').selectOption('none');
  await dialog.getByLabel('SMTP host').fill(smtp.host);
  await dialog.getByLabel('SMTP port').fill(String(smtp.port));
  await dialog.getByLabel('SMTP security').selectOption('none');
  await page.screenshot({ path: testInfo.outputPath('mailboxes-dialog-1440.png') });
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The IMAP server refused the username or password', {
    timeout: 20_000,
  });

  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('Connected', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  const card = page.getByRole('region', { name: address });
  await expect(card).toBeVisible();
  await expect(card.getByText('Other (IMAP)')).toBeVisible();
  // Its first sync is queued: the card says so rather than "Synced".
  await expect(card.getByTestId('mailbox-status')).toHaveText(/Waiting to sync…|Syncing…|Synced/);
  await expect(card.getByText('INBOX, Sent')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mailboxes-card-1440.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mailboxes-card-390.png'), fullPage: true });

  // Nothing secret reaches the browser.
  const listed = await page.request.get('/api/email-accounts');
  expect(await listed.text()).not.toContain(password);

  await card.getByRole('button', { name: `Remove ${address}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Remove mailbox and its synced mail from Locus? Nothing is deleted from the mail server.',
  );
  await confirm.getByRole('button', { name: 'Remove mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your mailbox' })).toBeVisible();

  // The dialog on a phone: one column, scrolling inside.
  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  await page.getByRole('radio', { name: 'Other (IMAP)' }).check();
  await expect(page.getByLabel('IMAP host')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mailboxes-dialog-390.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
