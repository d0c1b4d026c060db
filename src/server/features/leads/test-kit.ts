import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { PermissionSet } from '../../../common/permissions';
import { parseCsv } from '../../lib/parse-csv';
import type { TenantTable } from '../../lib/tenant-scope';
import type { SignedIn } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';

/** Test helpers shared by the CRM record API tests (leads, clients, companies, deals, activities). */

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) => ReturnType<typeof call>;

export function callerOf(t: TestApp): Caller {
  return (method, url, cookie, payload) => call(t.app, method, url, cookie, payload);
}

/** A new organization (owner signed in, role admin). */
export function organization(t: TestApp) {
  return newOrganization(t.app, t.db);
}

/** A signed-in plain user of `owner`'s organization with personal permission overrides. */
export function memberWith(t: TestApp, owner: SignedIn, permissions: PermissionSet) {
  return signedInMember(t.app, owner, { role: 'user', permissions });
}

/** Creates a record through the API; throws unless 201. */
export async function created<T = Record<string, unknown> & { id: string }>(
  t: TestApp,
  url: string,
  cookie: string,
  body: unknown,
): Promise<T> {
  const res = await call(t.app, 'POST', url, cookie, body);
  if (res.statusCode !== 201) throw new Error(`POST ${url} failed ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/**
 * Walks a list `limit` rows at a time: every page but the last is full and has a cursor, the
 * last has `nextCursor: null`, no row repeats and none is missing. Returns the ids in page order.
 */
export async function walkPages(t: TestApp, cookie: string, url: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total: number | undefined;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const pageUrl = `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call(t.app, 'GET', pageUrl, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { id: string }[]; nextCursor: string | null; total: number };
    total ??= page.total;
    expect(page.total).toBe(total);
    if (page.nextCursor) expect(page.items).toHaveLength(limit);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages++;
    if (pages > 50) throw new Error('paging does not end');
  } while (cursor);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toHaveLength(total ?? 0);
  return seen;
}

/** Exports are checked with the reader the CSV import uses. */
export { parseCsv };

/** The `[{path, message}]` of a 400 answer, for exact comparisons. */
export function fieldErrors(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; errors?: { path: string; message: string }[] };
  expect(body.message).toBe('Validation failed');
  return body.errors ?? [];
}

export const foreignUuid = '00000000-0000-4000-8000-000000000000';

export interface SharedFilterCase {
  /** e.g. '/api/leads' (its export is `${path}/export.csv`). */
  path: string;
  table: TenantTable & { createdAt: PgColumn };
  /** The record's name field, e.g. 'fullName'. */
  nameField: string;
  /** A create body with that name and those tags. */
  body: (name: string, tags: string[]) => Record<string, unknown>;
  /** The query names of the tag filter (`tags`, `tag`, and a field's own name such as `customTags`). */
  tagParams?: string[];
}

/**
 * The filters every CRM list shares (src/server/lib/list-filters.ts), on a new organization with
 * three records: "One" tagged a (created 2024-01-10), "Two" a and b (2024-01-20), "Three" none (2024-01-30).
 */
export async function expectSharedListFilters(t: TestApp, c: SharedFilterCase) {
  const org = await organization(t);
  const rows: [string, string[], string][] = [
    ['One', ['a'], '2024-01-10T12:00:00Z'],
    ['Two', ['a', 'b'], '2024-01-20T12:00:00Z'],
    ['Three', [], '2024-01-30T12:00:00Z'],
  ];
  for (const [name, tags, createdAt] of rows) {
    const record = await created(t, c.path, org.cookie, c.body(name, tags));
    await t.db
      .update(c.table)
      .set({ createdAt: new Date(createdAt) } as never)
      .where(eq(c.table.id, record.id));
  }
  const names = async (query: string) => {
    const res = await call(t.app, 'GET', `${c.path}?sort=createdAt&${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Record<string, string>[] }).items.map((item) => item[c.nameField]);
  };

  for (const param of c.tagParams ?? ['tags', 'tag']) {
    expect(await names(`${param}=a`), param).toEqual(['One', 'Two']);
    expect(await names(`${param}=a&${param}=b`), param).toEqual(['Two']);
    expect(await names(`${param}=b&${param}=`), param).toEqual(['Two']);
    expect(await names(`${param}=nope`), param).toEqual([]);
  }
  expect(await names('tag=a&tags=b')).toEqual(['Two']);
  expect(await names('tags=')).toEqual(['One', 'Two', 'Three']);

  for (const [from, to] of [
    ['createdFrom', 'createdTo'],
    ['createdAfter', 'createdBefore'],
  ]) {
    // A calendar day as the end includes that whole day.
    expect(await names(`${from}=2024-01-15&${to}=2024-01-20`)).toEqual(['Two']);
    expect(await names(`${from}=2024-01-20T12:00:00Z`)).toEqual(['Two', 'Three']);
    expect(await names(`${to}=2024-01-20T11:59:59Z`)).toEqual(['One']);
  }

  const csv = await call(
    t.app,
    'GET',
    `${c.path}/export.csv?sort=createdAt&tags=a&createdTo=2024-01-15`,
    org.cookie,
  );
  const [header, ...lines] = parseCsv(csv.body);
  expect(lines.map((line) => line[header.indexOf(c.nameField)])).toEqual(['One']);

  for (const [param, label] of [
    ['createdFrom', 'Created from'],
    ['createdTo', 'Created to'],
    ['createdAfter', 'Created after'],
    ['createdBefore', 'Created before'],
  ]) {
    expect(fieldErrors(await call(t.app, 'GET', `${c.path}?${param}=yesterday`, org.cookie))).toEqual([
      { path: param, message: `${label} must be a valid date` },
    ]);
  }
}
