import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, leads } from '../../db/schema/crm';
import { importExternalIds, importJobs, integrations } from '../../db/schema/integrations';
import { outbox } from '../../db/schema/platform';
import { claimOutboxJobs } from '../../jobs/outbox-worker';
import { drainOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, memberWith, organization } from '../leads/test-kit';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { runImportDeadLettered } from './run-import-handler';
import { runImportJob } from './run-import-job';
import { parseCsv } from '../../lib/parse-csv';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

async function upload(cookie: string, body: Buffer | string, query = 'entityType=leads&name=list.csv') {
  return t.app.inject({
    method: 'POST',
    url: `/api/import-jobs/upload?${query}`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: body,
  });
}

async function startImport(cookie: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/import-jobs', cookie, {
    name: 'Test import',
    entityType: 'leads',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

async function job(cookie: string, id: string) {
  const res = await call('GET', `/api/import-jobs/${id}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const orgLeads = (orgId: string) => t.db.select().from(leads).where(eq(leads.organizationId, orgId));

describe('messy CSV of leads', () => {
  let jobId: string;

  it('previews the upload: BOM dropped, quoted line break kept, columns and a suggested mapping', async () => {
    const res = await upload(owner.cookie, fixture('messy-leads.csv'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.columns[0]).toBe('Full Name');
    expect(body.encoding).toBe('utf-8');
    expect(body.delimiter).toBe(',');
    expect(body.totalRecords).toBe(11);
    expect(body.previewRows[1][7]).toBe('Line one\nline two');
    expect(body.suggestedMapping).toMatchObject({
      'Full Name': 'fullName',
      'E-mail': 'email',
      Phone: 'phone',
      Status: 'leadStatus',
      Interest: 'interestLevel',
      'Last Contact': 'lastContactDate',
      Tags: 'tags',
      Notes: 'notes',
      Owner: 'ownerEmail',
    });
    const created = await startImport(owner.cookie, {
      sourceType: 'csv',
      uploadId: body.uploadId,
      fieldMappings: body.suggestedMapping,
      options: { duplicates: 'skip', matchBy: 'email' },
    });
    expect(created.status).toBe('pending');
    jobId = created.id;
    await drainOutbox(t);
    const done = await job(owner.cookie, jobId);
    expect(done).toMatchObject({
      status: 'completed',
      totalRecords: 11,
      processedRecords: 11,
      successfulRecords: 4,
      failedRecords: 6,
      createdRecords: 4,
      skippedRecords: 1,
      progress: 100,
      hasErrorFile: true,
    });
    expect(done.errorLogs.map((e: { row: number }) => e.row)).toEqual([3, 4, 6, 7, 8, 11]);
  });

  it('stores the rows as a POST would: dates in three formats, enum spelling, tags, quoted line break', async () => {
    const rows = await orgLeads(owner.user.organizationId);
    const byName = new Map(rows.map((row) => [row.fullName, row]));
    expect([...byName.keys()].toSorted()).toEqual(['Ann Lee', 'Bob Stone', 'Dan Fox', 'Hal Ives']);
    expect(byName.get('Ann Lee')).toMatchObject({ interestLevel: 'Hot', tags: ['vip', 'county'] });
    expect(byName.get('Ann Lee')?.lastContactDate?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(byName.get('Bob Stone')?.lastContactDate?.toISOString()).toBe('2024-03-07T00:00:00.000Z');
    expect(byName.get('Dan Fox')?.lastContactDate?.toISOString()).toBe('2024-03-07T00:00:00.000Z');
    expect(byName.get('Bob Stone')?.notes).toBe('Line one\nline two');
    expect(byName.get('Hal Ives')?.tags).toEqual(['a', 'b']);
  });

  it('answers the failed rows as CSV with the reason, formulas neutralized', async () => {
    const res = await call('GET', `/api/import-jobs/${jobId}/errors.csv`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    if (process.env.WRITE_IMPORT_FIXTURES)
      writeFileSync(path.join(__dirname, 'fixtures', 'messy-leads.errors.csv'), res.body);
    expect(res.body).toBe(fixture('messy-leads.errors.csv').toString('utf8'));
    const table = parseCsv(res.body);
    expect(table[0]).toEqual([
      'Row',
      'Full Name',
      'E-mail',
      'Phone',
      'Status',
      'Interest',
      'Last Contact',
      'Tags',
      'Notes',
      'Owner',
      'Reason',
    ]);
    expect(table.length).toBe(7);
    expect(table[6].slice(1, 3)).toEqual(["'=1+2", "'-bad@"]);
    expect(table[6][8]).toBe("'@SUM(A1)");
  });

  it('undo removes exactly the created records, once; a foreign organization gets 404', async () => {
    await call('POST', '/api/leads', owner.cookie, { fullName: 'Kept Lead' });
    expect((await call('POST', `/api/import-jobs/${jobId}/undo`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/import-jobs/${jobId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/import-jobs/${jobId}/errors.csv`, other.cookie)).statusCode).toBe(404);
    const res = await call('POST', `/api/import-jobs/${jobId}/undo`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('undone');
    const rows = await orgLeads(owner.user.organizationId);
    expect(rows.map((row) => row.fullName)).toEqual(['Kept Lead']);
    expect((await call('POST', `/api/import-jobs/${jobId}/undo`, owner.cookie)).statusCode).toBe(409);
  });
});

