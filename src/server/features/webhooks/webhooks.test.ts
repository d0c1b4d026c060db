import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentInstances, signatureFields } from '../../db/schema/documents';
import { outbox, systemAuditLogs } from '../../db/schema/platform';
import { integrations, webhookLogs } from '../../db/schema/integrations';
import { claimOutboxJobs } from '../../jobs/outbox-worker';
import { drainOutbox } from '../../test/outbox';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openForSigning, seedSentRequest, signer, valuesFor } from '../signing-session/test-kit';
import { deliverWebhookJob } from './deliver-webhook-job';
import { emitWebhookEvent } from './emit-webhook-event';
import { startWebhookReceiver, type WebhookReceiver } from './test-receiver';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await createTestApp({
    webhookAllowPrivateTargets: true,
    // The default 10 s time-out: a loaded machine may take a second to answer locally. The silent
    // receiver's test shortens it for its own drain.
    webhookDisableAfterMs: 0,
  });
  owner = await registerOrganizationOwner(t.app);
  other = await registerOrganizationOwner(t.app, { organizationName: 'Other Org' });
});

afterEach(async () => {
  // Each test's leftover deliveries (a silent receiver's retries) must not leak into the next.
  await t.db.delete(outbox);
  await t.db.delete(integrations);
});

afterAll(async () => {
  for (const started of receivers) await started.close();
  await t.close();
});

async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

function api(who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: who.cookie }, payload: payload as object });
}

