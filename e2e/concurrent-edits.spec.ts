import type { APIRequestContext, Page } from '@playwright/test';
import { expect, skipOnboarding, signedInTest as test } from './fixtures';

/**
 * Two tabs of one user on the same deal (docs/decisions/017): an inline edit sends only its own
 * field, a stale edit never silently undoes a newer save, and the conflict dialog's two answers
 * both work. The report: "County reverted to its old value; Senior liens 15,000 went
 * back to 12,000, no warning".
 */

async function dealOf(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/deals/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { dealName: string; customFields: Record<string, unknown> };
}

async function editInline(page: Page, label: string, value: string) {
  const panel = page.getByTestId('surplus-panel');
  await panel.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  await panel.getByLabel(label, { exact: true }).fill(value);
  await page.keyboard.press('Enter');
}

test('two tabs on one deal: no edit silently undoes another, and the conflict dialog offers Reload or Apply', async ({
  page,
  signedIn,
}) => {
  const created = await page.request.post('/api/deals', {
    data: {
      dealName: '12 Harbor St – Diaz',
      stage: 'Research',
      customFields: {
        county: 'Pinellas',
        state: 'FL',
        winningBid: 150000,
        totalDebt: 90000,
        seniorLiens: 12000,
        locatorFeePercent: 30,
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await skipOnboarding(page);
  const pageB = await page.context().newPage();
  await skipOnboarding(pageB);
  for (const tab of [page, pageB]) {
    await tab.goto(`/deals/${id}`);
    await expect(tab.getByRole('heading', { name: '12 Harbor St – Diaz', level: 1 })).toBeVisible();
  }

  // Tab A changes the county.
  await editInline(page, 'County', 'Hillsborough');
  await expect.poll(async () => (await dealOf(page.request, id)).customFields.county).toBe('Hillsborough');

  // Tab B, still showing Pinellas, changes the senior liens: asked, not overwritten.
  await editInline(pageB, 'Senior liens', '15000');
  const conflict = pageB.getByRole('alertdialog', { name: 'Someone else changed this record' });
  await expect(conflict).toBeVisible();
  // Who made the newer version (here the same person, in the other tab).
  await expect(conflict).toContainText(`${signedIn.user.firstName} ${signedIn.user.lastName} changed it on`);
  const theirs = conflict.getByRole('table', { name: 'Changed since you opened it' });
  await expect(theirs.getByRole('row', { name: /County/ })).toContainText('Pinellas');
  await expect(theirs.getByRole('row', { name: /County/ })).toContainText('Hillsborough');
  await expect(conflict.getByRole('list', { name: 'Your changes' })).toContainText('Senior liens: 15000');
  expect((await dealOf(page.request, id)).customFields.seniorLiens).toBe(12000);
  await conflict.getByRole('button', { name: 'Apply my changes' }).click();
  await expect(conflict).toBeHidden();
  const panelB = pageB.getByTestId('surplus-panel');
  await expect(panelB.getByTestId('surplus-amount')).toHaveText('$45,000');
  await expect(panelB.getByRole('button', { name: /^County:/ })).toContainText('Hillsborough');
  expect((await dealOf(page.request, id)).customFields).toMatchObject({
    county: 'Hillsborough',
    seniorLiens: 15000,
    surplusAmount: 45000,
    expectedFee: 13500,
  });

  // Tab A's edit dialog, opened on its older copy: saving asks; Reload keeps what is stored.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit deal' });
  await expect(edit.getByLabel('Senior liens')).toHaveValue('12000');
  await edit.getByLabel('Deal name').fill('12 Harbor St – Diaz heirs');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const conflictA = page.getByRole('alertdialog', { name: 'Someone else changed this record' });
  await expect(conflictA.getByRole('row', { name: /Senior liens/ })).toContainText('15000');
  await expect(conflictA.getByRole('list', { name: 'Your changes' })).toContainText(
    'Deal name: 12 Harbor St – Diaz heirs',
  );
  await conflictA.getByRole('button', { name: 'Reload' }).click();
  await expect(conflictA).toBeHidden();
  await expect(edit).toBeHidden();
  const panelA = page.getByTestId('surplus-panel');
  await expect(panelA.getByTestId('surplus-amount')).toHaveText('$45,000');
  await expect(page.getByRole('heading', { name: '12 Harbor St – Diaz', level: 1 })).toBeVisible();
  expect((await dealOf(page.request, id)).dealName).toBe('12 Harbor St – Diaz');

  // Tab B changes the fee; tab A's dialog, stale again, applies its own change on top.
  await editInline(pageB, 'Locator fee %', '20');
  await expect.poll(async () => (await dealOf(page.request, id)).customFields.locatorFeePercent).toBe(20);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await edit.getByLabel('Deal name').fill('12 Harbor St – Diaz heirs');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflictA.getByRole('row', { name: /Locator fee %/ })).toContainText('20');
  await conflictA.getByRole('button', { name: 'Apply my changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: '12 Harbor St – Diaz heirs', level: 1 })).toBeVisible();
  await expect(panelA.getByTestId('surplus-fee')).toHaveText('$9,000');
  expect(await dealOf(page.request, id)).toMatchObject({
    dealName: '12 Harbor St – Diaz heirs',
    customFields: { county: 'Hillsborough', seniorLiens: 15000, locatorFeePercent: 20, expectedFee: 9000 },
  });
  await pageB.close();
});

test('a lead edited inline and a team edited in its dialog from stale tabs ask too, and keep the other change', async ({
  page,
  signedIn: _signedIn,
}) => {
  const lead = await page.request.post('/api/leads', { data: { fullName: 'Rosa Vega' } });
  expect(lead.status()).toBe(201);
  const { id: leadId } = (await lead.json()) as { id: string };
  const team = await page.request.post('/api/teams', { data: { name: 'Closers', status: 'active' } });
  expect(team.status()).toBe(201);
  const { id: teamId } = (await team.json()) as { id: string };

  await skipOnboarding(page);
  await page.goto(`/leads/${leadId}`);
  await expect(page.getByRole('heading', { name: 'Rosa Vega', level: 1 })).toBeVisible();
  // Someone else sets the location meanwhile.
  const elsewhere = await page.request.patch(`/api/leads/${leadId}`, { data: { location: 'Tampa, FL' } });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole('button', { name: /^Email/ }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('rosa@example.com');
  await page.getByRole('textbox', { name: 'Email' }).press('Enter');
  const conflict = page.getByRole('alertdialog', { name: 'Someone else changed this record' });
  await expect(conflict.getByRole('row', { name: /Location/ })).toContainText('Tampa, FL');
  await conflict.getByRole('button', { name: 'Apply my changes' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('button', { name: 'Location Tampa, FL' })).toBeVisible();
  const stored = (await (await page.request.get(`/api/leads/${leadId}`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ email: 'rosa@example.com', location: 'Tampa, FL' });

  await page.goto('/users');
  await page.getByRole('tab', { name: 'Teams' }).click();
  await page.getByRole('button', { name: 'Edit Closers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Closers' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Closers');
  const renamed = await page.request.patch(`/api/teams/${teamId}`, { data: { description: 'Phone team' } });
  expect(renamed.status()).toBe(200);
  await dialog.getByLabel('Name').fill('Top closers');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflict.getByRole('row', { name: /Description/ })).toContainText('Phone team');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog).toBeHidden();
  const teamNow = (await (await page.request.get(`/api/teams/${teamId}`)).json()) as Record<string, unknown>;
  expect(teamNow).toMatchObject({ name: 'Closers', description: 'Phone team' });
});
