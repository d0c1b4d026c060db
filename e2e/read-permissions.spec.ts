import type { Browser, Page } from '@playwright/test';
import { expect, signedInMember, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 13, item 2 in the browser: a user who may not read deals sees a dashboard without deal
 * tiles, charts or money (no empty or broken tiles), and the permission matrix unticks Create,
 * Update and Delete with Read.
 */

/** A member of the signed-in owner's organization with `permissions`, signed in on a page of their own. */
const member = (page: Page, browser: Browser, baseURL: string | undefined, permissions: unknown) =>
  signedInMember(page, browser, baseURL, { permissions });

test('without deals:read the dashboard shows lead and task figures only, and no deal money', async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  await page.request.post('/api/leads', { data: { fullName: 'Maria Gonzalez' } });
  const deal = await page.request.post('/api/deals', {
    data: { dealName: 'Oak Street claim', stage: 'Research', dealValue: 43210 },
  });
  expect(deal.status()).toBe(201);

  const nadia = await member(page, browser, baseURL, { deals: { read: false } });
  const problems = watchConsole(nadia.page);
  await nadia.page.goto('/dashboard');
  await expect(nadia.page.getByText(signedIn.user.organizationName as string)).toBeVisible();
  const figures = nadia.page.getByRole('list', { name: 'Key figures' });
  await expect(nadia.page.getByTestId('kpi-new-leads-value')).toHaveText('1');
  await expect(nadia.page.getByTestId('kpi-overdue-tasks')).toBeVisible();
  await expect(figures.getByRole('listitem')).toHaveCount(3);
  for (const hidden of ['open-pipeline', 'deals-won', 'expected-fees']) {
    await expect(nadia.page.getByTestId(`kpi-${hidden}`)).toHaveCount(0);
  }
  const analytics = nadia.page.getByRole('region', { name: 'Analytics' });
  await expect(analytics.getByText('New leads per week')).toBeVisible();
  await expect(analytics.getByText('Open pipeline by stage')).toHaveCount(0);
  await expect(analytics.getByText('Deals won per month')).toHaveCount(0);
  await expect(nadia.page.getByRole('tab', { name: 'Pipeline' })).toHaveCount(0);
  await expect(nadia.page.getByText('43,210')).toHaveCount(0);
  await expect(nadia.page.getByText('Oak Street claim')).toHaveCount(0);
  expect(problems).toEqual([]);
  await nadia.context.close();
});

test('in the permission matrix, unticking Read unticks Create, Update and Delete', async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  const target = await member(page, browser, baseURL, {});
  await target.context.close();
  await skipOnboarding(page);
  await page.goto('/users');
  await expect(page.getByText(signedIn.email)).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Nadia Nodeals' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const matrix = page.getByRole('table', { name: 'Permissions for Nadia Nodeals' });
  const box = (action: string) => matrix.getByRole('checkbox', { name: new RegExp(`^Deals: ${action} `) });
  // A manager holds every deal action by role.
  for (const action of ['Read', 'Create', 'Update', 'Delete']) await expect(box(action)).toBeChecked();
  await box('Read').click();
  for (const action of ['Read', 'Create', 'Update', 'Delete']) await expect(box(action)).not.toBeChecked();
  await box('Update').click();
  await expect(box('Read')).toBeChecked();
  await expect(box('Update')).toBeChecked();
  await expect(box('Create')).not.toBeChecked();
});
