import { expect } from '@playwright/test';
import { signedInMember, superAdminTest as test } from './fixtures';

/**
 * Support access (issue 20): the super admin finds a customer's user, opens their organization
 * read-only with a reason, sees the banner, is refused a write with the server's message, ends
 * the visit and is back in their own session, where the history lists it.
 */
test('a super admin opens an organization as its user, read-only, and comes back', async ({
  page,
  browser,
  baseURL,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const organizationName = `Harbor Claims ${unique}`;
  const email = `carla-${unique}@example.com`;
  // The customer registers in a browser of their own.
  const customer = await browser.newContext({ baseURL });
  const registered = await customer.request.post('/api/auth/register', {
    data: {
      organizationName,
      industrySector: 'Surplus Funds Locator',
      firstName: 'Carla',
      lastName: 'Customer',
      email,
      password: 'customer-password-1',
    },
  });
  expect(registered.status()).toBe(201);
  await customer.close();

  await page.goto('/super-admin/support-access');
  await expect(page.getByRole('heading', { name: 'Open an organization as a user' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a user' }).fill(email);
  const candidate = page.getByTestId('support-access-candidate');
  await expect(candidate).toHaveCount(1);
  await expect(candidate).toContainText(organizationName);
  await candidate.getByRole('button', { name: 'Open as this user: Carla Customer' }).click();

  const dialog = page.getByRole('dialog', { name: 'Open as Carla Customer' });
  await dialog.getByRole('button', { name: 'Start support access' }).click();
  await expect(dialog.getByText('Give a reason of at least 5 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Ticket 1042: deals missing from the pipeline');
  await dialog.getByRole('button', { name: 'Start support access' }).click();

  await page.waitForURL('**/dashboard');
  const banner = page.getByRole('region', { name: 'Support access visit' });
  await expect(banner).toContainText(`Viewing ${organizationName} as Carla Customer`);
  await expect(banner).toContainText(/read-only, ends in (30:00|29:[0-5]\d)/);
  // The super admin's own screens are closed during the visit.
  expect((await page.request.get('/api/super-admin/support-access')).status()).toBe(403);

  // A write is refused, and the form says why.
  await page.goto('/leads');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const leadDialog = page.getByRole('dialog', { name: 'New lead' });
  await leadDialog.getByLabel('Full name').fill('Should Not Save');
  await leadDialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByText('Support access is read-only').first()).toBeVisible();
  await leadDialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  if (await discard.isVisible()) await discard.getByRole('button', { name: 'Discard' }).click();

  await banner.getByRole('button', { name: 'End support access' }).click();
  await page.waitForURL('**/super-admin/support-access');
  await expect(page.getByRole('region', { name: 'Support access visit' })).toHaveCount(0);
  const me = await page.request.get('/api/user');
  expect(await me.json()).toMatchObject({ email: superAdmin.email, isSuperAdmin: true, supportAccess: null });

  const visit = page.getByTestId('support-access-visit').filter({ hasText: organizationName });
  await expect(visit).toContainText('Carla Customer');
  await expect(visit).toContainText('Ticket 1042: deals missing from the pipeline');
  await expect(visit).toContainText('Ended');
});

test('logging out during a visit ends the visit, then signs the super admin out', async ({
  page,
  browser,
  baseURL,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  // A member of the super admin's own organization who has chosen a password: enough to visit as.
  const member = await signedInMember(page, browser, baseURL, { firstName: 'Mo', lastName: 'Member' });
  await member.context.close();
  const me = (await (await page.request.get('/api/user')).json()) as { organizationId: string };
  const started = await page.request.post('/api/super-admin/support-access', {
    data: { organizationId: me.organizationId, userId: member.id, reason: 'Checking a report' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const visit = (await started.json()) as { id: string };

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Support access visit' })).toContainText('as Mo Member');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(async () => (await page.request.get('/api/user')).status()).toBe(401);

  // Signed in again, the super admin finds the visit ended (by them, not by its expiry).
  expect((await page.request.post('/api/auth/login', { data: superAdmin })).status()).toBe(200);
  const history = (await (await page.request.get('/api/super-admin/support-access')).json()) as {
    items: { id: string; status: string; endedAt: string | null; expiresAt: string }[];
  };
  const row = history.items.find((item) => item.id === visit.id);
  expect(row?.status).toBe('ended');
  expect(Date.parse(row?.endedAt ?? '')).toBeLessThan(Date.parse(row?.expiresAt ?? '') - 60_000);
});