async function createWebhook(url: string, events = ['lead.created'], who = owner) {
  const res = await api(who, 'POST', '/api/integrations', {
    name: 'My receiver',
    type: 'webhook',
    config: { url, method: 'POST', events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

async function logsOf(integrationId: string, who = owner) {
  const res = await api(who, 'GET', `/api/webhook-logs?integrationId=${integrationId}&limit=200`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Record<string, unknown>[] }).items;
}

async function emit(orgId: string, data: Record<string, unknown> = { id: crypto.randomUUID() }) {
  await t.db.transaction((tx) => emitWebhookEvent(tx, orgId, 'lead.created', data));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains with a tiny backoff until nothing is due, waiting out retry delays. */
async function drainWithRetries(rounds = 10) {
  for (let i = 0; i < rounds; i += 1) {
    await drainOutbox(t, { retryBaseMs: 1, now: new Date(Date.now() + 60_000) });
  }
}

describe('integrations CRUD', () => {
  it('creates a webhook with a Standard Webhooks secret shown once, never answered again', async () => {
    const created = await createWebhook('https://hooks.example.com/locus', ['lead.created', 'deal.updated']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const read = await api(owner, 'GET', `/api/integrations/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(created.secret.slice(6, 20));
    expect(read.body).not.toContain('v1:');
    expect(read.json()).toMatchObject({
      type: 'webhook',
      status: 'active',
      hasSecret: true,
      config: {
        url: 'https://hooks.example.com/locus',
        method: 'POST',
        events: ['lead.created', 'deal.updated'],
      },
      health: { recentDeliveries: 0, recentFailures: 0, lastDeliveryAt: null },
    });
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, created.id));
    expect(JSON.stringify(row.config)).not.toContain(created.secret.slice(6));
    const list = await api(owner, 'GET', '/api/integrations?type=webhook');
    expect(list.body).not.toContain(created.secret.slice(6, 20));
    expect((list.json() as { items: { id: string }[] }).items.map((i) => i.id)).toContain(created.id);

    const rotated = await api(owner, 'POST', `/api/integrations/${created.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
  });

  it('validates each type’s config with the spec’s messages', async () => {
    const bad = await api(owner, 'POST', '/api/integrations', {
      name: 'Hook',
      type: 'webhook',
      config: { url: 'not a url', method: 'GET', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'config.url', message: 'Must be a valid URL' },
        { path: 'config.method', message: 'Invalid method' },
        { path: 'config.events', message: 'Choose at least one event' },
      ]),
    );
    const unknownEvent = await api(owner, 'POST', '/api/integrations', {
      name: 'Hook',
      type: 'webhook',
      config: { url: 'https://x.example.com', events: ['lead.exploded'] },
    });
    expect(unknownEvent.json().errors).toEqual([{ path: 'config.events.0', message: 'Invalid event' }]);
    const noConfig = await api(owner, 'POST', '/api/integrations', { name: 'Hook', type: 'webhook' });
    expect(noConfig.json().errors).toEqual([{ path: 'config', message: 'Config is required' }]);
    const polling = await api(owner, 'POST', '/api/integrations', {
      name: 'County list',
      type: 'polling',
      config: { url: 'ftp://county.example.com/list.csv', entityType: 'leads', externalIdColumn: 'Case' },
    });
    expect(polling.statusCode).toBe(400);
    expect(polling.json().errors).toEqual([{ path: 'config.url', message: 'Must be a valid URL' }]);
    const goodPolling = await api(owner, 'POST', '/api/integrations', {
      name: 'County list',
      type: 'polling',
      config: { url: 'https://county.example.com/list.csv', entityType: 'leads', externalIdColumn: 'Case' },
    });
    expect(goodPolling.statusCode).toBe(201);
    expect(goodPolling.json().secret).toBeUndefined();

    const hook = await createWebhook('https://hooks.example.com/a');
    const patchBad = await api(owner, 'PATCH', `/api/integrations/${hook.id}`, {
      config: { url: 'nope', events: [] },
    });
    expect(patchBad.statusCode).toBe(400);
    expect(patchBad.json().errors).toEqual(
      expect.arrayContaining([{ path: 'config.url', message: 'Must be a valid URL' }]),
    );
    const patched = await api(owner, 'PATCH', `/api/integrations/${hook.id}`, {
      name: 'Renamed',
      config: { url: 'https://hooks.example.com/b', method: 'PUT', events: ['deal.deleted'] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Renamed',
      hasSecret: true,
      config: { url: 'https://hooks.example.com/b', method: 'PUT', events: ['deal.deleted'] },
    });
  });

  it('answers 404 for another organization’s integrations and logs and changes nothing', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    await emit(owner.user.organizationId);
    await drainOutbox(t);
    const [log] = await logsOf(hook.id);
    const queuedBefore = (await t.db.select().from(outbox)).length;
    for (const [method, url, payload] of [
      ['GET', `/api/integrations/${hook.id}`],
      ['PATCH', `/api/integrations/${hook.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/integrations/${hook.id}`],
      ['POST', `/api/integrations/${hook.id}/test`],
      ['POST', `/api/integrations/${hook.id}/rotate-secret`],
      ['GET', `/api/webhook-logs?integrationId=${hook.id}`],
      ['GET', `/api/webhook-logs/${log.id as string}`],
      ['POST', `/api/webhook-logs/${log.id as string}/redeliver`],
    ] as const) {
      const res = await api(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const otherList = await api(other, 'GET', '/api/webhook-logs');
    expect(otherList.json().items).toEqual([]);
    const still = await api(owner, 'GET', `/api/integrations/${hook.id}`);
    expect(still.json().name).toBe('My receiver');
    expect(await t.db.select().from(outbox)).toHaveLength(queuedBefore);
  });

  it('deletes an integration with its logs', async () => {
    const hook = await createWebhook('https://hooks.example.com/gone');
    const res = await api(owner, 'DELETE', `/api/integrations/${hook.id}`);
    expect(res.statusCode).toBe(204);
    expect((await api(owner, 'GET', `/api/integrations/${hook.id}`)).statusCode).toBe(404);
    expect((await api(owner, 'DELETE', `/api/integrations/${hook.id}`)).statusCode).toBe(404);
  });

  it('writes creating, changing, re-keying and deleting a webhook to the audit log, never its secret', async () => {
    const hook = await createWebhook('https://hooks.example.com/audited');
    const moved = await api(owner, 'PATCH', `/api/integrations/${hook.id}`, {
      config: { url: 'https://elsewhere.example.com/in', method: 'POST', events: ['lead.created'] },
    });
    expect(moved.statusCode).toBe(200);
    const rotated = await api(owner, 'POST', `/api/integrations/${hook.id}/rotate-secret`);
    expect((await api(owner, 'DELETE', `/api/integrations/${hook.id}`)).statusCode).toBe(204);
    const entries = await t.db
      .select()
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.resourceId, hook.id))
      .orderBy(systemAuditLogs.timestamp);
    expect(entries.map((e) => [e.action, e.riskLevel])).toEqual([
      ['integration.created', 'medium'],
      ['integration.updated', 'medium'],
      ['integration.secret_rotated', 'low'],
      ['integration.deleted', 'low'],
    ]);
    expect(entries[1].details).toMatchObject({ url: 'https://elsewhere.example.com/in', fields: ['config'] });
    const stored = JSON.stringify(entries);
    for (const secret of [hook.secret, rotated.json().secret])
      expect(stored).not.toContain(secret.slice(6, 20));
  });
});

describe('webhook delivery', () => {
  it('signs each delivery per Standard Webhooks and records the attempt', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    const leadId = crypto.randomUUID();
    await emit(owner.user.organizationId, { id: leadId, firstName: 'Ada' });
    const drained = await drainOutbox(t);
    expect(drained.done).toBe(1);
    expect(target.received).toHaveLength(1);
    const [got] = target.received;
    expect(got.method).toBe('POST');
    const verified = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      data: { id: string };
    };
    expect(verified.type).toBe('lead.created');
    expect(verified.data.id).toBe(leadId);
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        got.body,
        got.headers as Record<string, string>,
      ),
    ).toThrow();
    const [log] = await logsOf(hook.id);
    expect(log).toMatchObject({
      status: 'delivered',
      responseStatus: 200,
      responseBody: 'ok',
      eventType: 'lead.created',
      entityType: 'leads',
      entityId: leadId,
      attempt: 1,
      messageId: got.headers['webhook-id'],
      method: 'POST',
      errorMessage: null,
    });
    expect(log.headers).toMatchObject({ 'webhook-signature': got.headers['webhook-signature'] });
    expect(log.payload).toMatchObject({ type: 'lead.created', data: { id: leadId } });
    expect(typeof log.processingTime).toBe('number');
    const health = (await api(owner, 'GET', `/api/integrations/${hook.id}`)).json().health;
    expect(health).toMatchObject({ recentDeliveries: 1, recentFailures: 0, lastDeliveryStatus: 'delivered' });
  });

  it('sends nothing for a change rolled back, nor to unsubscribed or inactive webhooks', async () => {
    const target = await receiver();
    await createWebhook(`${target.url}/hook`);
    const dealsOnly = await createWebhook(`${target.url}/deals`, ['deal.created']);
    const off = await createWebhook(`${target.url}/off`);
    await api(owner, 'PATCH', `/api/integrations/${off.id}`, { status: 'inactive' });
    await t.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, owner.user.organizationId, 'lead.created', { id: crypto.randomUUID() });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await t.db.select().from(outbox)).toHaveLength(0);
    await drainOutbox(t);
    expect(target.received).toHaveLength(0);
    expect(await logsOf(dealsOnly.id)).toHaveLength(0);
    // Clean up: these webhooks would hear later tests' events.
    for (const hook of await t.db.select().from(integrations)) {
      await t.db.delete(integrations).where(eq(integrations.id, hook.id));
    }
  });

  it('retries failures with backoff, re-signing each attempt, and logs every attempt', async () => {
    const target = await receiver((_request, index) => (index < 2 ? 500 : 200));
    const hook = await createWebhook(`${target.url}/hook`);
    await emit(owner.user.organizationId);
    const first = await drainOutbox(t, { retryBaseMs: 1 });
    expect(first.retried).toBeGreaterThanOrEqual(1);
    await drainWithRetries();
    expect(target.received).toHaveLength(3);
    const ids = new Set(target.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const got of target.received) {
      expect(() =>
        new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>),
      ).not.toThrow();
    }
    const logs = await logsOf(hook.id);
    expect(logs.map((l) => [l.attempt, l.status, l.responseStatus])).toEqual([
      [3, 'delivered', 200],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    expect(logs[2].errorMessage).toBe('Receiver answered 500');
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('does not follow a redirect, cuts a 10 MB answer, and times out a silent receiver', async () => {
    const target = await receiver((request) =>
      request.path === '/redirect' ? 'redirect' : request.path === '/huge' ? 'huge' : 'silent',
    );
    const redirect = await createWebhook(`${target.url}/redirect`);
    const huge = await createWebhook(`${target.url}/huge`);
    const silent = await createWebhook(`${target.url}/silent`);
    await emit(owner.user.organizationId);
    await drainOutbox(t, { maxRounds: 1, context: { webhookTimeoutMs: 1500 } });
    const [redirected] = await logsOf(redirect.id);
    expect(redirected).toMatchObject({
      status: 'failed',
      responseStatus: 302,
      errorMessage: 'Receiver answered 302 (redirects are not followed)',
    });
    // Only the receiver was called: the metadata address it pointed at never was.
    expect(target.received.filter((r) => r.path === '/redirect')).toHaveLength(1);
    const [cut] = await logsOf(huge.id);
    expect(cut).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect((cut.responseBody as string).length).toBe(4096);
    const [timedOut] = await logsOf(silent.id);
    expect(timedOut).toMatchObject({ status: 'failed', responseStatus: null });
    expect(timedOut.errorMessage).toMatch(/^No answer within/);
    for (const hook of [redirect, huge, silent])
      await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('refuses loopback targets unless WEBHOOK_ALLOW_PRIVATE_TARGETS, without retrying', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    await emit(owner.user.organizationId);
    const drained = await drainOutbox(t, { context: { webhookAllowPrivateTargets: false } });
    expect(drained).toMatchObject({ failed: 1, retried: 0 });
    expect(target.received).toHaveLength(0);
    const [log] = await logsOf(hook.id);
    expect(log.status).toBe('failed');
    expect(log.errorMessage).toMatch(/private, loopback or link-local/);
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('disables a webhook after a run of failures and e-mails its creator through the outbox', async () => {
    const target = await receiver(() => 500);
    const hook = await createWebhook(`${target.url}/hook`);
    for (let i = 0; i < 20; i += 1) await emit(owner.user.organizationId);
    await drainOutbox(t, { maxRounds: 1 });
    const read = (await api(owner, 'GET', `/api/integrations/${hook.id}`)).json();
    expect(read.status).toBe('error');
    expect(read.errorMessage, read.errorMessage).toMatch(
      /^Disabled after \d+ failed deliveries in a row \(last error: Receiver answered 500\)/,
    );
    expect(read.health).toMatchObject({ recentFailures: 20, lastDeliveryStatus: 'failed' });
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'email.send_platform'));
    expect(mails).toHaveLength(1);
    expect(mails[0].payload).toMatchObject({ to: owner.user.email, purpose: 'notification' });
    // Queued retries of a disabled webhook send nothing.
    const before = target.received.length;
    await drainWithRetries(2);
    expect(target.received.length).toBe(before);
    // Turned back on, it clears the error.
    const on = await api(owner, 'PATCH', `/api/integrations/${hook.id}`, { status: 'active' });
    expect(on.json()).toMatchObject({ status: 'active', errorMessage: null });
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('Send test and Redeliver queue signed deliveries, even for a webhook that is off', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    const test = await api(owner, 'POST', `/api/integrations/${hook.id}/test`);
    expect(test.statusCode).toBe(202);
    await drainOutbox(t);
    expect(target.received).toHaveLength(1);
    const testEvent = new Webhook(hook.secret).verify(
      target.received[0].body,
      target.received[0].headers as Record<string, string>,
    ) as { type: string };
    expect(testEvent.type).toBe('webhook.test');
    const [log] = await logsOf(hook.id);
    await api(owner, 'PATCH', `/api/integrations/${hook.id}`, { status: 'inactive' });
    const again = await api(owner, 'POST', `/api/webhook-logs/${log.id as string}/redeliver`);
    expect(again.statusCode).toBe(202);
    await drainOutbox(t);
    expect(target.received).toHaveLength(2);
    expect(target.received[1].headers['webhook-id']).toBe(target.received[0].headers['webhook-id']);
    const logs = await logsOf(hook.id);
    expect(logs[0]).toMatchObject({ attempt: 2, status: 'delivered', messageId: log.messageId });
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('re-delivers the jobs a killed worker claimed but never finished, logging every attempt', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    for (let i = 0; i < 40; i += 1) await emit(owner.user.organizationId, { id: crypto.randomUUID(), n: i });
    // A worker claims the burst, sends half of it, and dies before recording anything.
    const claimed = await claimOutboxJobs(t.db, { batchSize: 100, leaseMs: 2000 });
    expect(claimed).toHaveLength(40);
    for (const job of claimed.slice(0, 20)) await deliverWebhookJob(job, t.app.outboxContext);
    expect(target.received).toHaveLength(20);
    // Before the lease passes nobody touches them; after it, another worker does.
    expect((await drainOutbox(t)).claimed).toBe(0);
    await sleep(2100);
    const drained = await drainOutbox(t);
    expect(drained).toMatchObject({ claimed: 40, done: 40 });
    const delivered = new Set(target.received.map((r) => r.headers['webhook-id']));
    expect(delivered.size).toBe(40);
    const logs = await t.db
      .select()
      .from(webhookLogs)
      .where(and(eq(webhookLogs.integrationId, hook.id)));
    expect(logs).toHaveLength(60);
    expect(new Set(logs.map((l) => l.messageId)).size).toBe(40);
    expect(logs.filter((l) => l.attempt === 2)).toHaveLength(40);
    const pending = await t.db.select().from(outbox).where(eq(outbox.status, 'processing'));
    expect(pending).toHaveLength(0);
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('gives a claimed delivery a one-minute lease, so a dead instance’s burst goes out again soon', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/lease`);
    await emit(owner.user.organizationId, { id: crypto.randomUUID() });
    const before = Date.now();
    const [claimed] = await claimOutboxJobs(t.db, {});
    expect(claimed.kind).toBe('webhook.deliver');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, claimed.id));
    const leaseMs = row.runAt.getTime() - before;
    expect(leaseMs).toBeGreaterThan(50_000);
    expect(leaseMs).toBeLessThan(70_000);
    await t.db.delete(outbox).where(eq(outbox.id, claimed.id));
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });

  it('pages the log with a keyset cursor', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`);
    for (let i = 0; i < 5; i += 1) await emit(owner.user.organizationId);
    await drainOutbox(t);
    const first = await api(owner, 'GET', `/api/webhook-logs?integrationId=${hook.id}&limit=2`);
    expect(first.json()).toMatchObject({ total: 5 });
    expect(first.json().items).toHaveLength(2);
    const seen = new Set<string>(first.json().items.map((i: { id: string }) => i.id));
    let cursor = first.json().nextCursor as string | null;
    while (cursor) {
      const page = await api(
        owner,
        'GET',
        `/api/webhook-logs?integrationId=${hook.id}&limit=2&cursor=${cursor}`,
      );
      for (const item of page.json().items) seen.add(item.id);
      cursor = page.json().nextCursor;
    }
    expect(seen.size).toBe(5);
    const badCursor = await api(owner, 'GET', `/api/webhook-logs?integrationId=${hook.id}&cursor=zzz`);
    expect(badCursor.statusCode).toBe(400);
    await t.db.delete(integrations).where(eq(integrations.id, hook.id));
  });
});

describe('events from record changes', () => {
  it('delivers verified lead, client, company and deal events with the presented record', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`, [
      'lead.created',
      'lead.updated',
      'lead.deleted',
      'client.created',
      'client.updated',
      'client.deleted',
      'company.created',
      'company.deleted',
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.deleted',
    ]);
    const lead = (
      await api(owner, 'POST', '/api/leads', { fullName: 'Webhook Lead', email: 'wl@example.com' })
    ).json();
    await api(owner, 'PATCH', `/api/leads/${lead.id}`, { leadStatus: 'Contacted' });
    const client = (await api(owner, 'POST', '/api/clients', { displayName: 'Hook Client' })).json();
    await api(owner, 'PATCH', `/api/clients/${client.id}`, { notes: 'Called' });
    const company = (await api(owner, 'POST', '/api/companies', { companyName: 'Hook Co' })).json();
    const deal = (
      await api(owner, 'POST', '/api/deals', { dealName: 'Hook Deal', stage: 'Research' })
    ).json();
    await api(owner, 'PATCH', `/api/deals/${deal.id}`, { stage: 'Negotiation' });
    // Bulk paths tell webhooks too.
    const bulk = await api(owner, 'POST', '/api/leads/bulk', {
      ids: [lead.id],
      action: 'update',
      changes: { leadStatus: 'Qualified' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await api(owner, 'DELETE', `/api/leads/${lead.id}`)).statusCode).toBe(204);
    expect((await api(owner, 'DELETE', `/api/companies/${company.id}`)).statusCode).toBe(204);
    const bulkDelete = await api(owner, 'POST', '/api/clients/bulk', { ids: [client.id], action: 'delete' });
    expect(bulkDelete.statusCode, bulkDelete.body).toBe(200);
    await drainOutbox(t);

    const events = target.received.map(
      (got) =>
        new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(byType('lead.created')[0].data).toMatchObject({
      id: lead.id,
      fullName: 'Webhook Lead',
      email: 'wl@example.com',
    });
    expect(byType('lead.updated').map((e) => e.data.leadStatus)).toEqual(
      expect.arrayContaining(['Contacted', 'Qualified']),
    );
    expect(byType('lead.deleted')[0].data).toEqual({ id: lead.id });
    expect(byType('client.created')[0].data).toMatchObject({ id: client.id, displayName: 'Hook Client' });
    expect(byType('client.updated')[0].data).toMatchObject({ id: client.id, notes: 'Called' });
    expect(byType('client.deleted')[0].data).toEqual({ id: client.id });
    expect(byType('company.created')[0].data).toMatchObject({ id: company.id, companyName: 'Hook Co' });
    expect(byType('company.deleted')[0].data).toEqual({ id: company.id });
    expect(byType('deal.created')[0].data).toMatchObject({ id: deal.id, dealName: 'Hook Deal' });
    expect(byType('deal.updated')[0].data).toMatchObject({ id: deal.id, stage: 'Negotiation' });
    expect(byType('deal.stage_changed')[0].data).toMatchObject({
      id: deal.id,
      stage: 'Negotiation',
      previousStage: 'Research',
    });
    const logs = await logsOf(hook.id);
    expect(logs.length).toBe(events.length);
    expect(logs.every((l) => l.status === 'delivered')).toBe(true);
  });

  it('queues nothing when the change fails (a foreign id, a validation error)', async () => {
    const target = await receiver();
    await createWebhook(`${target.url}/hook`, ['lead.created', 'lead.updated', 'lead.deleted']);
    const foreignLead = (await api(other, 'POST', '/api/leads', { fullName: 'Not yours' })).json();
    expect(
      (await api(owner, 'PATCH', `/api/leads/${foreignLead.id}`, { fullName: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await api(owner, 'DELETE', `/api/leads/${foreignLead.id}`)).statusCode).toBe(404);
    expect((await api(owner, 'POST', '/api/leads', { fullName: '' })).statusCode).toBe(400);
    await drainOutbox(t);
    expect(target.received).toHaveLength(0);
  });
});

describe('events from signing', () => {
  it('delivers document.viewed, document.signed and document.completed as the signer goes', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`, [
      'document.viewed',
      'document.signed',
      'document.completed',
    ]);
    const seeded = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Ann Claimant', email: `ann-${Date.now()}@example.com` }],
    });
    const [ann] = seeded.recipients;
    const cookie = await openForSigning(t, ann);
    const view = await signer(t, ann.token, cookie).request('GET', '');
    expect(view.statusCode, view.body).toBe(200);
    const finish = await signer(t, ann.token, cookie).request('POST', '/finish', valuesFor(ann));
    expect(finish.statusCode, finish.body).toBe(200);
    await drainOutbox(t);
    const events = target.received.map(
      (got) =>
        new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['document.viewed', 'document.signed', 'document.completed']),
    );
    const completed = events.find((e) => e.type === 'document.completed');
    expect(completed?.data).toMatchObject({
      signatureRequestId: seeded.requestId,
      documentInstanceId: seeded.documentId,
      status: 'completed',
    });
    const signed = events.find((e) => e.type === 'document.signed');
    expect(signed?.data.recipient).toMatchObject({ email: ann.email, status: 'signed' });
    expect(JSON.stringify(events)).not.toContain(ann.token);
  });
});

describe('events from sending and moving', () => {
  it('delivers document.sent when a document goes out for signature', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`, ['document.sent']);
    const [doc] = await t.db
      .insert(documentInstances)
      .values({
        organizationId: owner.user.organizationId,
        name: 'Fee agreement',
        content: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Terms.' }] }],
        }),
      })
      .returning({ id: documentInstances.id });
    await t.db.insert(signatureFields).values({
      organizationId: owner.user.organizationId,
      documentInstanceId: doc.id,
      fieldName: 'Signature 1',
      signerEmail: 'claire@example.com',
      pageNumber: 1,
      xPosition: 72,
      yPosition: 500,
    });
    const sent = await api(owner, 'POST', `/api/document-instances/${doc.id}/send`, {
      signingOrder: 'parallel',
      recipients: [{ name: 'Claire Claimant', email: 'claire@example.com' }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await drainOutbox(t);
    const [event] = target.received.map(
      (got) =>
        new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    expect(event).toMatchObject({
      type: 'document.sent',
      data: { documentInstanceId: doc.id, status: 'sent', title: expect.any(String) },
    });
  });

  it('delivers deal.stage_changed from the pipeline board and from a bulk stage change', async () => {
    const target = await receiver();
    const hook = await createWebhook(`${target.url}/hook`, ['deal.stage_changed']);
    const stageNames = ((await api(owner, 'GET', '/api/stages')).json().items as { name: string }[]).map(
      (stage) => stage.name,
    );
    const [first, second] = stageNames;
    const deal = (await api(owner, 'POST', '/api/deals', { dealName: 'Board deal', stage: first })).json();
    const moved = await api(owner, 'POST', `/api/deals/${deal.id}/move`, { stage: second });
    expect(moved.statusCode, moved.body).toBe(200);
    const bulk = await api(owner, 'POST', '/api/deals/bulk', {
      ids: [deal.id],
      action: 'update',
      changes: { stage: first },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await drainOutbox(t);
    const events = target.received.map(
      (got) =>
        new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    expect(events.map((e) => [e.data.stage, e.data.previousStage])).toEqual(
      expect.arrayContaining([
        [second, first],
        [first, second],
      ]),
    );
    expect(events).toHaveLength(2);
  });
});
