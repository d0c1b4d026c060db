import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { type DatabaseConfig, openDatabase } from '../../src/server/db';
import { createDiskFileStore } from '../../src/server/lib/disk-file-store';
import { listCallOf } from './list-services';
import { bigOrg } from './seed-plan';
import { type CallPlan, pgFloor, pgliteFloor } from './sql-floor';
import type { FloorRequest, FloorResponse } from './server-process';

/*
 * The benchmarked server, in its own process (started by server-process.ts), so autocannon's
 * client work does not share its event loop. It opens the database the way main.ts does and
 * listens on a free loopback port. Over IPC it also runs the SQL floor on the same database
 * (for PGlite, the same instance: a data dir has one owner), only while no HTTP load runs.
 */

const config = JSON.parse(process.env.BENCH_LISTS_DATABASE ?? 'null') as DatabaseConfig | null;
if (!config || !process.send) throw new Error('serve.ts is started by server-process.ts');

const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({
  database,
  // The list benchmark uploads nothing; the folder is never created.
  files: createDiskFileStore(path.resolve('.tmp/bench-files')),
  config: { clientDir: path.resolve('dist/client'), superAdminEmails: [], production: false },
});
app.addHook('onClose', () => database.close());
await app.listen({ port: 0, host: '127.0.0.1' });

/*
 * The CPU yardstick (issue 21 §2): a bare Fastify app in this same process, no plugins, whose
 * one route answers a list's captured page (the same rows, kept in memory) with Fastify's default
 * serializer. What a list answer costs the server above this is the cost of being Locus
 * (session, access, validation, SQL round trips, mapping, serializing by schema).
 */
const bare = Fastify();
const barePages = new Map<string, unknown>();
bare.get('/bare/*', async (request) => barePages.get(request.url.slice('/bare'.length)));
await bare.listen({ port: 0, host: '127.0.0.1' });

const isoTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const revive = (_key: string, value: unknown) =>
  typeof value === 'string' && isoTimestamp.test(value) ? new Date(value) : value;

/**
 * The rows as a presenter hands them to a serializer: a list whose items the database wrote as
 * JSON text (leads, deals, clients, companies) gets them parsed back, timestamps as Dates, so the
 * yardstick serializes the same objects it did before those changes and stays comparable across
 * runs.
 */
function asObjects(answer: unknown): unknown {
  // A page whose items PostgreSQL joined into one text (`paginateJsonItems`).
  if (answer && typeof answer === 'object' && 'itemsJson' in answer) {
    const { itemsJson, ...page } = answer as { itemsJson: string };
    return { items: JSON.parse(`[${itemsJson}]`, revive), ...page };
  }
  const page = answer as { items?: unknown[] } | null;
  if (!page?.items?.some((item) => typeof item === 'string')) return answer;
  return {
    ...page,
    items: page.items.map((item) => (typeof item === 'string' ? JSON.parse(item, revive) : item)),
  };
}

const floor =
  'databaseUrl' in config
    ? pgFloor(config.databaseUrl)
    : pgliteFloor(database.pglite ?? (undefined as never));
const plans = new Map<string, CallPlan>();

/**
 * Waits until the database is idle. When autocannon stops, the requests it had in flight keep
 * running here (up to 50, each queued behind the others on PGlite's one connection); a
 * measurement started before they drain would time their queries too. Idle: three pings in a
 * row, 50 ms apart, each answered within 5 ms.
 */
async function quiesce() {
  const deadline = performance.now() + 120_000;
  let quick = 0;
  while (quick < 3 && performance.now() < deadline) {
    const started = performance.now();
    await database.db.execute(sql`select 1`);
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function handle(request: FloorRequest): Promise<unknown> {
  switch (request.kind) {
    case 'capture': {
      const call = await listCallOf(database.db, request.path, bigOrg.ownerEmail);
      // Captured in the steady state the API is measured in: a first call fills what the
      // service keeps between requests (a large list's row estimate), so it is not replayed.
      barePages.set(request.path, asObjects(await call(database.db)));
      const plan = await floor.capture(call);
      plans.set(request.path, plan);
      return plan.map(({ text, params, after }) => ({ text, params, after }));
    }
    case 'quiesce':
      await quiesce();
      return null;
    case 'measure': {
      const plan = plans.get(request.path);
      if (!plan) throw new Error(`capture ${request.path} first`);
      await quiesce();
      if (request.warmupSeconds > 0) await floor.measure(plan, request.concurrency, request.warmupSeconds);
      const samples = await floor.measure(plan, request.concurrency, request.seconds);
      return { samples, note: floor.note(request.concurrency) };
    }
    case 'stop':
      await floor.close();
      await bare.close();
      await app.close();
      return null;
  }
}

process.on('message', (request: FloorRequest) => {
  handle(request).then(
    (result) =>
      process.send?.({ id: request.id, result } satisfies FloorResponse, undefined, undefined, () => {
        if (request.kind === 'stop') process.exit(0);
      }),
    (error: Error) =>
      process.send?.({ id: request.id, error: error.stack ?? error.message } satisfies FloorResponse),
  );
});
// The parent gone (crash, Ctrl-C) means nobody will stop this server: close so PGlite flushes.
process.on('disconnect', () => {
  app.close().finally(() => process.exit(0));
});

process.send({
  kind: 'ready',
  port: (app.server.address() as AddressInfo).port,
  barePort: (bare.server.address() as AddressInfo).port,
});
