import { benchPassword, bigOrg } from './seed-plan';

/** One benchmarked list call of the big organization's owner. */
export interface Scenario {
  id: string;
  label: string;
  path: string;
}

export const firstPageId = 'leads-first';
export const deepPageId = 'leads-deep';

/** Signs the big organization's owner in; answers the session cookie for autocannon. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: bigOrg.ownerEmail, password: benchPassword }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('locus_sid='));
  if (!cookie) throw new Error('sign-in answered no session cookie');
  return cookie.split(';')[0];
}

async function getJson<T>(baseUrl: string, cookie: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The cursor of page `pages + 1`, reached the way a client scrolls: following nextCursor. */
async function cursorAfter(baseUrl: string, cookie: string, path: string, pages: number) {
  let cursor: string | null = null;
  for (let page = 0; page < pages; page++) {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    ({ nextCursor: cursor } = await getJson<{ nextCursor: string | null }>(baseUrl, cookie, url));
    if (!cursor) throw new Error(`${path} ends before page ${page + 2}`);
  }
  return cursor as string;
}

/** A teammate of the owner, to filter leads by owner. */
async function teammateId(baseUrl: string, cookie: string) {
  const { items } = await getJson<{ items: { id: string; email: string }[] }>(
    baseUrl,
    cookie,
    '/api/users?limit=200',
  );
  const teammate = items.find((user) => user.email.startsWith('agent3@'));
  if (!teammate) throw new Error('the seeded teammate agent3 is missing');
  return teammate.id;
}

/** The scenarios: first and deep page, a sort, filters, deals, a narrow and a broad search. */
export async function buildScenarios(
  baseUrl: string,
  cookie: string,
  deepPages: number,
): Promise<Scenario[]> {
  const page = '/api/leads?limit=50';
  const deepCursor = await cursorAfter(baseUrl, cookie, page, deepPages);
  const owner = await teammateId(baseUrl, cookie);
  return [
    { id: firstPageId, label: 'leads first page', path: page },
    {
      id: deepPageId,
      label: `leads page ${deepPages + 1} (${(deepPages * 50).toLocaleString('en-US')} rows deep)`,
      path: `${page}&cursor=${encodeURIComponent(deepCursor)}`,
    },
    { id: 'leads-sorted', label: 'leads sorted by name', path: `${page}&sort=fullName` },
    { id: 'leads-status', label: 'leads leadStatus=Qualified', path: `${page}&leadStatus=Qualified` },
    {
      id: 'leads-owner-status',
      label: 'leads owner + Contacted',
      path: `${page}&assignedOwner=${owner}&leadStatus=Contacted`,
    },
    { id: 'deals-first', label: 'deals first page', path: '/api/deals?limit=50' },
    // Searches last: 50 concurrent trigram scans keep the CPUs busy for a while after they end.
    { id: 'leads-search-name', label: 'leads search "maria gonz"', path: `${page}&search=maria%20gonz` },
    { id: 'leads-search-broad', label: 'leads search "johns"', path: `${page}&search=johns` },
    // The palette over the same tenant: a rare and a common term (issue 21 §4).
    { id: 'palette-search-name', label: 'palette search "maria gonz"', path: '/api/search?q=maria%20gonz' },
    { id: 'palette-search-broad', label: 'palette search "johns"', path: '/api/search?q=johns' },
  ];
}
