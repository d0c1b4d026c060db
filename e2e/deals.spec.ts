import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, signedInTest as test } from './fixtures';

/**
 * Deals: the pipeline board (drag with the mouse and the keyboard, reasons for closing stages,
 * rollback of a refused move, 5,000 deals), the deal dialog with its surplus case, the deal page
 * (countdown, fee-cap warning, stage bar, inline editing) and the list view (search, bulk change).
 */

const storageKeys = { welcomeSeen: 'locus-welcome-seen', cookieConsent: 'locus-cookie-consent' };

/** A returning user: the welcome dialog and cookie banner do not cover the page. */
async function asReturningUser(page: Page) {
  await page.addInitScript((keys) => {
    localStorage.setItem(keys.welcomeSeen, 'true');
    localStorage.setItem(
      keys.cookieConsent,
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  }, storageKeys);
}

/** Console errors and uncaught exceptions (CSP refusals show up here too). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

interface CreatedDeal {
  id: string;
  dealName: string;
}

async function createDeal(request: APIRequestContext, data: Record<string, unknown>): Promise<CreatedDeal> {
  const res = await request.post('/api/deals', { data });
  if (res.status() !== 201) throw new Error(`deal not created: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function getDeal(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/deals/${id}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** YYYY-MM-DD, `days` from today (local calendar day, as the browser counts). */
function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

const number = (n: number) => n.toLocaleString('en-US');
const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);
const card = (page: Page, name: string) => page.locator('[data-deal-card]').filter({ hasText: name });
const count = (col: Locator) => col.getByTestId('column-count');
const total = (col: Locator) => col.getByTestId('column-total');
const left = (element: Locator) => element.evaluate((node) => node.getBoundingClientRect().left);

async function openBoard(page: Page) {
  await page.goto('/deals');
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
}

