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

type Screen = { path: string; ready: (page: Page) => Promise<void> };

const headingOne = (p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible();
const firstRow = (p: Page) => expect(p.getByRole('row').nth(1)).toBeVisible();
const settingsScreen = (section: string): Screen => ({
  path: `/settings/${section}`,
  ready: (p) => expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible(),
});

type SampleIds = { lead: string; client: string; company: string; deal: string };

/*
 * One test per group of screens: each axe run takes seconds on a loaded machine, so a single test
 * over all 23 screens outgrew any sane timeout; groups also spread over the workers.
 */
const screenGroups: Record<string, (ids: SampleIds) => Screen[]> = {
  'the dashboard and the first lists': () => [
    {
      path: '/dashboard',
      ready: (p) => expect(p.getByRole('img', { name: /^Open pipeline by stage/ })).toBeVisible(),
    },
    { path: '/leads', ready: firstRow },
    { path: '/clients', ready: firstRow },
  ],
  'the other lists and the board': () => [
    { path: '/companies', ready: firstRow },
    { path: '/deals?view=list', ready: firstRow },
    { path: '/deals?view=board', ready: headingOne },
  ],
  'the record pages': ({ lead, client, company, deal }) => [
    { path: `/leads/${lead}`, ready: headingOne },
    { path: `/clients/${client}`, ready: headingOne },
    { path: `/companies?open=${company}`, ready: (p) => expect(p.getByRole('dialog')).toBeVisible() },
    { path: `/deals/${deal}`, ready: headingOne },
    { path: '/users', ready: headingOne },
  ],
  'the first settings': () =>
    ['profile', 'organization', 'email', 'pipelines', 'deal-reasons', 'deal-statuses'].map(settingsScreen),
  'the other settings': () =>
    ['revenue-types', 'state-rules', 'lead-sources', 'person-statuses', 'tags', 'custom-fields'].map(
      settingsScreen,
    ),
};

for (const [group, screensOf] of Object.entries(screenGroups)) {
  test(`${group} have no serious or critical axe-core violations`, async ({ page, signedIn: _signedIn }) => {
    test.setTimeout(240_000);
    await skipOnboarding(page);
    const [lead, client, company, deal] = await Promise.all(
      ['/api/leads', '/api/clients', '/api/companies', '/api/deals'].map((path) => firstId(page, path)),
    );
    const found: Record<string, Violation[]> = {};
    for (const screen of screensOf({ lead, client, company, deal })) {
      await page.goto(screen.path);
      await screen.ready(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[screen.path] = violations;
    }
    expect(found).toEqual({});
  });
}

test('the public landing page has no serious or critical axe-core violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