describe('encodings, delimiters and record types', () => {
  it('reads a Windows-1252 file with semicolons', async () => {
    const res = await upload(owner.cookie, fixture('semicolon-1252.csv'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      columns: ['Name', 'Email', 'City'],
    });
    expect(body.previewRows[0]).toEqual(['José Núñez', 'jose@example.com', 'Señora']);
    const { id } = await startImport(owner.cookie, {
      sourceType: 'csv',
      uploadId: body.uploadId,
      fieldMappings: { Name: 'fullName', Email: 'email', City: 'location' },
    });
    await drainOutbox(t);
    expect(await job(owner.cookie, id)).toMatchObject({ status: 'completed', successfulRecords: 2 });
    const [zoe] = await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.organizationId, owner.user.organizationId), eq(leads.email, 'zoe@example.com')));
    expect(zoe).toMatchObject({ fullName: 'Zoë Brontë', location: 'Köln' });
  });

  it('imports deals with the stage by name and money as "$1,250.50"; unknown stages and bad amounts are row errors', async () => {
    const res = await upload(owner.cookie, fixture('deals.csv'), 'entityType=deals');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().suggestedMapping).toMatchObject({
      Deal: 'dealName',
      Stage: 'stageName',
      Value: 'dealValue',
    });
    const { id } = await startImport(owner.cookie, {
      entityType: 'deals',
      sourceType: 'csv',
      uploadId: res.json().uploadId,
      fieldMappings: {
        ...res.json().suggestedMapping,
        'Close date': 'expectedCloseDate',
        'Case number': 'customFields.caseNumber',
      },
    });
    await drainOutbox(t);
    const done = await job(owner.cookie, id);
    expect(done).toMatchObject({ status: 'completed', successfulRecords: 1, failedRecords: 2 });
    expect(done.errorLogs).toEqual([
      { row: 2, message: 'Unknown stage: No such stage' },
      { row: 3, message: 'Deal value must be a number' },
    ]);
    const [deal] = await t.db.select().from(deals).where(eq(deals.organizationId, owner.user.organizationId));
    expect(deal).toMatchObject({
      dealName: 'Smith surplus',
      stage: 'Research',
      dealValue: '1250.50',
      expectedCloseDate: '2025-12-31',
    });
    expect(deal.customFields).toMatchObject({ caseNumber: 'C-1' });
  });

  it('lists the fields a column can map to: standard, custom and surplus-case fields', async () => {
    const res = await call('GET', '/api/import-jobs/fields?entityType=deals', owner.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { key: string; group: string; required: boolean }[];
    expect(items.find((item) => item.key === 'dealName')).toMatchObject({
      group: 'standard',
      required: true,
    });
    expect(items.find((item) => item.key === 'stageName')).toMatchObject({ required: true });
    expect(items.find((item) => item.key === 'customFields.caseNumber')).toMatchObject({ group: 'surplus' });
    expect(items.some((item) => item.key === 'customFields.expectedFee')).toBe(false);
  });
});

