import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { webhookLogs } from '../src/server/db/schema/integrations';
import { emitWebhookEvent } from '../src/server/features/webhooks/emit-webhook-event';
import { startWebhookReceiver } from '../src/server/features/webhooks/test-receiver';
import { runOutboxOnce } from '../src/server/jobs/outbox-worker';
import { registerOrganizationOwner } from '../src/server/test/sessions';
import { createTestApp } from '../src/server/test/test-app';

/*
 * Webhook delivery rate (issue 19 performance: ≥ 500 deliveries/s sustained, retries absorbing a
 * receiver that fails 1 in 10), against its floor measured in the same run: a bare loop of the
 * same HTTP POSTs (same body size, same concurrency, kept-alive sockets) to the same receiver.
 * The worker side does everything a real delivery does: claim from the outbox, load the webhook,
 * sign (Standard Webhooks), POST through the SSRF guard, log every attempt, retry the 500s with
 * backoff, settle. Events are queued before the clock starts; the clock stops when every event
 * has been answered 2xx.
 *
 *   npm run bench:webhooks                 (N=5000)
 *   BENCH_WEBHOOK_COUNT=20000 npm run bench:webhooks
 */

const total = Number(process.env.BENCH_WEBHOOK_COUNT ?? 5000);
const batchSize = Number(process.env.BENCH_BATCH_SIZE ?? 300);
// Rounds side by side, as startOutboxWorker's lanes run them (one lane's HTTP waits overlap the other's statements).
const lanes = Number(process.env.BENCH_LANES ?? 1);

// Fails every tenth request it gets (first tries and retries alike).
const delivered = new Set<string>();
const receiver = await startWebhookReceiver((request, index) => {
  if (index % 10 === 9) return 500;
  if (request.path === '/hook') delivered.add(String(request.headers['webhook-id']));
  return 200;
});
const t = await createTestApp({ webhookAllowPrivateTargets: true });
const owner = await registerOrganizationOwner(t.app);
const created = await t.app.inject({
  method: 'POST',
  url: '/api/integrations',
  headers: { cookie: owner.cookie },
  payload: {
    name: 'Bench',
    type: 'webhook',
    config: { url: `${receiver.url}/hook`, events: ['lead.created'] },
  },
});
if (created.statusCode !== 201) throw new Error(created.body);
const integrationId = created.json().id as string;

const sample = {
  id: '6f1c1f5e-8a0b-4a39-9c67-2f0b9d0f5b11',
  fullName: 'Ada Claimant',
  email: 'ada@example.com',
  phone: '+1 312 555 0100',
  leadStatus: 'New',
  tags: ['county-list'],
  customFields: { caseNumber: '2024-CH-01234', surplusAmount: 48250.12 },
  createdAt: new Date().toISOString(),
};

// ---- Floor: a bare loop of HTTP POSTs, `batchSize` in flight, to the same receiver ----
async function bareLoop(): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const body = JSON.stringify({ type: 'lead.created', timestamp: new Date().toISOString(), data: sample });
  const post = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${receiver.url}/bare`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      // The floor retries its failures too, at once: the same amount of answered work.
      while ((await post()) >= 300);
    }
  };
  await Promise.all(Array.from({ length: batchSize }, worker));
  agent.destroy();
  return performance.now() - started;
}

// ---- The outbox worker delivering queued events ----
async function outboxRun(): Promise<{ elapsed: number; attempts: number }> {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < total; i += 1) {
      await emitWebhookEvent(tx, owner.user.organizationId, 'lead.created', { ...sample, n: i });
    }
  });
  const started = performance.now();
  const lane = async () => {
    while (delivered.size < total) {
      const round = await runOutboxOnce(t.app.outboxContext, { retryBaseMs: 20, batchSize });
      if (round.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  const elapsed = performance.now() - started;
  const [logged] = await t.db
    .select({ n: count() })
    .from(webhookLogs)
    .where(eq(webhookLogs.integrationId, integrationId));
  return { elapsed, attempts: logged.n };
}

const bare = await bareLoop();
const worker = await outboxRun();
const bareRate = (total / bare) * 1000;
const workerRate = (total / worker.elapsed) * 1000;
console.log(
  `webhook deliveries: ${total} events, receiver failing 1 in 10, batch ${batchSize}, lanes ${lanes}`,
);
console.log(`  bare HTTP POST loop : ${bare.toFixed(0)} ms  ${bareRate.toFixed(0)} req/s`);
console.log(
  `  outbox worker       : ${worker.elapsed.toFixed(0)} ms  ${workerRate.toFixed(0)} deliveries/s  (${worker.attempts} attempts logged)`,
);
console.log(
  `  ratio worker / bare : ${(workerRate / bareRate).toFixed(2)}x   target ≥ 500 deliveries/s: ${workerRate >= 500 ? 'met' : 'NOT met'}`,
);
await receiver.close();
await t.close();
