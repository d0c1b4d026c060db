import type { Locator, Page } from '@playwright/test';
import { expect, signedInTest as test } from './fixtures';
import { collectScripts, type LoadedScript } from './script-sizes';

/**
 * Issue 21 §1: what a new organization's owner downloads on their first signed-in view, counted
 * the way the landing's budget is (gzip level 9 of every script response). Each test opens its
 * route in a fresh browser context (empty cache), as the owner just registered: sample data kept
 * (so the charts draw), the welcome dialog and the cookie banner due. Every script the browser
 * fetches until the page has settled counts: the screen's content and the welcome dialog visible,
 * then no request for a while, so anything loaded "when idle" before that is counted too.
 */

test.use({ keepSampleData: true });

const KB = 1024;
/*
 * Issue 21 asks for 170 KB on /dashboard and 150 KB on /leads. Measured here before this work: 438.7
 * and 393.4 KB; 169.8 and 193.8 KB on React; 112.6 and 136.1 KB on Preact (docs/decisions/048).
 * The budgets are the issue's.
 */
const budgets = { dashboard: 170, leads: 150 } as const;
/** How long the network must stay quiet before the page counts as settled. */
const quietMs = 1000;

/** Records every script response and tracks requests in flight, from before the first navigation. */
function watchFirstLoad(page: Page) {
  const scripts = collectScripts(page);
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Resolves once nothing is in flight and nothing has started or ended for `quietMs`. */
    async settled() {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastActivity >= quietMs, {
          intervals: [100],
          timeout: 30_000,
        })
        .toBe(true);
    },
    scripts,
  };
}

function report(route: string, loaded: LoadedScript[]) {
  const total = loaded.reduce((sum, script) => sum + script.gzipBytes, 0);
  const lines = loaded
    .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
    .map((script) => `${(script.gzipBytes / KB).toFixed(1).padStart(7)} KB  ${script.chunk}`);
  const text = `${route}: ${(total / KB).toFixed(1)} KB gzip in ${loaded.length} scripts\n${lines.join('\n')}`;
  // The numbers issue 21 reports, in the run's output.
  process.stdout.write(`${text}\n`);
  return { total, text };
}

async function measure(page: Page, route: string, content: (page: Page) => Locator) {
  const watch = watchFirstLoad(page);
  // A cold cache on a busy machine is the slowest start the suite sees: more patience than a step's.
  test.slow();
  await page.goto(route);
  await expect(content(page)).toBeVisible({ timeout: 45_000 });
  // A new owner's first view: the welcome dialog opens a second after sign-in.
  await expect(page.getByRole('dialog', { name: /Welcome to Locus/ })).toBeVisible();
  await watch.settled();
  return report(route, await watch.scripts());
}

test(`a new organization’s /dashboard loads at most ${budgets.dashboard} KB of JavaScript (gzip) on first load`, async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const { total, text } = await measure(page, '/dashboard', (p) =>
    // The open-pipeline chart (sample deals) drawn: the heaviest thing the first view needs.
    p.getByRole('img', { name: /Open pipeline by stage/, includeHidden: true }),
  );
  expect(total, text).toBeLessThanOrEqual(budgets.dashboard * KB);
});

test(`a new organization’s /leads loads at most ${budgets.leads} KB of JavaScript (gzip) on first load`, async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const { total, text } = await measure(page, '/leads', (p) =>
    // The sample leads listed (hidden too: the welcome dialog may already cover the page).
    p.getByRole('row', { includeHidden: true }).nth(1),
  );
  expect(total, text).toBeLessThanOrEqual(budgets.leads * KB);
});