describe('the API path, duplicates and undo of updates', () => {
  it('takes JSON rows, owner by e-mail; update mode updates the match and undo restores it', async () => {
    const org = await organization(t);
    const first = await startImport(org.cookie, {
      sourceType: 'api',
      rows: [
        { Name: 'Ivy Chen', Email: 'ivy@example.com', Owner: org.user.email, Tags: 'a|b' },
        { Name: 'Jon Bell', Email: 'jon@example.com', Phone: 5550100199 },
      ],
      fieldMappings: { Name: 'fullName', Email: 'email', Owner: 'ownerEmail', Tags: 'tags', Phone: 'phone' },
    });
    await drainOutbox(t);
    expect(await job(org.cookie, first.id)).toMatchObject({ status: 'completed', createdRecords: 2 });
    const [ivy] = await t.db.select().from(leads).where(eq(leads.email, 'ivy@example.com'));
    expect(ivy).toMatchObject({ assignedOwner: org.user.id, tags: ['a', 'b'] });

    const second = await startImport(org.cookie, {
      sourceType: 'api',
      rows: [
        { Name: 'Ivy Chen-Park', Email: 'IVY@example.com', Status: 'Qualified' },
        { Name: 'Kim Wu', Email: 'kim@example.com' },
      ],
      fieldMappings: { Name: 'fullName', Email: 'email', Status: 'leadStatus' },
      options: { duplicates: 'update', matchBy: 'email' },
    });
    await drainOutbox(t);
    expect(await job(org.cookie, second.id)).toMatchObject({
      createdRecords: 1,
      updatedRecords: 1,
      successfulRecords: 2,
    });
    const [changed] = await t.db.select().from(leads).where(eq(leads.id, ivy.id));
    expect(changed).toMatchObject({
      fullName: 'Ivy Chen-Park',
      leadStatus: 'Qualified',
      assignedOwner: org.user.id,
    });

    expect((await call('POST', `/api/import-jobs/${second.id}/undo`, org.cookie)).statusCode).toBe(200);
    const [restored] = await t.db.select().from(leads).where(eq(leads.id, ivy.id));
    expect(restored).toMatchObject({ fullName: 'Ivy Chen', leadStatus: 'New', email: 'ivy@example.com' });
    const names = (await orgLeads(org.user.organizationId)).map((row) => row.fullName).toSorted();
    expect(names).toEqual(['Ivy Chen', 'Jon Bell']);
  });

  it('works with an API key (Bearer, write level): start and follow progress; a foreign import is 404', async () => {
    const org = await organization(t);
    const made = await call('POST', '/api/api-keys', org.cookie, { name: 'Zapier', permissions: ['write'] });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().key}` };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/import-jobs',
      headers: bearer,
      payload: {
        name: 'From Zapier',
        entityType: 'leads',
        sourceType: 'api',
        rows: [{ Name: 'Quinn Ash', Email: 'quinn@example.com' }],
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    await drainOutbox(t);
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/import-jobs/${started.json().id}`,
      headers: bearer,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ status: 'completed', createdRecords: 1 });
    // Another organization's import is not there for this key.
    const foreign = await startImport(other.cookie, {
      sourceType: 'api',
      rows: [{ Name: 'Rae Pike' }],
      fieldMappings: { Name: 'fullName' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/import-jobs/${foreign.id}`, headers: bearer }))
        .statusCode,
    ).toBe(404);
  });

  it('upserts by an external id column: a re-run updates instead of duplicating', async () => {
    const org = await organization(t);
    const run = async (rows: Record<string, string>[]) => {
      const created = await startImport(org.cookie, {
        sourceType: 'api',
        rows,
        fieldMappings: { Name: 'fullName', Note: 'notes' },
        options: { duplicates: 'update', matchBy: 'externalId', externalIdColumn: 'Case' },
      });
      await drainOutbox(t);
      return job(org.cookie, created.id);
    };
    expect(
      await run([
        { Case: 'A-1', Name: 'Lou Park', Note: 'one' },
        { Case: 'A-2', Name: 'Max Holt', Note: 'one' },
      ]),
    ).toMatchObject({ createdRecords: 2 });
    expect(
      await run([
        { Case: 'A-1', Name: 'Lou Park', Note: 'two' },
        { Case: 'A-3', Name: 'Ned Ray', Note: 'two' },
      ]),
    ).toMatchObject({ createdRecords: 1, updatedRecords: 1 });
    const rows = await orgLeads(org.user.organizationId);
    expect(rows.map((row) => `${row.fullName}:${row.notes}`).toSorted()).toEqual([
      'Lou Park:two',
      'Max Holt:one',
      'Ned Ray:two',
    ]);
    const ids = await t.db
      .select()
      .from(importExternalIds)
      .where(eq(importExternalIds.organizationId, org.user.organizationId));
    expect(ids.map((row) => row.externalId).toSorted()).toEqual(['A-1', 'A-2', 'A-3']);
  });

  it('tells subscribed webhooks when an import completes (import.completed through the outbox)', async () => {
    const org = await organization(t);
    await t.db.insert(integrations).values({
      organizationId: org.user.organizationId,
      name: 'Receiver',
      type: 'webhook',
      config: { url: 'https://example.com/hook', method: 'POST', events: ['import.completed'] },
    });
    const created = await startImport(org.cookie, {
      sourceType: 'api',
      rows: [{ Name: 'Ola Lind' }],
      fieldMappings: { Name: 'fullName' },
    });
    await runImportJob({ db: t.db, files: t.app.outboxContext.files }, org.user.organizationId, created.id);
    const queued = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.organizationId, org.user.organizationId), eq(outbox.kind, 'webhook.deliver')));
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued[0].payload)).toContain(created.id);
  });
});

describe('cancel and resume', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({
    Name: `Row ${i + 1} Person`,
    Email: `row${i + 1}@example.com`,
  }));
  const mapping = { Name: 'fullName', Email: 'email' };

  it('resumes after a crash mid-way without duplicating a row', async () => {
    const org = await organization(t);
    const created = await startImport(org.cookie, { sourceType: 'api', rows, fieldMappings: mapping });
    // A worker claims the job, commits two batches of 2 and dies.
    const claimed = await claimOutboxJobs(t.db, { leaseMs: 1000, batchSize: 1000 });
    expect(claimed.some((row) => row.payload.importJobId === created.id)).toBe(true);
    const ctx = { db: t.db, files: t.app.outboxContext.files, batchSize: 2, stopAfterBatches: 2 };
    expect(await runImportJob(ctx, org.user.organizationId, created.id)).toBe('stopped');
    expect(await job(org.cookie, created.id)).toMatchObject({
      status: 'running',
      processedRecords: 4,
      progress: 57,
    });
    // After the lease another worker re-claims it and finishes from row 5.
    await drainOutbox(t, { now: new Date(Date.now() + 60_000) });
    expect(await job(org.cookie, created.id)).toMatchObject({
      status: 'completed',
      processedRecords: 7,
      createdRecords: 7,
    });
    const names = (await orgLeads(org.user.organizationId)).map((row) => row.fullName);
    expect(names).toHaveLength(7);
    expect(new Set(names).size).toBe(7);
  });

  it('cancel stops at the next batch; what was committed stays and undo removes it', async () => {
    const org = await organization(t);
    const created = await startImport(org.cookie, { sourceType: 'api', rows, fieldMappings: mapping });
    const ctx = { db: t.db, files: t.app.outboxContext.files, batchSize: 3, stopAfterBatches: 1 };
    expect(await runImportJob(ctx, org.user.organizationId, created.id)).toBe('stopped');
    const cancel = await call('POST', `/api/import-jobs/${created.id}/cancel`, org.cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'running', cancelRequested: true });
    expect(
      await runImportJob({ ...ctx, stopAfterBatches: undefined }, org.user.organizationId, created.id),
    ).toBe('cancelled');
    expect(await job(org.cookie, created.id)).toMatchObject({ status: 'cancelled', processedRecords: 3 });
    expect(await orgLeads(org.user.organizationId)).toHaveLength(3);
    expect((await call('POST', `/api/import-jobs/${created.id}/cancel`, org.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/api/import-jobs/${created.id}/undo`, org.cookie)).statusCode).toBe(200);
    expect(await orgLeads(org.user.organizationId)).toHaveLength(0);
  });

  it('fails with the reason when its file is gone, or when the outbox gives up on it', async () => {
    const org = await organization(t);
    const gone = await startImport(org.cookie, { sourceType: 'api', rows, fieldMappings: mapping });
    const [stored] = await t.db.select().from(importJobs).where(eq(importJobs.id, gone.id));
    await t.app.outboxContext.files.delete(org.user.organizationId, stored.filePath as string);
    expect(
      await runImportJob({ db: t.db, files: t.app.outboxContext.files }, org.user.organizationId, gone.id),
    ).toBe('failed');
    expect(await job(org.cookie, gone.id)).toMatchObject({
      status: 'failed',
      errorMessage: 'The uploaded file is gone',
    });

    const stuck = await startImport(org.cookie, { sourceType: 'api', rows, fieldMappings: mapping });
    const outboxJob = {
      id: 'x',
      kind: 'import.run',
      organizationId: org.user.organizationId,
      payload: { importJobId: stuck.id },
      attempts: 8,
    };
    await runImportDeadLettered(outboxJob, 'connection reset', t.app.outboxContext);
    expect(await job(org.cookie, stuck.id)).toMatchObject({
      status: 'failed',
      errorMessage: 'connection reset',
    });
  });

  it('cancels a pending import at once', async () => {
    const org = await organization(t);
    const created = await startImport(org.cookie, { sourceType: 'api', rows, fieldMappings: mapping });
    expect((await call('POST', `/api/import-jobs/${created.id}/cancel`, org.cookie)).json()).toMatchObject({
      status: 'cancelled',
    });
    await drainOutbox(t);
    expect(await orgLeads(org.user.organizationId)).toHaveLength(0);
  });
});

