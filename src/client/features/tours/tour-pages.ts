/**
 * Tours open '/', '/deals', '/documents' and '/clients' (spec §2). '/documents' has no screen of
 * its own in the route table, so a step for it opens document management instead.
 */
export const tourPageAliases: Readonly<Record<string, string>> = {
  '/documents': '/documents/management',
};

/**
 * The path to open for a step's `page`: the page itself when the app has a screen for it, else
 * its alias when that has one, else null (stay where the user is; the card is then centred).
 */
export function resolveTourPage(page: string, hasRoute: (path: string) => boolean): string | null {
  if (hasRoute(page)) return page;
  const alias = tourPageAliases[page];
  if (alias && hasRoute(alias)) return alias;
  return null;
}

const normalise = (path: string) => (path === '/dashboard' ? '/' : path.replace(/\/+$/, '') || '/');

/** Whether the browser must navigate: '/' and '/dashboard' are the same screen. */
export function needsNavigation(current: string, target: string): boolean {
  return normalise(current) !== normalise(target);
}
