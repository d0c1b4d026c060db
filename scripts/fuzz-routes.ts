/*
 * Posts random, oversized and wrong-typed JSON bodies to every write route of a test app (PGlite,
 * through app.inject) and counts the answers by status; every 5xx is printed with its body and
 * the error the server logged. Bad input must never be a 5xx (issue 13, item 6).
 *
 *   npx tsx scripts/fuzz-routes.ts [bodies per route, default 60] [seed]
 *   TEST_DB_DRIVER=pg TEST_DATABASE_URL=postgres://… npx tsx scripts/fuzz-routes.ts   (PostgreSQL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../src/server/app';
import { createDiskFileStore } from '../src/server/lib/disk-file-store';
import { loggerOptions } from '../src/server/logger';
import { registerOrganizationOwner } from '../src/server/test/sessions';
import { openTestDatabase } from '../src/server/test/test-database';

const perRoute = Number(process.argv[2] ?? 60);
let seed = Number(process.argv[3] ?? 13);
/** mulberry32: the same seed gives the same bodies, so a 5xx found can be replayed. */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

const database = await openTestDatabase();
const filesDir = mkdtempSync(path.join(tmpdir(), 'locus-fuzz-'));
const app = await buildApp({
  database,
  files: createDiskFileStore(filesDir),
  config: { clientDir: '/nonexistent-client-dir', superAdminEmails: [], production: false },
  logger: { ...(loggerOptions('error') as object), stream: logStream },
  rateLimits: { registrationsPerIp: 1_000_000, registrationsPerEmail: 1_000_000 },
});
await app.ready();

let owner = await registerOrganizationOwner(app, {}, { withSampleData: true });

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  return res.statusCode === 200 ? res.json() : null;
}

// ---- What real records look like: ids to aim at and keys to fill ----

const writeRoutes = app.routeTable.filter(
  (r) => ['POST', 'PATCH', 'PUT'].includes(r.method) && !r.url.includes('logout'),
);
const listOf = (answer: unknown): Record<string, unknown>[] =>
  Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { items?: unknown }).items)
      ? (answer as { items: Record<string, unknown>[] }).items
      : [];

const idsByBase = new Map<string, string[]>();
const rowsByBase = new Map<string, Record<string, unknown>[]>();
const keysByBase = new Map<string, Set<string>>();
const allKeys = new Set<string>([
  'ids',
  'action',
  'tag',
  'changes',
  'columns',
  'dataUrl',
  'stageId',
  'order',
]);
for (const base of new Set(
  writeRoutes.map((r) => r.url.replace(/\/:.*$/, '').replace(/\/(bulk|reorder)$/, '')),
)) {
  const rows = listOf(await get(`${base}?limit=20`));
  idsByBase.set(
    base,
    rows.map((row) => String(row.id)).filter((id) => id !== 'undefined'),
  );
  rowsByBase.set(base, rows);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  keysByBase.set(base, keys);
  for (const key of keys) allKeys.add(key);
}
// The owner's own user is not a target (deactivating them would end the run).
idsByBase.set(
  '/api/users',
  (idsByBase.get('/api/users') ?? []).filter((id) => id !== owner.user.id),
);
const someId = () => pick([...idsByBase.values()].flat());

// ---- Values: wrong types, extremes, oversized text ----

const long = (n: number) => 'x'.repeat(n);
/** Text PostgreSQL cannot compress, so an index entry really is as long as the text. */
const noise = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(33 + Math.floor(random() * 94))).join('');
const strings = [
  '',
  ' ',
  'ab',
  long(51),
  long(256),
  long(2_700),
  long(10_001),
  long(100_000),
  noise(300),
  noise(2_000),
  noise(2_800),
  noise(9_000),
  noise(100_000),
  'é'.repeat(3000),
  '😀'.repeat(2000),
  '\ud800',
  '\udfff abc',
  '<script>alert(1)</script>',
  "'; drop table leads; --",
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '2025-02-30',
  '1e309',
  '-1',
  '99999999999999999999999',
  '$1,000,000,000,000',
  'NaN',
  'Infinity',
  'true',
  '#fff',
  '#zzzzzz',
  'javascript:alert(1)',
  'https://example.com/' + long(3000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '%00',
  '../../etc/passwd',
  'a@b',
  `${long(300)}@example.com`,
  'won',
  'delete',
  'addTag',
  'update',
  'leads',
  'Research',
];
const numbers = [
  0,
  -1,
  1,
  1.5,
  -0.01,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  1e-320,
  99_999_999.995,
  100_000_000,
  1e12,
];
function value(depth = 0): unknown {
  const r = random();
  if (r < 0.4) return pick(strings);
  if (r < 0.55) return pick(numbers);
  if (r < 0.6) return pick([true, false]);
  if (r < 0.67) return null;
  if (r < 0.72) return someId();
  if (depth > 2) return pick(strings);
  if (r < 0.82)
    return Array.from({ length: pick([0, 1, 3, 150]) }, () => (random() < 0.5 ? someId() : value(depth + 1)));
  return object([...allKeys], depth + 1);
}
function object(keys: string[], depth = 0): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * Math.min(8, keys.length || 1));
  for (let i = 0; i < count; i++) fields[pick(keys.length ? keys : ['x'])] = value(depth);
  return fields;
}