describe('stored files', () => {
  it("the file sweep keeps an import's file and its failed-rows parts, and removes an upload never imported", async () => {
    const org = await organization(t);
    const used = (await upload(org.cookie, fixture('messy-leads.csv'))).json();
    const unused = (await upload(org.cookie, fixture('messy-leads.csv'))).json();
    const { id } = await startImport(org.cookie, {
      sourceType: 'csv',
      uploadId: used.uploadId,
      fieldMappings: used.suggestedMapping,
    });
    await drainOutbox(t);
    const removed = await sweepOrganizationFiles(
      t.db,
      t.app.outboxContext.files,
      org.user.organizationId,
      new Date(Date.now() + 60_000),
    );
    expect(removed).toBe(1);
    expect(await t.app.outboxContext.files.open(org.user.organizationId, unused.uploadId)).toBeNull();
    const kept = await t.app.outboxContext.files.open(org.user.organizationId, used.uploadId);
    expect(kept).not.toBeNull();
    kept?.destroy();
    const errors = await call('GET', `/api/import-jobs/${id}/errors.csv`, org.cookie);
    expect(errors.body).toBe(fixture('messy-leads.errors.csv').toString('utf8'));
  });
});

describe('access and bad input', () => {
  it("needs the record type's create permission (update for duplicates=update, delete for undo)", async () => {
    const none = { create: false, update: false, delete: false };
    const reader = await memberWith(t, owner, {
      leads: { read: true, ...none },
      clients: none,
      companies: none,
      deals: none,
      settings: { view: false, update: false },
    });
    const body = { name: 'Import', entityType: 'leads', sourceType: 'api', rows: [{ Name: 'Pia Dahl' }] };
    expect((await call('POST', '/api/import-jobs', reader.cookie, body)).statusCode).toBe(403);
    expect((await upload(reader.cookie, 'Name\nPia\n')).statusCode).toBe(403);
    const creator = await memberWith(t, owner, {
      leads: { read: true, create: true, update: false, delete: false },
      deals: none,
    });
    expect(
      (await call('POST', '/api/import-jobs', creator.cookie, { ...body, options: { duplicates: 'update' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/import-jobs', creator.cookie, { ...body, entityType: 'deals' })).statusCode,
    ).toBe(403);
    const created = await call('POST', '/api/import-jobs', creator.cookie, body);
    expect(created.statusCode).toBe(201);
    await drainOutbox(t);
    expect(
      (await call('POST', `/api/import-jobs/${created.json().id}/undo`, creator.cookie)).statusCode,
    ).toBe(403);
    // The history: the creator sees lead imports; a member without import or settings rights gets 403.
    expect((await call('GET', '/api/import-jobs', creator.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/import-jobs', reader.cookie)).statusCode).toBe(403);
  });

  it("refuses a file over 50 MB (413, before reading it), an empty file, 2,001 columns and another organization's upload", async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/import-jobs/upload',
      headers: { cookie: owner.cookie, 'content-type': 'text/csv' },
      payload: Buffer.alloc(50 * 1024 * 1024 + 1, 0x61),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 50 MB');
    expect((await upload(owner.cookie, '')).statusCode).toBe(400);
    const wide = await upload(owner.cookie, `${Array.from({ length: 2001 }, (_, i) => `c${i}`).join(',')}\n`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('The file has more than 2000 columns');
    const thousand = await upload(
      owner.cookie,
      `${Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',')}\n${'x,'.repeat(999)}x\n`,
    );
    expect(thousand.statusCode).toBe(201);
    expect(thousand.json().columns).toHaveLength(1000);
    const foreign = await call('POST', '/api/import-jobs', other.cookie, {
      name: 'Theirs',
      entityType: 'leads',
      sourceType: 'csv',
      uploadId: thousand.json().uploadId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'uploadId', message: 'Upload not found' }]);
  });

  it('checks the body: name, source, mapping targets, row count, external id column', async () => {
    const base = { name: 'Import', entityType: 'leads', sourceType: 'api', rows: [{ Name: 'Pia Dahl' }] };
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/import-jobs', owner.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errorsOf({ ...base, name: 'x' })).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
    ]);
    expect(await errorsOf({ ...base, rows: undefined })).toEqual([
      { path: 'rows', message: 'Rows are required for an API import' },
    ]);
    expect(await errorsOf({ ...base, sourceType: 'csv', rows: undefined })).toEqual([
      { path: 'uploadId', message: 'Upload is required for a CSV import' },
    ]);
    expect(
      await errorsOf({ ...base, rows: Array.from({ length: 10_001 }, () => ({ Name: 'A B' })) }),
    ).toEqual([{ path: 'rows', message: 'An API import takes at most 10,000 rows' }]);
    expect(await errorsOf({ ...base, fieldMappings: { Name: 'salary' } })).toEqual([
      { path: 'fieldMappings.Name', message: 'Unknown field' },
    ]);
    expect(await errorsOf({ ...base, options: { matchBy: 'externalId' } })).toEqual([
      {
        path: 'options.externalIdColumn',
        message: 'External id column is required when matching by external id',
      },
    ]);
    expect((await call('GET', `/api/import-jobs/not-a-uuid`, owner.cookie)).statusCode).toBe(404);
  });
});
