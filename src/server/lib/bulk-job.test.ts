import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, deals, leads } from '../db/schema/crm';
import {
  type Caller,
  callerOf,
  created,
  fieldErrors,
  memberWith,
  organization,
} from '../features/leads/test-kit';
import type { SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { planBulkJob } from './bulk-job';
import { inOrganization } from './tenant-scope';

/*
 * Bulk actions on a list's filter ("Select all N matching", docs/decisions/020), through the
 * API on a real database, with a batch size of 3 so that every run here spans several batches.
 */

const batchSize = 3;
let t: TestApp;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp({ bulkBatchSize: batchSize });
  call = callerOf(t);
});
afterAll(() => t.close());

/** `count` leads of the organization named `Name 1…count`, with the given fields (straight into the table). */
async function seedLeads(org: SignedIn, count: number, fields: Partial<typeof leads.$inferInsert>) {
  const rows = await t.db
    .insert(leads)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId: org.user.organizationId,
        fullName: `${fields.fullName ?? 'Lead'} ${i + 1}`,
        ...fields,
        ...(fields.fullName ? { fullName: `${fields.fullName} ${i + 1}` } : {}),
      })),
    )
    .returning({ id: leads.id });
  return rows.map((row) => row.id);
}

async function leadsOf(ids: string[]) {
  const rows = await t.db.select().from(leads).where(inArray(leads.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** POST as the app does with `Accept: application/x-ndjson`: the progress lines, parsed. */
async function bulkWithProgress(url: string, cookie: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'application/x-ndjson' },
    payload: body as Record<string, unknown>,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
  return res.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('POST /api/leads/bulk with a filter', () => {
  it('changes exactly the matching leads of the own organization, less the excluded ones, in batches', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const matching = await seedLeads(org, 8, { fullName: 'Cook', leadStatus: 'New', tags: ['a'] });
    const otherStatus = await seedLeads(org, 2, { fullName: 'Cook', leadStatus: 'Qualified' });
    const otherName = await seedLeads(org, 2, { fullName: 'Dane', leadStatus: 'New' });
    // Another organization's leads match the same filter: they are never touched.
    const foreign = await seedLeads(other, 4, { fullName: 'Cook', leadStatus: 'New', tags: ['a'] });
    const filter = { search: 'cook', leadStatus: 'New' };
    const excluded = matching.slice(0, 2);

    // The list GET with the same filter shows what the action will change.
    const listed = await call('GET', '/api/leads?search=cook&leadStatus=New', org.cookie);
    expect(listed.json().total).toBe(8);

    const lines = await bulkWithProgress('/api/leads/bulk', org.cookie, {
      filter,
      excludeIds: excluded,
      action: 'update',
      changes: { leadStatus: 'Contacted' },
    });
    // Six to change, three per batch: the count first, a line per batch, then the end.
    expect(lines).toEqual([
      { total: 6, processed: 0, affected: 0 },
      { total: 6, processed: 3, affected: 3 },
      { total: 6, processed: 6, affected: 6 },
      { total: 6, processed: 6, affected: 6, done: true },
    ]);
    const after = await leadsOf([...matching, ...otherStatus, ...otherName, ...foreign]);
    for (const id of matching.slice(2)) expect(after.get(id)?.leadStatus).toBe('Contacted');
    for (const id of excluded) expect(after.get(id)?.leadStatus).toBe('New');
    for (const id of otherStatus) expect(after.get(id)?.leadStatus).toBe('Qualified');
    for (const id of [...otherName, ...foreign]) expect(after.get(id)?.leadStatus).toBe('New');

    // Without asking for progress, one answer; tags on the filter, another organization untouched.
    const tagged = await call('POST', '/api/leads/bulk', org.cookie, {
      filter: { search: 'cook' },
      action: 'addTag',
      tag: 'mailed',
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toEqual({ affected: 10 });
    const untagged = await call('POST', '/api/leads/bulk', org.cookie, {
      filter: { tags: 'mailed', leadStatus: 'Qualified' },
      action: 'removeTag',
      tag: 'mailed',
    });
    expect(untagged.json()).toEqual({ affected: 2 });
    const tags = await leadsOf([...matching, ...otherStatus, ...otherName, ...foreign]);
    for (const id of matching) expect(tags.get(id)?.tags).toEqual(['a', 'mailed']);
    for (const id of otherStatus) expect(tags.get(id)?.tags).toEqual([]);
    for (const id of otherName) expect(tags.get(id)?.tags).toEqual([]);
    for (const id of foreign) expect(tags.get(id)?.tags).toEqual(['a']);

    const deleted = await call('POST', '/api/leads/bulk', org.cookie, {
      filter: { search: 'cook', leadStatus: 'Contacted' },
      excludeIds: [matching[7]],
      action: 'delete',
    });
    expect(deleted.json()).toEqual({ affected: 5 });
    const left = await leadsOf([...matching, ...otherStatus, ...otherName, ...foreign]);
    expect(matching.filter((id) => left.has(id))).toEqual([...excluded, matching[7]]);
    for (const id of [...otherStatus, ...otherName, ...foreign]) expect(left.has(id)).toBe(true);
  });

  it('applies to the whole organization’s leads with an empty filter, and to none of another’s', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const mine = await seedLeads(org, 7, {});
    const foreign = await seedLeads(other, 3, {});
    const res = await call('POST', '/api/leads/bulk', org.cookie, { filter: {}, action: 'delete' });
    expect(res.json()).toEqual({ affected: 7 });
    expect((await leadsOf(mine)).size).toBe(0);
    expect((await leadsOf(foreign)).size).toBe(3);
  });

  it('counts exactly what a dry run would change, and changes nothing', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const ids = await seedLeads(org, 5, { fullName: 'Cook', leadStatus: 'New' });
    await seedLeads(org, 2, { fullName: 'Dane', leadStatus: 'New' });
    await seedLeads(other, 3, { fullName: 'Cook', leadStatus: 'New' });
    const count = (body: Record<string, unknown>) =>
      call('POST', '/api/leads/bulk', org.cookie, { dryRun: true, ...body });
    // No change or tag is needed yet: the count comes before the user picks one.
    const res = await count({ filter: { search: 'cook' }, excludeIds: [ids[0]], action: 'update' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 4 });
    expect((await count({ filter: {}, action: 'delete' })).json()).toEqual({ total: 7 });
    expect((await count({ ids: [ids[1], ids[1], ids[2]], action: 'delete' })).json()).toEqual({ total: 2 });
    expect((await leadsOf(ids)).size).toBe(5);
    const reader = await memberWith(t, org, { leads: { read: true, update: true, delete: false } });
    const refused = await call('POST', '/api/leads/bulk', reader.cookie, {
      dryRun: true,
      filter: {},
      action: 'delete',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 400 for a bad filter, both ids and a filter, or excluded ids without one', async () => {
    const org = await organization(t);
    const [id] = await seedLeads(org, 1, {});
    const bulk = (body: Record<string, unknown>) => call('POST', '/api/leads/bulk', org.cookie, body);
    expect(fieldErrors(await bulk({ filter: { leadStatus: 'Won' }, action: 'delete' }))).toEqual([
      { path: 'filter.leadStatus', message: 'Invalid lead status' },
    ]);
    // A misspelt filter key must never widen a delete to every lead.
    expect(fieldErrors(await bulk({ filter: { leadStatuss: 'New' }, action: 'delete' }))).toEqual([
      { path: 'filter', message: 'Unrecognized key: "leadStatuss"' },
    ]);
    expect(fieldErrors(await bulk({ ids: [id], filter: {}, action: 'delete' }))).toEqual([
      { path: 'filter', message: 'Send either ids or a filter, not both' },
    ]);
    expect(fieldErrors(await bulk({ ids: [id], excludeIds: [id], action: 'delete' }))).toEqual([
      { path: 'excludeIds', message: 'Excluded ids go with a filter' },
    ]);
    expect(fieldErrors(await bulk({ action: 'delete' }))).toEqual([
      { path: 'ids', message: 'Select at least one record' },
    ]);
    expect(fieldErrors(await bulk({ filter: {}, excludeIds: ['x'], action: 'delete' }))).toEqual([
      { path: 'excludeIds.0', message: 'Invalid ID' },
    ]);
    expect((await leadsOf([id])).size).toBe(1);
  });

  it('needs leads:read besides update or delete to act on a filter (403, nothing changed)', async () => {
    const org = await organization(t);
    const ids = await seedLeads(org, 4, { leadStatus: 'New' });
    const blind = await memberWith(t, org, { leads: { read: false, update: true, delete: true } });
    for (const body of [
      { filter: {}, action: 'delete' },
      { filter: {}, action: 'update', changes: { leadStatus: 'Contacted' } },
    ]) {
      const res = await call('POST', '/api/leads/bulk', blind.cookie, body);
      expect(res.statusCode, res.body).toBe(403);
    }
    const reader = await memberWith(t, org, { leads: { read: true, update: true, delete: false } });
    expect(
      (await call('POST', '/api/leads/bulk', reader.cookie, { filter: {}, action: 'delete' })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/api/leads/bulk', reader.cookie, { filter: {}, action: 'addTag', tag: 'x' })
      ).json(),
    ).toEqual({ affected: 4 });
    const after = await leadsOf(ids);
    expect(after.size).toBe(4);
    for (const lead of after.values()) expect(lead).toMatchObject({ leadStatus: 'New', tags: ['x'] });
  });

  it('sends each batch’s progress line over HTTP while the action is still running', async () => {
    const org = await organization(t);
    await seedLeads(org, 150, {});
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/leads/bulk`, {
      method: 'POST',
      headers: {
        cookie: org.cookie,
        origin: address,
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
      },
      body: JSON.stringify({ filter: {}, action: 'addTag', tag: 'streamed' }),
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first.split('\n')[0])).toEqual({ total: 150, processed: 0, affected: 0 });
    // The first line left before the last of the 50 batches ran (PGlite shares this thread).
    const tagged = await t.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.organizationId, org.user.organizationId), arrayContains(leads.tags, ['streamed'])));
    expect(tagged.length).toBeLessThan(150);
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(JSON.parse(rest.trim().split('\n').at(-1) ?? '')).toEqual({
      total: 150,
      processed: 150,
      affected: 150,
      done: true,
    });
  });

  it('works on the rows matching at the start: one that stops matching or goes meanwhile is left, a new one not added', async () => {
    const org = await organization(t);
    const ids = (await seedLeads(org, 7, { leadStatus: 'New' })).toSorted();
    const job = await planBulkJob(
      t.db,
      org.user.organizationId,
      { table: leads, tagsKey: 'tags' },
      { where: inOrganization(leads, org.user.organizationId, eq(leads.leadStatus, 'New')) },
      { action: 'addTag', tag: 'run' },
      { batchSize },
    );
    expect(job.total).toBe(7);
    const run = job.run();
    expect((await run.next()).value).toEqual({ total: 7, processed: 3, affected: 3 });
    // Between batches (each its own transaction) someone qualifies one lead, deletes another and adds one.
    await t.db.update(leads).set({ leadStatus: 'Qualified' }).where(eq(leads.id, ids[4]));
    await t.db.delete(leads).where(eq(leads.id, ids[5]));
    const [added] = await seedLeads(org, 1, { leadStatus: 'New' });
    const rest = [];
    for await (const progress of run) rest.push(progress);
    expect(rest).toEqual([
      { total: 7, processed: 6, affected: 4 },
      { total: 7, processed: 7, affected: 5 },
    ]);
    expect((await leadsOf([added])).get(added)?.tags).toEqual([]);
    const after = await leadsOf(ids);
    expect(
      [...after.values()]
        .filter((lead) => lead.tags.includes('run'))
        .map((lead) => lead.id)
        .toSorted(),
    ).toEqual([ids[0], ids[1], ids[2], ids[3], ids[6]]);
  });
});

describe('bulk actions on a filter for clients, companies and deals', () => {
  it('changes only the matching clients of the own organization', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const make = (by: SignedIn, displayName: string, status = 'active') =>
      created(t, '/api/clients', by.cookie, { displayName, status });
    const matching = await Promise.all([1, 2, 3, 4].map((n) => make(org, `Cook ${n}`)));
    const inactive = await make(org, 'Cook 5', 'inactive');
    const foreign = await make(other, 'Cook 6');
    const res = await call('POST', '/api/clients/bulk', org.cookie, {
      filter: { search: 'cook', status: 'active' },
      excludeIds: [matching[0].id],
      action: 'update',
      changes: { status: 'prospect' },
    });
    expect(res.json()).toEqual({ affected: 3 });
    const rows = await t.db
      .select({ id: clients.id, status: clients.status })
      .from(clients)
      .where(
        inArray(
          clients.id,
          [...matching, inactive, foreign].map((c) => c.id),
        ),
      );
    const status = new Map(rows.map((row) => [row.id, row.status]));
    expect(matching.map((c) => status.get(c.id))).toEqual(['active', 'prospect', 'prospect', 'prospect']);
    expect(status.get(inactive.id)).toBe('inactive');
    expect(status.get(foreign.id)).toBe('active');
  });

  it('deletes only the matching companies of the own organization', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const make = (by: SignedIn, companyName: string, industry: string) =>
      created(t, '/api/companies', by.cookie, { companyName, industry });
    const matching = await Promise.all([1, 2, 3, 4, 5].map((n) => make(org, `Acme ${n}`, 'Retail')));
    const otherIndustry = await make(org, 'Acme 6', 'Banking');
    const foreign = await make(other, 'Acme 7', 'Retail');
    const res = await call('POST', '/api/companies/bulk', org.cookie, {
      filter: { industry: 'Retail' },
      action: 'delete',
    });
    expect(res.json()).toEqual({ affected: 5 });
    const left = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        inArray(
          companies.id,
          [...matching, otherIndustry, foreign].map((c) => c.id),
        ),
      );
    expect(left.map((row) => row.id).toSorted()).toEqual([otherIndustry.id, foreign.id].toSorted());
  });

  it('moves only the matching deals of the own organization, dating the close as a single edit does', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const make = (by: SignedIn, dealName: string, stage = 'Research') =>
      created(t, '/api/deals', by.cookie, { dealName, stage });
    const matching = await Promise.all([1, 2, 3, 4].map((n) => make(org, `Cook County ${n}`)));
    const elsewhere = await make(org, 'Dade County');
    const foreign = await make(other, 'Cook County 5');
    const res = await call('POST', '/api/deals/bulk', org.cookie, {
      filter: { search: 'cook', stage: 'Research' },
      action: 'update',
      changes: { stage: 'Paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ affected: 4 });
    const rows = await t.db
      .select({ id: deals.id, stage: deals.stage, closedAt: deals.closedAt })
      .from(deals)
      .where(
        inArray(
          deals.id,
          [...matching, elsewhere, foreign].map((d) => d.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const deal of matching) {
      expect(byId.get(deal.id)?.stage).toBe('Paid');
      expect(byId.get(deal.id)?.closedAt).toBeInstanceOf(Date);
    }
    expect(byId.get(elsewhere.id)).toMatchObject({ stage: 'Research', closedAt: null });
    expect(byId.get(foreign.id)).toMatchObject({ stage: 'Research', closedAt: null });
  });
});