/** A body for a route: mostly its record's keys with odd values, sometimes not an object at all. */
function body(base: string, url: string): unknown {
  const r = random();
  if (r < 0.05) return pick([[], 'text', 42, null, true, [{}]]);
  const keys = [...(keysByBase.get(base) ?? [])];
  const extra = [...allKeys];
  const rows = rowsByBase.get(base) ?? [];
  let b: Record<string, unknown>;
  if (rows.length && random() < 0.6) {
    // A real record with one or two fields spoiled: gets past the first check to the deeper ones.
    b = { ...pick(rows) };
    for (const key of ['id', 'organizationId', 'createdAt', 'updatedAt']) delete b[key];
    for (let i = 1 + Math.floor(random() * 2); i > 0; i--) b[pick(keys)] = value();
  } else {
    b = object(keys.length && random() < 0.8 ? keys : extra);
  }
  if (url.endsWith('/bulk')) {
    b.ids = random() < 0.7 ? (idsByBase.get(base) ?? []).slice(0, 3) : value();
    b.action = random() < 0.8 ? pick(['update', 'delete', 'addTag', 'removeTag']) : value();
    if (random() < 0.7) b.tag = pick(strings);
    if (random() < 0.5) b.changes = object(keys);
  }
  if (url.endsWith('/reorder') && random() < 0.7) {
    b.ids = random() < 0.5 ? idsByBase.get(base) : Array.from({ length: 3 }, () => value());
  }
  if (random() < 0.2 && b.ids === undefined) b[pick(['name', 'tags', 'customFields', 'notes'])] = value();
  return b;
}

function concrete(url: string, base: string) {
  return url
    .replace(':listKey', pick(['leads', 'deals', 'clients', 'companies', long(300)]))
    .replace(':id', () =>
      random() < 0.85 ? (pick(idsByBase.get(base) ?? [someId()]) ?? someId()) : pick(strings.slice(0, 12)),
    );
}

// ---- The run ----

const byStatus = new Map<number, number>();
const failures: string[] = [];
let sent = 0;
for (const route of writeRoutes) {
  const base = route.url.replace(/\/:.*$/, '').replace(/\/(bulk|reorder)$/, '');
  for (let i = 0; i < perRoute; i++) {
    const url = concrete(route.url, base);
    const payload = body(base, route.url);
    logged.length = 0;
    const res = await app.inject({
      method: route.method as 'POST',
      url,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    sent++;
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) {
      const log = logged.join('').slice(0, 1500);
      failures.push(
        `${route.method} ${url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}\n  body: ${JSON.stringify(payload).slice(0, 400)}\n  log: ${log}`,
      );
    }
    // A body that signed the owner out (a new password, a deactivation) ends their session.
    if (res.statusCode === 401 && (await get('/api/user')) === null) {
      owner = await registerOrganizationOwner(app, {}, { withSampleData: true });
    }
  }
}

// Query strings of the read routes: searches, cursors, sorts and filters, odd and oversized.
const queryKeys = [
  'search',
  'q',
  'cursor',
  'limit',
  'sort',
  'tags',
  'tag',
  'stage',
  'leadStatus',
  'status',
].concat(['createdFrom', 'createdTo', 'pipelineId', 'entityType', 'dealId', 'leadId', 'perColumn', 'active']);
const readRoutes = app.routeTable.filter((r) => r.method === 'GET' && !r.url.includes('logout'));
let queries = 0;
for (const route of readRoutes) {
  const base = route.url.replace(/\/:.*$/, '');
  for (let i = 0; i < Math.ceil(perRoute / 3); i++) {
    const params = new URLSearchParams();
    for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
      const v = value();
      params.append(pick(queryKeys), typeof v === 'string' ? v.slice(0, 20_000) : (JSON.stringify(v) ?? ''));
    }
    const url = `${concrete(route.url, base).replace(':stageName', 'Research').replace(':name', 'x')}?${params}`;
    logged.length = 0;
    const res = await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    queries++;
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) {
      failures.push(`GET ${url.slice(0, 200)} → ${res.statusCode}\n  log: ${logged.join('').slice(0, 1500)}`);
    }
  }
}

console.log(`query strings sent: ${queries}`);
console.log(
  `bodies sent: ${sent}; all requests by status: ${JSON.stringify(Object.fromEntries([...byStatus].toSorted()))}`,
);
console.log(`5xx: ${failures.length}`);
for (const failure of failures) console.log(`\n${failure}`);
await app.close();
await database.close();
rmSync(filesDir, { recursive: true, force: true });
