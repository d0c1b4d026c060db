import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema/crm';
import { integrations } from '../../db/schema/integrations';
import { outbox } from '../../db/schema/platform';
import { drainOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, organization } from '../leads/test-kit';
import { enqueueDuePolls, pollIntegration } from './poll-integration';

/* Scheduled imports against a real local HTTP feed (WEBHOOK_ALLOW_PRIVATE_TARGETS on for the app). */

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let feed: Server;
let feedUrl: string;
let csvFeed = '';
let jsonFeed: unknown = [];

beforeAll(async () => {
  feed = createServer((request, response) => {
    if (request.url === '/list.csv') response.writeHead(200, { 'content-type': 'text/csv' }).end(csvFeed);
    else if (request.url === '/list.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jsonFeed));
    else response.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  t = await createTestApp({ webhookAllowPrivateTargets: true });
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => feed.close(resolve));
});

async function pollingIntegration(
  cookie: string,
  config: Record<string, unknown>,
  fieldMappings?: Record<string, string>,
) {
  const res = await call('POST', '/api/integrations', cookie, {
    name: 'County excess proceeds',
    type: 'polling',
    config: { format: 'csv', intervalMinutes: 60, entityType: 'leads', externalIdColumn: 'Case', ...config },
    ...(fieldMappings ? { fieldMappings } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const runsOf = async (cookie: string, integrationId: string) =>
  (await call('GET', `/api/import-jobs?integrationId=${integrationId}`, cookie)).json().items as Record<
    string,
    unknown
  >[];

describe('scheduled imports', () => {
  it('Run now fetches the CSV into an import, and a re-run updates by the external id instead of duplicating', async () => {
    csvFeed = 'Case,Owner Name,Email\nC-1,Ann Lee,ann@example.com\nC-2,Bob Stone,bob@example.com\n';
    const id = await pollingIntegration(
      owner.cookie,
      { url: `${feedUrl}/list.csv` },
      { 'Owner Name': 'fullName', Email: 'email' },
    );
    const run = await call('POST', `/api/integrations/${id}/run`, owner.cookie);
    expect(run.statusCode, run.body).toBe(202);
    await drainOutbox(t);
    let runs = await runsOf(owner.cookie, id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'completed',
      integrationId: id,
      createdRecords: 2,
      sourceType: 'csv',
    });

    csvFeed =
      'Case,Owner Name,Email\nC-1,Ann Lee-Park,ann@example.com\nC-2,Bob Stone,bob@example.com\nC-3,Cara Diaz,\n';
    await call('POST', `/api/integrations/${id}/run`, owner.cookie);
    await drainOutbox(t);
    runs = await runsOf(owner.cookie, id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ status: 'completed', createdRecords: 1, updatedRecords: 2 });
    const names = (await t.db.select().from(leads).where(eq(leads.organizationId, owner.user.organizationId)))
      .map((row) => row.fullName)
      .toSorted();
    expect(names).toEqual(['Ann Lee-Park', 'Bob Stone', 'Cara Diaz']);
  });

  it('reads a JSON feed; a failed fetch is logged as a failed run with the reason', async () => {
    jsonFeed = { data: [{ Case: 'J-1', Name: 'Dan Fox' }] };
    const id = await pollingIntegration(
      other.cookie,
      { url: `${feedUrl}/list.json`, format: 'json' },
      { Name: 'fullName' },
    );
    await pollIntegration(t.app.outboxContext, other.user.organizationId, id);
    await drainOutbox(t);
    expect((await runsOf(other.cookie, id))[0]).toMatchObject({
      status: 'completed',
      createdRecords: 1,
      sourceType: 'api',
    });

    const broken = await pollingIntegration(other.cookie, { url: `${feedUrl}/gone.csv` });
    await pollIntegration(t.app.outboxContext, other.user.organizationId, broken);
    expect((await runsOf(other.cookie, broken))[0]).toMatchObject({
      status: 'failed',
      errorMessage: 'The feed answered HTTP 404',
    });
    // The same rule as webhooks: a loopback feed is refused unless private targets are allowed.
    await pollIntegration(
      { ...t.app.outboxContext, webhookAllowPrivateTargets: false },
      other.user.organizationId,
      id,
    );
    const refused = (await runsOf(other.cookie, id))[0];
    expect(refused.status).toBe('failed');
    expect(String(refused.errorMessage)).not.toBe('');
  });

  it('the scheduler queues each due integration once (advisory lock, lastSync moves)', async () => {
    const org = await organization(t);
    const id = await pollingIntegration(
      org.cookie,
      { url: `${feedUrl}/list.csv` },
      { 'Owner Name': 'fullName' },
    );
    const pollsOf = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.organizationId, org.user.organizationId), eq(outbox.kind, 'integration.poll')));
    expect(await enqueueDuePolls(t.db)).toBeGreaterThanOrEqual(1);
    expect(await pollsOf()).toHaveLength(1);
    await enqueueDuePolls(t.db);
    expect(await pollsOf()).toHaveLength(1);
    // An interval later it is due again.
    await t.db
      .update(integrations)
      .set({ lastSync: new Date(Date.now() - 61 * 60_000) })
      .where(eq(integrations.id, id));
    await enqueueDuePolls(t.db);
    expect(await pollsOf()).toHaveLength(2);
  });

  it("Run now: another organization's integration is 404, a webhook integration 409", async () => {
    const id = await pollingIntegration(owner.cookie, { url: `${feedUrl}/list.csv` });
    expect((await call('POST', `/api/integrations/${id}/run`, other.cookie)).statusCode).toBe(404);
    const hook = await call('POST', '/api/integrations', owner.cookie, {
      name: 'Receiver',
      type: 'webhook',
      config: { url: 'https://example.com/hook', events: ['import.completed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await call('POST', `/api/integrations/${hook.json().id}/run`, owner.cookie)).statusCode).toBe(
      409,
    );
  });
});