/** A real mouse drag: press on the card, move in steps (past the 6 px start distance), release on the column. */
async function dragCard(page: Page, from: Locator, to: Locator) {
  // Nothing covers the card any more (a dialog that just closed fades its backdrop out).
  await expect
    .poll(() =>
      from.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    )
    .toBe(true);
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('card or column not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 12, source.y + source.height / 2 + 4, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + 160, { steps: 12 });
  await page.mouse.up();
}

test.describe('deals', () => {
  // Wide enough for the five columns of the default pipeline side by side.
  test.use({ viewport: { width: 1600, height: 900 } });

  // Every test starts with a new organization (Surplus Funds Locator) signed in.
  test.beforeEach(async ({ page, signedIn }) => {
    expect(signedIn.user.organizationName).toContain('Test Org');
    await asReturningUser(page);
  });

  test('creates a surplus deal in the dialog: validation, live amounts, then on the board', async ({
    page,
  }) => {
    const rule = await page.request.post('/api/state-rules', {
      data: { state: 'FL', claimWindowDays: 90, feeCapPercent: 40 },
    });
    expect(rule.status()).toBe(201);
    const client = await page.request.post('/api/clients', { data: { displayName: 'Maria Lopez' } });
    expect(client.status()).toBe(201);
    const problems = watchConsole(page);

    await openBoard(page);
    // A form nothing was typed into closes at once.
    await page.getByRole('button', { name: 'New deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'New deal' }).click();
    await expect(dialog).toBeVisible();
    // Each field's label finds that field alone (no section or form is named after a field).
    for (const label of ['Notes', 'Tags', 'State', 'Lead source']) {
      await expect(dialog.getByLabel(label)).toHaveCount(1);
    }
    // Even page-wide: the board behind the dialog names nothing "stage" (its won/lost icons).
    await expect(page.getByLabel('Stage')).toHaveCount(1);

    // The validation messages of the data model, word for word.
    await page.getByLabel('Stage').selectOption('');
    await dialog.getByRole('button', { name: 'Create deal' }).click();
    await expect(dialog.getByText('Deal name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Stage is required')).toBeVisible();

    await dialog.getByLabel('Deal name').fill('12 Palm Ave – Lopez – 2025-CA-0042');
    await dialog.getByLabel('Stage').selectOption('Research');
    await dialog.getByLabel('Related client').fill('Maria');
    await dialog.getByRole('option', { name: 'Maria Lopez' }).click();
    await expect(dialog.getByLabel('Related client')).toHaveValue('Maria Lopez');
    // Left empty, the deal value is the expected fee: the placeholder follows it below.
    const dealValue = dialog.getByLabel('Deal value');
    await expect(dealValue).toHaveAttribute('placeholder', '= expected fee');
    await expect(dialog.getByText('Left empty, it follows the expected fee')).toBeVisible();

    // Escape closes an open suggestion list, not the dialog.
    const leadSource = dialog.getByLabel('Lead source');
    await leadSource.fill('coun');
    const suggestions = dialog.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option', { name: 'County surplus list' })).toBeVisible();
    await leadSource.press('Escape');
    await expect(suggestions).toBeHidden();
    await expect(dialog).toBeVisible();
    await leadSource.press('ArrowDown');
    await leadSource.press('Enter');
    await expect(leadSource).toHaveValue('County surplus list');

    // With something typed, Escape asks before throwing it away.
    await leadSource.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByLabel('Deal name')).toHaveValue('12 Palm Ave – Lopez – 2025-CA-0042');
    await expect(leadSource).toBeFocused();

    await dialog.getByLabel('Property address').fill('12 Palm Ave, Tampa, FL 33602');
    await dialog.getByLabel('County').fill('Hillsborough');
    await dialog.getByLabel('State').selectOption('FL');
    await dialog.getByLabel('Sale type').selectOption('Tax deed');
    await dialog.getByLabel('Sale date').fill('2026-01-10');
    // The claim deadline follows the FL rule's 90-day window.
    await expect(dialog.getByLabel('Claim deadline')).toHaveValue('2026-04-10');

    const surplus = dialog.getByTestId('computed-surplus');
    const fee = dialog.getByTestId('computed-fee');
    await dialog.getByLabel('Winning bid').fill('250000');
    await expect(surplus).toContainText('$250,000');
    await dialog.getByLabel('Total debt / judgment').fill('180000');
    await dialog.getByLabel('Senior liens').fill('20000');
    await expect(surplus).toContainText('$50,000');
    await expect(fee).toHaveText('—');
    await dialog.getByLabel('Locator fee %').fill('30');
    await expect(fee).toHaveText('$15,000');
    await expect(dealValue).toHaveAttribute('placeholder', '= expected fee $15,000');
    await dialog.getByLabel('Locator fee %').fill('45');
    await expect(fee).toHaveText('$22,500');
    await expect(dealValue).toHaveAttribute('placeholder', '= expected fee $22,500');
    await expect(dialog.getByText(/above the 40% cap you recorded for FL/)).toBeVisible();
    await dialog.getByLabel('Locator fee %').fill('30');

    await dialog.getByRole('button', { name: 'Create deal' }).click();
    await expect(dialog).toBeHidden();

    // The card shows the value (the fee) and the surplus it is a share of, as sample deals do.
    const research = column(page, 'Research');
    const created = card(page, '12 Palm Ave – Lopez');
    await expect(research.locator('[data-deal-card]')).toHaveCount(1);
    await expect(created).toContainText('Maria Lopez');
    await expect(created).toContainText('$15,000');
    await expect(created).toContainText('of $50,000 surplus');
    await expect(created).not.toContainText('Fee');
    await expect(count(research)).toHaveText('1');
    await expect(total(research)).toContainText('$15,000');
    await expect(count(column(page, 'Contact'))).toHaveText('0');

    const list = await (await page.request.get('/api/deals')).json();
    expect(list.items[0]).toMatchObject({
      dealName: '12 Palm Ave – Lopez – 2025-CA-0042',
      stage: 'Research',
      dealValue: 15000,
      customFields: {
        propertyAddress: '12 Palm Ave, Tampa, FL 33602',
        state: 'FL',
        saleType: 'Tax deed',
        winningBid: 250000,
        totalDebt: 180000,
        seniorLiens: 20000,
        surplusAmount: 50000,
        locatorFeePercent: 30,
        expectedFee: 15000,
        claimDeadline: '2026-04-10',
      },
      leadSource: 'County surplus list',
    });
    expect(problems).toEqual([]);
  });

  test('moves cards with the mouse and the keyboard; Paid asks for a reason; a refused move rolls back', async ({
    page,
  }) => {
    const a = await createDeal(page.request, { dealName: 'Alpha claim', stage: 'Research', dealValue: 1000 });
    const b = await createDeal(page.request, { dealName: 'Bravo claim', stage: 'Research', dealValue: 2000 });
    const c = await createDeal(page.request, { dealName: 'Charlie claim', stage: 'Signed', dealValue: 4000 });
    const d = await createDeal(page.request, {
      dealName: 'Delta claim',
      stage: 'Documents',
      dealValue: 8000,
    });

    await openBoard(page);
    const research = column(page, 'Research');
    const contact = column(page, 'Contact');
    await expect(count(research)).toHaveText('2');
    await expect(total(research)).toContainText('$3,000');

    // Mouse: Alpha from Research to Contact.
    await dragCard(page, card(page, 'Alpha claim'), contact);
    await expect(contact.locator('[data-deal-card]').filter({ hasText: 'Alpha claim' })).toBeVisible();
    await expect(count(contact)).toHaveText('1');
    await expect(total(contact)).toContainText('$1,000');
    await expect(count(research)).toHaveText('1');
    await expect(total(research)).toContainText('$2,000');
    await expect.poll(async () => (await getDeal(page.request, a.id)).stage).toBe('Contact');

    // Keyboard: focus Bravo, Space to pick up, arrow right, Space to drop.
    // Screen readers hear each step (dnd-kit's live region).
    await card(page, 'Bravo claim').focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByText(/Picked up Bravo claim in Research|Bravo claim is over Research/),
    ).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Bravo claim is over Contact.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(contact.locator('[data-deal-card]').filter({ hasText: 'Bravo claim' })).toBeVisible();
    // Focus follows the card to its new column.
    await expect(contact.locator('[data-deal-card]').filter({ hasText: 'Bravo claim' })).toBeFocused();
    await expect(count(contact)).toHaveText('2');
    await expect(total(contact)).toContainText('$3,000');
    await expect(count(research)).toHaveText('0');
    await expect.poll(async () => (await getDeal(page.request, b.id)).stage).toBe('Contact');

    // Paid closes the deal as won: the reason is asked first; cancelling leaves the card where it was.
    const paid = column(page, 'Paid');
    await dragCard(page, card(page, 'Charlie claim'), paid);
    const reasonDialog = page.getByRole('dialog', { name: 'Why was this deal won?' });
    await expect(reasonDialog).toBeVisible();
    await reasonDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(reasonDialog).toBeHidden();
    await expect(
      column(page, 'Signed').locator('[data-deal-card]').filter({ hasText: 'Charlie claim' }),
    ).toBeVisible();
    expect((await getDeal(page.request, c.id)).stage).toBe('Signed');

    await dragCard(page, card(page, 'Charlie claim'), paid);
    await expect(reasonDialog).toBeVisible();
    await reasonDialog.getByRole('button', { name: 'Move to Paid' }).click();
    await expect(reasonDialog.getByText('Please choose a reason')).toBeVisible();
    await reasonDialog.getByLabel('Claim paid').check();
    await reasonDialog.getByLabel('Note').fill('Check received from the county');
    await reasonDialog.getByRole('button', { name: 'Move to Paid' }).click();
    await expect(reasonDialog).toBeHidden();
    await expect(paid.locator('[data-deal-card]').filter({ hasText: 'Charlie claim' })).toBeVisible();
    await expect(count(paid)).toHaveText('1');
    await expect.poll(async () => (await getDeal(page.request, c.id)).stage).toBe('Paid');
    const activities = await (await page.request.get(`/api/activities?dealId=${c.id}`)).json();
    expect(JSON.stringify(activities)).toContain('Reason: Claim paid.');
    expect(JSON.stringify(activities)).toContain('Check received from the county');

    // The server refuses: the card goes back and the server's message is shown.
    await page.route('**/api/deals/*/move', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The pipeline is being updated' }),
      }),
    );
    const documents = column(page, 'Documents');
    const signed = column(page, 'Signed');
    await dragCard(page, card(page, 'Delta claim'), signed);
    await expect(signed.locator('[data-deal-card]').filter({ hasText: 'Delta claim' })).toBeVisible();
    await expect(page.getByText('The pipeline is being updated')).toBeVisible({ timeout: 10_000 });
    await expect(documents.locator('[data-deal-card]').filter({ hasText: 'Delta claim' })).toBeVisible();
    await expect(count(documents)).toHaveText('1');
    await expect(total(documents)).toContainText('$8,000');
    await expect(count(signed)).toHaveText('0');
    expect((await getDeal(page.request, d.id)).stage).toBe('Documents');

    // The won deal's page shows when it closed.
    await page.goto(`/deals/${c.id}`);
    await expect(page.getByTestId('deal-closed-on')).toHaveText(/^Closed on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect((await getDeal(page.request, c.id)).closedAt).toEqual(expect.any(String));
    await page.goto(`/deals/${d.id}`);
    await expect(page.getByRole('heading', { name: 'Delta claim' })).toBeVisible();
    await expect(page.getByTestId('deal-closed-on')).toHaveCount(0);
  });

  test('a keyboard move to a stage switched off meanwhile rolls back, says why, and the column goes', async ({
    page,
  }) => {
    const deal = await createDeal(page.request, {
      dealName: 'Foxtrot claim',
      stage: 'Research',
      dealValue: 700,
    });
    await openBoard(page);
    const research = column(page, 'Research');
    const inResearch = research.locator('[data-deal-card]').filter({ hasText: 'Foxtrot claim' });
    await expect(inResearch).toBeVisible();
    // Meanwhile an admin switches Contact off (it holds no deals, so that is allowed).
    const pipelines = await (await page.request.get('/api/pipelines')).json();
    const contactStage = pipelines.items
      .find((p: { isDefault: boolean }) => p.isDefault)
      .stages.find((s: { name: string }) => s.name === 'Contact');
    const off = await page.request.patch(`/api/stages/${contactStage.id}`, { data: { isActive: false } });
    expect(off.status()).toBe(200);

    await inResearch.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Foxtrot claim is over Contact.')).toBeAttached();
    await page.keyboard.press('Space');
    const toast = page.getByRole('region', { name: 'Notifications' });
    await expect(toast.getByText('Could not move Foxtrot claim')).toBeVisible();
    await expect(toast.getByText('Contact is no longer a stage deals can move to')).toBeVisible();
    // The card is back where it was, with the focus; the board now shows the current stages.
    await expect(inResearch).toBeFocused();
    await expect(count(research)).toHaveText('1');
    await expect(total(research)).toContainText('$700');
    await expect(column(page, 'Contact')).toHaveCount(0);
    expect((await getDeal(page.request, deal.id)).stage).toBe('Research');
  });

  test('a drag made of one mouse move (Playwright’s dragTo) lands where the mouse is released', async ({
    page,
  }) => {
    const echo = await createDeal(page.request, {
      dealName: 'Echo claim',
      stage: 'Research',
      dealValue: 500,
    });
    await openBoard(page);
    const signed = column(page, 'Signed');
    await card(page, 'Echo claim').dragTo(signed);
    await expect(signed.locator('[data-deal-card]').filter({ hasText: 'Echo claim' })).toBeVisible();
    await expect(page.getByText('Echo claim was dropped in Signed.')).toBeAttached();
    await expect.poll(async () => (await getDeal(page.request, echo.id)).stage).toBe('Signed');
  });

  test('a dropped card shows in its new column before the server answers the move', async ({ page }) => {
    const foxtrot = await createDeal(page.request, {
      dealName: 'Foxtrot claim',
      stage: 'Research',
      dealValue: 500,
    });
    await openBoard(page);
    // The server's answer waits until the board has been checked.
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.release = resolve;
    });
    let asked = false;
    await page.route('**/api/deals/*/move', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const contact = column(page, 'Contact');
    await dragCard(page, card(page, 'Foxtrot claim'), contact);
    await expect.poll(() => asked).toBe(true);
    await expect(contact.locator('[data-deal-card]').filter({ hasText: 'Foxtrot claim' })).toBeVisible();
    await expect(count(contact)).toHaveText('1');
    await expect(total(contact)).toContainText('$500');
    await expect(count(column(page, 'Research'))).toHaveText('0');
    // Still unanswered: the server has not moved it yet.
    expect((await getDeal(page.request, foxtrot.id)).stage).toBe('Research');
    gate.release?.();
    await expect.poll(async () => (await getDeal(page.request, foxtrot.id)).stage).toBe('Contact');
    await expect(contact.locator('[data-deal-card]').filter({ hasText: 'Foxtrot claim' })).toBeVisible();
  });

  test('reopening the board asks for its cards as the page starts, once', async ({ page }) => {
    await createDeal(page.request, { dealName: 'Golf claim', stage: 'Documents', dealValue: 700 });
    await openBoard(page);
    await expect(card(page, 'Golf claim')).toBeVisible();

    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/deals?view=board');
    await expect(
      column(page, 'Documents').locator('[data-deal-card]').filter({ hasText: 'Golf claim' }),
    ).toBeVisible();
    await expect(count(column(page, 'Documents'))).toHaveText('1');
    const boardCalls = asked.filter((path) => /^\/api\/pipelines\/[^/]+\/board$/.test(path));
    expect(boardCalls).toHaveLength(1);
    // Asked before the application even checked the session, let alone read the pipelines.
    expect(asked.indexOf(boardCalls[0])).toBeLessThan(asked.indexOf('/api/session'));
  });

  test('New deal opened before the pipelines have loaded still starts in the first stage', async ({
    page,
  }) => {
    // A slow machine: the list view is up before the pipelines answer.
    await page.route('**/api/pipelines*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/deals?view=list');
    // The header's button (the empty list offers one too).
    await page.getByRole('button', { name: 'New deal' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByLabel('Deal name').fill('Early bird claim');
    await expect(dialog.getByLabel('Stage')).toHaveValue('Research');
    await dialog.getByRole('button', { name: 'Create deal' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Early bird claim' })).toContainText('Research');
  });

  test('deals in a stage no pipeline has are pointed to from the board, and a deal page moves them in', async ({
    page,
  }) => {
    // The API's default stage when a client sends none is the data model's "proposal".
    const stray = await createDeal(page.request, { dealName: 'Stray claim', stage: 'proposal' });
    await createDeal(page.request, { dealName: 'Imported claim', stage: 'Imported' });
    await createDeal(page.request, { dealName: 'Placed claim', stage: 'Research' });
    await openBoard(page);
    const notice = page.getByText('2 deals are in stages no pipeline shows');
    await expect(notice).toContainText('Imported (1), proposal (1). Open one to move it into a stage.');

    await notice.getByRole('link', { name: 'proposal' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/stage=proposal/);
    const rows = page.getByRole('table', { name: 'Deals' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Stray claim' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Imported claim' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove filter Stage: proposal' })).toBeVisible();

    await page.goto(`/deals/${stray.id}`);
    await expect(
      page.getByText('Current stage “proposal” is not part of the Sales Pipeline pipeline.'),
    ).toBeVisible();
    await page.getByRole('navigation', { name: 'Stage' }).getByRole('button', { name: 'Research' }).click();
    await expect.poll(async () => (await getDeal(page.request, stray.id)).stage).toBe('Research');

    await openBoard(page);
    await expect(
      column(page, 'Research').locator('[data-deal-card]').filter({ hasText: 'Stray claim' }),
    ).toBeVisible();
    await expect(page.getByText('1 deal is in a stage no pipeline shows')).toContainText('Imported (1)');
  });

  test('a filtered address opens the list even when the board was the last view; Board still switches', async ({
    page,
  }) => {
    await createDeal(page.request, { dealName: 'Won claim', stage: 'Paid' });
    await createDeal(page.request, { dealName: 'Open claim', stage: 'Research' });
    await openBoard(page);
    await page.goto('/deals?state=won');
    const rows = page.getByRole('table', { name: 'Deals' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Won claim' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Open claim' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page.getByTestId('pipeline-board')).toBeVisible();
    await expect(page).toHaveURL(/view=board/);
  });

  test('the deal page shows the claim countdown, the fee-cap warning, and edits inline', async ({ page }) => {
    const rule = await page.request.post('/api/state-rules', {
      data: { state: 'TX', claimWindowDays: 120, feeCapPercent: 20 },
    });
    expect(rule.status()).toBe(201);
    const deal = await createDeal(page.request, {
      dealName: '77 Ranch Rd – Nguyen',
      stage: 'Research',
      dealValue: 5000,
      customFields: {
        propertyAddress: '77 Ranch Rd, Austin, TX',
        state: 'TX',
        saleDate: isoDay(-97),
        winningBid: 120000,
        totalDebt: 70000,
        locatorFeePercent: 35,
      },
    });

    const problems = watchConsole(page);
    await page.goto(`/deals/${deal.id}`);
    await expect(page.getByRole('heading', { name: '77 Ranch Rd – Nguyen', level: 1 })).toBeVisible();
    const panel = page.getByTestId('surplus-panel');
    await expect(panel.getByTestId('claim-countdown')).toContainText('23 days left');
    await expect(panel.getByTestId('surplus-amount')).toHaveText('$50,000');
    await expect(panel.getByTestId('surplus-fee')).toHaveText('$17,500');
    await expect(panel.getByTestId('state-rule')).toContainText(
      'TX rule used: 120-day claim window, fee cap 20%',
    );
    const warning = panel.getByRole('alert');
    await expect(warning).toContainText('Locator fee of 35% exceeds the 20% cap recorded for TX');

    // Inline editing: the fee % goes down, the warning goes and the fee follows.
    await panel.getByRole('button', { name: /^Locator fee %:/ }).click();
    await panel.getByRole('textbox', { name: 'Locator fee %' }).fill('20');
    await page.keyboard.press('Enter');
    await expect(panel.getByTestId('surplus-fee')).toHaveText('$10,000');
    await expect(panel.getByRole('alert')).toBeHidden();
    expect((await getDeal(page.request, deal.id)).customFields.locatorFeePercent).toBe(20);

    // A typed value says so, and stays when the fee changes.
    const valueField = page.getByRole('button', { name: /^Deal value:/ });
    await expect(valueField).toHaveAccessibleDescription(
      'Typed. Clear it to follow the expected fee ($10,000)',
    );
    await valueField.click();
    await page.getByRole('textbox', { name: 'Deal value' }).fill('6500');
    await page.keyboard.press('Enter');
    await expect(valueField).toContainText('$6,500');
    expect((await getDeal(page.request, deal.id)).dealValue).toBe(6500);

    // The stage bar moves the deal through the same move endpoint.
    await page.getByRole('navigation', { name: 'Stage' }).getByRole('button', { name: 'Contact' }).click();
    await expect(page.getByRole('button', { name: /Contact \(current stage\)/ })).toBeVisible();
    await expect.poll(async () => (await getDeal(page.request, deal.id)).stage).toBe('Contact');

    // The edit dialog: the same form, the case filled in; the stage is changed with the stage bar.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit deal' });
    await expect(edit.getByLabel('Property address')).toHaveValue('77 Ranch Rd, Austin, TX');
    await expect(edit.getByTestId('computed-surplus')).toContainText('$50,000');
    await expect(edit.getByLabel('Stage')).toHaveCount(0);
    await edit.getByLabel('Deal name').fill('77 Ranch Rd – Nguyen heirs');
    await edit.getByLabel('Senior liens').fill('10000');
    await expect(edit.getByTestId('computed-surplus')).toContainText('$40,000');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: '77 Ranch Rd – Nguyen heirs', level: 1 })).toBeVisible();
    await expect(panel.getByTestId('surplus-amount')).toHaveText('$40,000');
    await expect(panel.getByTestId('surplus-fee')).toHaveText('$8,000');
    expect(await getDeal(page.request, deal.id)).toMatchObject({
      dealValue: 6500,
      customFields: { seniorLiens: 10000, expectedFee: 8000 },
    });
    await expect(valueField).toContainText('$6,500');
    // Cleared, the value is the fee again and follows it.
    await valueField.click();
    await page.getByRole('textbox', { name: 'Deal value' }).fill('');
    await page.keyboard.press('Enter');
    await expect(valueField).toContainText('$8,000');
    await expect(valueField).toHaveAccessibleDescription('= expected fee, following the case');

    // The activity type is a radio that a click (and Playwright's check) ticks.
    await page.getByRole('button', { name: 'Log activity' }).click();
    const composer = page.getByRole('form', { name: 'Log activity' });
    await composer.getByRole('radio', { name: 'Task' }).check();
    await expect(composer.getByRole('radio', { name: 'Task' })).toBeChecked();
    await expect(composer.getByLabel('Status')).toHaveValue('pending');
    await composer.getByLabel('Subject').fill('Call the county clerk');
    await composer.getByRole('button', { name: 'Add activity' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Call the county clerk' })).toBeVisible();
    expect(problems).toEqual([]);

    // A passed deadline.
    const late = await createDeal(page.request, {
      dealName: 'Old case',
      stage: 'Research',
      customFields: { state: 'TX', claimDeadline: isoDay(-3) },
    });
    await page.goto(`/deals/${late.id}`);
    await expect(page.getByTestId('claim-countdown')).toContainText('Deadline passed');
  });

  test('list view: search and a bulk stage change', async ({ page }) => {
    const client = await (
      await page.request.post('/api/clients', { data: { displayName: 'Gloria Smith' } })
    ).json();
    for (const name of ['Harbor View – Smith', 'Harbor Point – Jones', 'Maple St – Brown']) {
      const relatedClient = name.endsWith('Smith') ? client.id : undefined;
      const tags = name.startsWith('Maple') ? ['probate'] : [];
      await createDeal(page.request, {
        dealName: name,
        stage: 'Research',
        dealValue: 1000,
        relatedClient,
        tags,
      });
    }
    await openBoard(page);
    await page.getByRole('button', { name: 'List' }).click();
    const table = page.getByRole('table', { name: 'Deals' });
    await expect(table.getByText('Maple St – Brown')).toBeVisible();
    // Tags are a column to choose, as in the other lists.
    await page.getByRole('button', { name: 'Choose columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tags' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Maple St – Brown' })).toContainText('probate');
    // Deal names link to their pages, as in the other lists.
    await expect(table.getByRole('link', { name: 'Maple St – Brown' })).toHaveAttribute(
      'href',
      /^\/deals\/[0-9a-f-]{36}$/,
    );
    // Each row names its client (answered with the deal, not looked up among loaded clients).
    await expect(table.getByRole('row').filter({ hasText: 'Harbor View – Smith' })).toContainText(
      'Gloria Smith',
    );

    // The search also finds a deal by its client's name.
    await page.getByRole('searchbox', { name: 'Search deals' }).fill('gloria');
    await expect(table.getByText('Harbor Point – Jones')).toBeHidden();
    await expect(table.getByText('Harbor View – Smith')).toBeVisible();
    await expect(page.getByText('1 deal', { exact: true })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search deals' }).fill('Harbor');
    await expect(table.getByText('Maple St – Brown')).toBeHidden();
    await expect(table.getByText('Harbor View – Smith')).toBeVisible();
    await expect(page.getByText('2 deals')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all loaded deals' }).click();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Change stage' }).click();
    const bulkDialog = page.getByRole('dialog', { name: 'Change stage' });
    // Paid closes a deal as won and asks each deal for its reason: not offered for many at once.
    const stageChoice = bulkDialog.getByLabel('Stage', { exact: true });
    await expect(stageChoice.locator('option')).toHaveText(['Research', 'Contact', 'Documents', 'Signed']);
    await expect(stageChoice).toHaveAccessibleDescription(
      'Paid asks for each deal’s reason: move deals there from the board or the deal’s page.',
    );
    await stageChoice.selectOption('Documents');
    await bulkDialog.getByRole('button', { name: 'Apply to 2 deals' }).click();
    await expect(bulkDialog).toBeHidden();
    await expect(table.getByText('Documents')).toHaveCount(2);

    const documents = await (await page.request.get('/api/deals?stage=Documents')).json();
    expect(documents.items.map((deal: { dealName: string }) => deal.dealName).toSorted()).toEqual([
      'Harbor Point – Jones',
      'Harbor View – Smith',
    ]);

    // The choice of view is remembered.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Deals' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

    // ?view= in the address wins over the remembered choice, and follows the toggle.
    await page.goto('/deals?view=board');
    await expect(page.getByTestId('pipeline-board')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page).toHaveURL(/[?&]view=list/);
    await page.goto('/deals?view=list');
    await expect(page.getByRole('table', { name: 'Deals' })).toBeVisible();

    await page.getByRole('table', { name: 'Deals' }).getByRole('link', { name: 'Maple St – Brown' }).click();
    await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Maple St – Brown', level: 1 })).toBeVisible();
  });

  test('a pipeline wider than the screen fades at the edge where more stages wait', async ({ page }) => {
    const pipelines = await (await page.request.get('/api/pipelines')).json();
    const pipelineId = pipelines.items[0].id as string;
    const added = await page.request.post('/api/stages', { data: { pipelineId, name: 'Archived' } });
    expect(added.status()).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBoard(page);
    await expect(page.getByTestId('board-more-right')).toBeVisible();
    await expect(page.getByTestId('board-more-left')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show later stages' }).click();
    await expect(column(page, 'Archived')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('board-more-left')).toBeVisible();
    await expect(page.getByTestId('board-more-right')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show earlier stages' }).click();
    await expect(column(page, 'Research')).toBeInViewport({ ratio: 1 });
  });

  test('the deals pages line up with the navigation bar', async ({ page }) => {
    const deal = await createDeal(page.request, { dealName: 'Aligned case', stage: 'Research' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/leads');
    const edge = await left(page.getByRole('link', { name: 'Locus', exact: true }));
    expect(await left(page.getByRole('heading', { level: 1 }))).toBe(edge);
    for (const path of ['/deals?view=board', '/deals?view=list', `/deals/${deal.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await left(page.getByRole('heading', { level: 1 }))).toBe(edge);
    }
    await page.goto('/deals?view=board');
    expect(await left(page.getByTestId('pipeline-board'))).toBe(edge);

    // The list's default columns fit at 1440 px: none is cut off at the card's edge.
    await page.goto('/deals?view=list');
    const table = page.getByRole('table', { name: 'Deals' });
    await expect(table.getByText('Aligned case')).toBeVisible();
    const hiddenSideways = await table.evaluate((element) => {
      let box: HTMLElement | null = element as HTMLElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      return box ? box.scrollWidth - box.clientWidth : 0;
    });
    expect(hiddenSideways).toBeLessThanOrEqual(0);
  });

  test('on a 390 px phone nothing scrolls the page sideways; the board scrolls in its box, the stage bar wraps', async ({
    page,
  }) => {
    const deal = await createDeal(page.request, { dealName: 'Phone case', stage: 'Documents' });
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await openBoard(page);
    await expect(total(column(page, 'Paid'))).toBeAttached();
    expect(await fitsScreen()).toBe(true);
    // The columns scroll sideways inside the board.
    const board = page.getByTestId('pipeline-board');
    expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await board.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect(column(page, 'Paid').getByRole('heading', { name: 'Paid' })).toBeInViewport();
    expect(await fitsScreen()).toBe(true);

    await page.goto(`/deals/${deal.id}`);
    await expect(page.getByRole('heading', { name: 'Phone case', level: 1 })).toBeVisible();
    expect(await fitsScreen()).toBe(true);
    // Every stage is in sight: the bar wraps rather than cutting the last ones off.
    const stageBar = page.getByRole('navigation', { name: 'Stage' });
    for (const stage of ['Research', 'Contact', 'Documents', 'Signed', 'Paid']) {
      await expect(stageBar.getByRole('button', { name: new RegExp(`^${stage}`) })).toBeInViewport({
        ratio: 1,
      });
    }
  });

  test('on a 390 px phone the keyboard carries a card to the last column, scrolling each column into view', async ({
    page,
  }) => {
    const deal = await createDeal(page.request, { dealName: 'Pocket claim', stage: 'Research' });
    // Cards in the columns on the way: a card sitting a pixel to the right must not stop the move.
    for (const stage of ['Research', 'Contact', 'Documents', 'Signed', 'Paid']) {
      await createDeal(page.request, { dealName: `${stage} neighbour`, stage });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await openBoard(page);
    const paid = column(page, 'Paid');
    await expect(paid.getByRole('heading', { name: 'Paid' })).not.toBeInViewport();

    await card(page, 'Pocket claim').focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByText(/Picked up Pocket claim in Research|Pocket claim is over Research/),
    ).toBeAttached();
    // The keyboard sensor starts listening for moves on the next tick.
    await page.waitForTimeout(150);
    // Each step names the column it reaches for screen readers, and that column comes into sight.
    for (const stage of ['Contact', 'Documents', 'Signed', 'Paid']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText(`Pocket claim is over ${stage}.`)).toBeAttached();
      await expect(column(page, stage).getByRole('heading', { name: stage })).toBeInViewport({ ratio: 1 });
    }
    // Back one column and forward again: the left arrow moves too.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Pocket claim is over Signed.')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Pocket claim is over Paid.')).toBeAttached();
    await page.keyboard.press('Space');
    // Paid closes the deal as won: the reason comes first, and the drop says so.
    await expect(
      page.getByText(
        'Pocket claim was dropped in Paid. Choose a reason to finish the move, or cancel to leave it where it was.',
      ),
    ).toBeAttached();
    const reasonDialog = page.getByRole('dialog', { name: 'Why was this deal won?' });
    await reasonDialog.getByLabel('Claim paid').check();
    await reasonDialog.getByRole('button', { name: 'Move to Paid' }).click();
    await expect(reasonDialog).toBeHidden();
    await expect(paid.locator('[data-deal-card]').filter({ hasText: 'Pocket claim' })).toBeInViewport();

    await page.reload();
    await expect(count(column(page, 'Paid'))).toHaveText('2');
    await expect(column(page, 'Paid').locator('[data-deal-card]').first()).toContainText('Pocket claim');
    expect((await getDeal(page.request, deal.id)).stage).toBe('Paid');
  });

  test('the onboarding tour opens the deal form, highlights its parts, then shows the board', async ({
    page,
  }) => {
    // Start from the list: the tour's pipeline step must switch to the board.
    await page.addInitScript(() => localStorage.setItem('locus.deals.view', 'list'));
    await page.goto('/deals');
    await expect(page.getByRole('table', { name: 'Deals' }).or(page.getByText('No deals yet'))).toBeVisible();
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Help Center' })
      .getByRole('button', { name: 'Start Tour: Your first surplus funds deal' })
      .click();
    const tourCard = page.locator('[data-tour-ui="card"]');
    const next = tourCard.locator('button', { hasText: 'Next' });
    for (let step = 1; step < 5; step++) {
      await expect(tourCard).toContainText(`Step ${step} of 12`);
      await next.click();
    }
    await expect(tourCard).toContainText('Step 5 of 12');
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('[data-tour="property-address-field"]')).toBeVisible();
    await next.click();
    await expect(tourCard).toContainText('Step 6 of 12');
    await expect(page.locator('[data-tour="surplus-amounts-fields"]')).toBeInViewport();
    await next.click();
    await expect(tourCard).toContainText('Step 7 of 12');
    await expect(page.locator('[data-tour="client-selection"]')).toBeInViewport();
    await expect(dialog).toBeVisible();
    await next.click();
    await expect(tourCard).toContainText('Step 8 of 12');
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-tour="pipeline-view"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
  });

  // 5,000 deals take about 80 s to create one by one through the API on this machine, too long
  // for every CI run: the suite seeds 1,500 (DEALS_SMOKE_COUNT=5000 runs the full measurement).
  test('the board stays light with thousands of deals, and a drag still works', async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const stages = ['Research', 'Contact', 'Documents', 'Signed', 'Paid'];
    const target = Number(process.env.DEALS_SMOKE_COUNT ?? 1500);
    const perStage = target / stages.length;
    const batch = 50;
    const started = Date.now();
    for (let offset = 0; offset < target; offset += batch) {
      await Promise.all(
        Array.from({ length: batch }, (_, i) => {
          const n = offset + i;
          return createDeal(page.request, {
            dealName: `Bulk case ${String(n).padStart(4, '0')}`,
            stage: stages[n % stages.length],
            dealValue: 100,
          });
        }),
      );
    }
    const seedMs = Date.now() - started;

    const loadStart = Date.now();
    await openBoard(page);
    const research = column(page, 'Research');
    await expect(count(research)).toHaveText(number(perStage));
    await expect(total(research)).toContainText(`$${number(perStage * 100)}`);
    await expect(research.locator('[data-deal-card]').first()).toBeVisible();
    const loadMs = Date.now() - loadStart;
    const rendered = await page.locator('[data-deal-card]').count();
    expect(rendered).toBeLessThan(300);

    // Scrolling a column loads its next page; still only what is on screen is rendered.
    await research.locator('div.overflow-y-auto').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(research.getByRole('button', { name: 'Load more deals in Research' })).toContainText(
      `(${number(perStage - 100)})`,
    );
    const afterScroll = await page.locator('[data-deal-card]').count();
    expect(afterScroll).toBeLessThan(300);

    await research.locator('div.overflow-y-auto').evaluate((el) => {
      el.scrollTop = 0;
    });
    // The column's first row once it is drawn again at the top (not a row left from the bottom),
    // then that very card, whatever the column redraws meanwhile.
    const top = research.locator('[data-index="0"] [data-deal-card]');
    await expect(top).toBeInViewport();
    // The card's first line is the deal's name (the card is named by what it shows).
    const name = (await top.locator('p').first().innerText()).trim();
    const first = card(page, name);
    const dragStart = Date.now();
    await dragCard(page, first, column(page, 'Contact'));
    await expect(count(column(page, 'Contact'))).toHaveText(number(perStage + 1));
    await expect(count(research)).toHaveText(number(perStage - 1));
    const dragMs = Date.now() - dragStart;
    await expect(column(page, 'Contact').locator('[data-deal-card]').filter({ hasText: name })).toBeVisible({
      timeout: 15_000,
    });

    testInfo.annotations.push({
      type: 'measurements',
      description: `seeded ${target} deals in ${seedMs} ms; board shown in ${loadMs} ms with ${rendered} card elements (${afterScroll} after scrolling a column); drag confirmed in ${dragMs} ms`,
    });
    console.warn(`[deals 5k] ${testInfo.annotations.at(-1)?.description}`);
  });
});

/** Eight surplus cases across the stages, with clients, state rules and computed amounts. */
async function seedRealistic(request: APIRequestContext) {
  await request.post('/api/state-rules', {
    data: { state: 'FL', claimWindowDays: 120, feeCapPercent: 30 },
  });
  await request.post('/api/state-rules', {
    data: { state: 'GA', claimWindowDays: 365, feeCapPercent: 20 },
  });
  const clients: string[] = [];
  for (const name of [
    'Maria Lopez',
    'James Carter',
    'Estate of R. Whitfield',
    'Dana Brooks',
    'Thomas Nguyen',
  ]) {
    clients.push((await (await request.post('/api/clients', { data: { displayName: name } })).json()).id);
  }
  const rows: [string, string, number, number, number, string, number, number][] = [
    // name, stage, winning bid, debt, fee %, state, sale days ago, client
    ['1418 Bayshore Blvd – Lopez', 'Research', 312000, 241500, 30, 'FL', 20, 0],
    ['88 Pine Hollow Rd – Carter', 'Research', 96000, 71000, 25, 'GA', 200, 1],
    ['2210 Magnolia Ct – Whitfield', 'Contact', 187500, 120000, 30, 'FL', 100, 2],
    ['47 Cypress Ln – Brooks', 'Contact', 143000, 139500, 35, 'FL', 30, 3],
    ['5 Harbor Point – Nguyen', 'Documents', 420000, 265000, 25, 'FL', 60, 4],
    ['903 Oak Ridge Dr – Carter', 'Documents', 78000, 52000, 20, 'GA', 350, 1],
    ['12 Palm Ave – Lopez', 'Signed', 255000, 180000, 30, 'FL', 110, 0],
    ['61 Elm St – Brooks', 'Paid', 118000, 76000, 25, 'FL', 150, 3],
  ];
  const ids: string[] = [];
  for (const [dealName, stage, bid, debt, fee, state, ago, client] of rows) {
    const surplus = bid - debt;
    const saleDate = isoDay(-ago);
    const window = state === 'FL' ? 120 : 365;
    ids.push(
      (
        await createDeal(request, {
          dealName,
          stage,
          dealValue: Math.round((surplus * fee) / 100),
          relatedClient: clients[client],
          assignedOwner: (await (await request.get('/api/user')).json()).id,
          customFields: {
            propertyAddress: dealName.split(' – ')[0],
            state,
            county: state === 'FL' ? 'Hillsborough' : 'Fulton',
            saleType: 'Tax deed',
            saleDate,
            winningBid: bid,
            totalDebt: debt,
            surplusAmount: surplus,
            locatorFeePercent: fee,
            expectedFee: Math.round((surplus * fee) / 100),
            claimDeadline: isoDay(-ago + window),
          },
        })
      ).id,
    );
  }
  return ids;
}

/**
 * Screenshots for review (not assertions): DEALS_SCREENSHOTS=/some/dir npx playwright test e2e/deals.spec.ts -g screenshots
 */
test.describe('deals on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('press and hold a card, carry it to the screen edge: the board scrolls to the last column', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.user.organizationName).toContain('Test Org');
    await asReturningUser(page);
    const deal = await createDeal(page.request, { dealName: 'Thumb claim', stage: 'Research' });
    await openBoard(page);
    const box = await card(page, 'Thumb claim').boundingBox();
    if (!box) throw new Error('card not on screen');
    // Playwright taps but does not drag by touch: the browser's own touch input does.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const y = box.y + box.height / 2;
    await touch('touchStart', box.x + box.width / 2, y);
    await page.waitForTimeout(400);
    for (let x = box.x + box.width / 2; x < 375; x += 15) await touch('touchMove', x, y + 20);
    // Held at the edge, the board scrolls until the last column is under the finger.
    await expect(async () => {
      await touch('touchMove', 375, y + 20);
      await expect(page.getByText('Thumb claim is over Paid.')).toBeAttached({ timeout: 100 });
    }).toPass();
    await touch('touchEnd', 375, y + 20);
    const reasonDialog = page.getByRole('dialog', { name: 'Why was this deal won?' });
    await reasonDialog.getByLabel('Claim paid').check();
    await reasonDialog.getByRole('button', { name: 'Move to Paid' }).click();
    await expect(
      column(page, 'Paid').locator('[data-deal-card]').filter({ hasText: 'Thumb claim' }),
    ).toBeVisible();
    await expect.poll(async () => (await getDeal(page.request, deal.id)).stage).toBe('Paid');
  });
});

test.describe('deals screenshots', () => {
  const dir = process.env.DEALS_SCREENSHOTS;
  test.skip(!dir, 'set DEALS_SCREENSHOTS to a folder to take them');
  test.setTimeout(180_000);

  test('screenshots', async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    await asReturningUser(page);
    const ids = await seedRealistic(page.request);
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}.png` });

    for (const theme of ['professional', 'minimal', 'colorful']) {
      await page.request.patch('/api/user/profile', { data: { kanbanTheme: theme } });
      for (const [label, size] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await openBoard(page);
        await expect(page.locator('[data-deal-card]').first()).toBeVisible();
        await shot(`board-${theme}-${label}`);
      }
    }
    await page.request.patch('/api/user/profile', { data: { kanbanTheme: 'professional' } });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page);
    const source = await card(page, 'Bayshore').boundingBox();
    const target = await column(page, 'Contact').boundingBox();
    if (!source || !target) throw new Error('no card');
    await page.mouse.move(source.x + 40, source.y + 20);
    await page.mouse.down();
    await page.mouse.move(source.x + 60, source.y + 30, { steps: 3 });
    await page.mouse.move(target.x + 120, target.y + 200, { steps: 10 });
    await shot('board-drag-in-progress');
    await page.keyboard.press('Escape');
    await page.mouse.up();

    await dragCard(page, card(page, 'Palm Ave'), column(page, 'Paid'));
    await expect(page.getByRole('dialog', { name: 'Why was this deal won?' })).toBeVisible();
    await shot('reason-dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'New deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByLabel('Deal name').fill('310 Gulf Blvd – Ramirez – 2025-TD-118');
    await dialog.getByLabel('Property address').fill('310 Gulf Blvd, Clearwater, FL 33767');
    await dialog.getByLabel('County').fill('Pinellas');
    await dialog.getByLabel('State').selectOption('FL');
    await dialog.getByLabel('Sale type').selectOption('Tax deed');
    await dialog.getByLabel('Sale date').fill(isoDay(-12));
    await dialog.getByLabel('Winning bid').fill('265000');
    await dialog.getByLabel('Total debt / judgment').fill('148250');
    await dialog.getByLabel('Senior liens').fill('12000');
    await dialog.getByLabel('Locator fee %').fill('35');
    await shot('deal-dialog-top');
    await dialog.getByTestId('computed-fee').scrollIntoViewIfNeeded();
    await shot('deal-dialog-surplus');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('deal-dialog-phone');
    await page.keyboard.press('Escape');
    await page
      .getByRole('alertdialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/deals/${ids[3]}`);
    await expect(page.getByTestId('surplus-panel')).toBeVisible();
    await expect(page.getByTestId('claim-countdown')).toContainText(/left|passed/);
    await shot('deal-detail');
    await page.screenshot({ path: `${dir}/deal-detail-full.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${dir}/deal-detail-phone.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page);
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('table', { name: 'Deals' })).toBeVisible();
    await page.getByRole('checkbox', { name: /Select 1418 Bayshore/ }).click();
    await shot('list-view');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('list-view-phone');
    await page.getByRole('button', { name: 'Board' }).click();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Help Center' })
      .getByRole('button', { name: 'Start Tour: Your first surplus funds deal' })
      .click();
    const tourCard = page.locator('[data-tour-ui="card"]');
    for (let step = 1; step < 6; step++) {
      await expect(tourCard).toContainText(`Step ${step} of 12`);
      await tourCard.locator('button', { hasText: 'Next' }).click();
    }
    await expect(tourCard).toContainText('Step 6 of 12');
    await page.waitForTimeout(400);
    await shot('tour-surplus-amounts');
  });
});
