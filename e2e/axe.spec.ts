import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signedInTest as test, skipOnboarding } from './fixtures';

/*
 * Accessibility (issue 13): no serious or critical axe-core violations on the main screens, at
 * desktop width, with the sample data loaded so lists, charts and detail pages have content.
 */

test.use({ keepSampleData: true, viewport: { width: 1440, height: 900 } });

type Violation = { id: string; impact: string; help: string; targets: string[] };

async function seriousViolations(page: Page): Promise<Violation[]> {
  // Spinners and skeletons are gone once nothing is busy; charts draw after their data.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

async function firstId(page: Page, path: string): Promise<string> {
  const res = await page.request.get(`${path}?limit=1`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string }[] };
  expect(items.length, `sample data has ${path}`).toBeGreaterThan(0);
  return items[0].id;
}

test('the main screens have no serious or critical axe-core violations', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(180_000);
  await skipOnboarding(page);
  const [lead, client, company, deal] = await Promise.all(
    ['/api/leads', '/api/clients', '/api/companies', '/api/deals'].map((path) => firstId(page, path)),
  );
  const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/dashboard', ready: (p) => expect(p.locator('.recharts-surface').first()).toBeVisible() },
    { path: '/leads', ready: (p) => expect(p.getByRole('row').nth(1)).toBeVisible() },
    { path: '/clients', ready: (p) => expect(p.getByRole('row').nth(1)).toBeVisible() },
    { path: '/companies', ready: (p) => expect(p.getByRole('row').nth(1)).toBeVisible() },
    { path: '/deals?view=list', ready: (p) => expect(p.getByRole('row').nth(1)).toBeVisible() },
    { path: '/deals?view=board', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: `/leads/${lead}`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: `/clients/${client}`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: `/companies?open=${company}`, ready: (p) => expect(p.getByRole('dialog')).toBeVisible() },
    { path: `/deals/${deal}`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    ...[
      'profile',
      'organization',
      'email',
      'pipelines',
      'deal-reasons',
      'deal-statuses',
      'revenue-types',
      'state-rules',
      'lead-sources',
      'person-statuses',
      'tags',
      'custom-fields',
    ].map((section) => ({
      path: `/settings/${section}`,
      ready: (p: Page) => expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible(),
    })),
    { path: '/users', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  ];
  const found: Record<string, Violation[]> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[screen.path] = violations;
  }
  expect(found).toEqual({});
});

test('the public landing page has no serious or critical axe-core violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
