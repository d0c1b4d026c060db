import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../src/server/features/webhooks/test-receiver';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

test.beforeEach(({ page }) => skipOnboarding(page));

/** Set SCREENSHOTS_DIR to keep pictures of the section at desktop and phone widths. */
const screenshotsDir = process.env.SCREENSHOTS_DIR;

test('Integrations › Webhooks: add one, verify signed events at a local receiver, Send test, Redeliver, turn off, delete', async ({
  page,
  context,
  server,
  signedIn,
}) => {
  expect(signedIn.user.email).toBe(signedIn.email);
  const receiver = await startWebhookReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/integrations');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();

    // A bad URL and no events are refused with the shared messages.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Our receiver');
    await dialog.getByLabel('URL').fill('not a url');
    for (const event of ['Lead created', 'Deal stage changed', 'Document completed']) {
      await dialog.getByRole('checkbox', { name: event }).uncheck();
    }
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByLabel('URL').fill(`${receiver.url}/hook`);
    await dialog.getByRole('checkbox', { name: 'Lead created' }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, shown once, copied with the button.
    const secretDialog = page.getByRole('dialog');
    await expect(secretDialog.getByRole('heading', { name: /Signing secret of Our receiver/ })).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    if (screenshotsDir)
      await page.screenshot({ path: path.join(screenshotsDir, 'webhooks-secret-1440.png') });
    await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
    await expect(secretDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    const card = page.getByTestId('webhook-card');
    await expect(card.getByTestId('webhook-status')).toHaveText('Active');
    await expect(card).not.toContainText(secret.slice(6, 20));
    const verifier = new Webhook(secret);

    // Send test: a signed webhook.test at the receiver, logged as delivered.
    await card.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const testEvent = verifier.verify(
      receiver.received[0].body,
      receiver.received[0].headers as Record<string, string>,
    ) as {
      type: string;
    };
    expect(testEvent.type).toBe('webhook.test');
    await expect(card.getByTestId('webhook-log').first()).toContainText('Delivered · 200', {
      timeout: 20_000,
    });

    // A real change: a lead created through the API reaches the receiver, signed.
    const lead = await page.request.post('/api/leads', { data: { fullName: 'Hooked Lead' } });
    expect(lead.status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    const event = verifier.verify(
      receiver.received[1].body,
      receiver.received[1].headers as Record<string, string>,
    ) as {
      type: string;
      data: { id: string; fullName: string };
    };
    expect(event).toMatchObject({
      type: 'lead.created',
      data: { id: (await lead.json()).id, fullName: 'Hooked Lead' },
    });
    await expect(card.getByTestId('webhook-log')).toHaveCount(2, { timeout: 20_000 });
    await expect(card.getByTestId('webhook-last-delivery')).toContainText('delivered', { timeout: 20_000 });

    // Redeliver the lead event: same message id, signed again.
    await card.getByRole('button', { name: /Redeliver lead\.created/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    expect(receiver.received[2].headers['webhook-id']).toBe(receiver.received[1].headers['webhook-id']);
    expect(() =>
      verifier.verify(receiver.received[2].body, receiver.received[2].headers as Record<string, string>),
    ).not.toThrow();
    await expect(card.getByTestId('webhook-log')).toHaveCount(3, { timeout: 20_000 });
    if (screenshotsDir) {
      await page.screenshot({ path: path.join(screenshotsDir, 'webhooks-1440.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(screenshotsDir, 'webhooks-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // Off: no more events go out.
    await card.getByRole('switch', { name: 'Turn off Our receiver' }).click();
    await expect(card.getByTestId('webhook-status')).toHaveText('Off');
    await page.request.post('/api/leads', { data: { fullName: 'Unheard Lead' } });

    // Delete, after confirming.
    await card.getByRole('button', { name: 'Delete Our receiver' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    expect(receiver.received).toHaveLength(3);
    // The one refused form (400) is expected; nothing else went wrong.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  } finally {
    await receiver.close();
  }
});
