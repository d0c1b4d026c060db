import { expect, skipOnboarding, superAdminTest, watchConsole } from './fixtures';

/*
 * The super admin's Organizations section (issue 20): find an organization, read its users and
 * usage, change its plan and seats, suspend it (its member is signed out and told why at
 * sign-in), reactivate it, and delete it by typing its name.
 */

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

superAdminTest(
  'a super admin edits, suspends, reactivates and deletes an organization',
  async ({ page, browser, baseURL, superAdmin }) => {
    expect(superAdmin.email).toBeTruthy();
    const problems = watchConsole(page);
    // Another organization, registered in a browser of its own (its owner stays signed in there).
    const name = `Harbor Title ${unique()}`;
    const ownerEmail = `harbor-${unique()}@example.com`;
    const ownerPassword = 'harbor-owner-1';
    const context = await browser.newContext({ baseURL });
    const ownerPage = await context.newPage();
    await skipOnboarding(ownerPage);
    const registered = await ownerPage.request.post('/api/auth/register', {
      data: {
        organizationName: name,
        industrySector: 'Surplus Funds Locator',
        firstName: 'Hana',
        lastName: 'Harbor',
        email: ownerEmail,
        password: ownerPassword,
      },
    });
    expect(registered.status()).toBe(201);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/super-admin/organizations');
    await expect(page.getByRole('heading', { name: 'Organizations', level: 2 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(ownerEmail);
    await expect(page.getByText('1 organization', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Free');
    await expect(row).toContainText('Active');
    await page.screenshot({ path: '.tmp/super-admin-organizations-1440.png' });

    // The detail: usage and users, each with "Open as this user".
    await row.getByRole('button', { name }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByText('Active users')).toBeVisible();
    await expect(detail.getByText(ownerEmail)).toBeVisible();
    await expect(detail.getByRole('button', { name: /Open as this user/ })).toHaveCount(1);
    await page.screenshot({ path: '.tmp/super-admin-organization-detail-1440.png' });

    // Edit: seats below 1 are refused in the form; a new plan and seats are saved.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: `Edit ${name}` });
    await form.getByLabel('Max users').fill('0');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Max users must be at least 1')).toBeVisible();
    await page.screenshot({ path: '.tmp/super-admin-organization-edit-1440.png' });
    await form.getByLabel('Max users').fill('12');
    await form.getByLabel('Plan').selectOption('professional');
    await form.getByLabel('Billing e-mail').fill('billing@harbor.example');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Organization updated')).toBeVisible();
    await expect(detail.getByText('Professional')).toBeVisible();
    await expect(detail.getByText('billing@harbor.example')).toBeVisible();

    // Suspend: the owner's session ends and sign-in tells them why.
    await detail.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('Organization suspended')).toBeVisible();
    await expect(detail.getByText('Suspended', { exact: true })).toBeVisible();
    expect((await ownerPage.request.get('/api/user')).status()).toBe(401);
    await ownerPage.goto('/auth');
    const signIn = ownerPage.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(ownerEmail);
    await signIn.getByLabel('Password').fill(ownerPassword);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(signIn.getByRole('alert')).toHaveText('This organization is suspended');

    // Reactivate: sign-in works again.
    await detail.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText('Organization reactivated')).toBeVisible();
    await expect(detail.getByText('Active', { exact: true })).toBeVisible();
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(ownerPage).toHaveURL(/\/dashboard$/);

    // Delete: only the exact name enables the button.
    await detail.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    const deleteButton = confirm.getByRole('button', { name: 'Delete organization' });
    await expect(deleteButton).toBeDisabled();
    await confirm.getByRole('textbox').fill('Harbor Title');
    await expect(deleteButton).toBeDisabled();
    await confirm.getByRole('textbox').fill(name);
    await deleteButton.click();
    await expect(page.getByText('Organization deleted')).toBeVisible();
    await expect(detail).toBeHidden();
    await expect(page.getByText('No organizations found')).toBeVisible();
    expect((await ownerPage.request.get('/api/user')).status()).toBe(401);

    // Phones: the list keeps name, status and plan in one column.
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill('');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: '.tmp/super-admin-organizations-390.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The super admin's own organization: its detail fits the phone, its actions within reach.
    // (Other specs on this worker's server add organizations that sort before it.)
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(superAdmin.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('row').nth(1).getByRole('button').first().click();
    const own = page.getByRole('dialog');
    await expect(own.getByText(superAdmin.email)).toBeVisible();
    await expect(own.getByRole('button', { name: 'Edit' })).toBeInViewport();
    await page.screenshot({ path: '.tmp/super-admin-organization-detail-390.png' });

    await context.close();
    expect(problems).toEqual([]);
  },
);
