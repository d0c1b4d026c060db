import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../../src/server/db';
import { schema } from '../../src/server/db/all-tables';
import { newPgPool } from '../../src/server/db/open-postgres';

/*
 * The floor an API list call is compared with: the very driver calls the list service makes
 * (same SQL text, parameters, row mode and type parsers), replayed on the bare driver with no
 * HTTP, session, validation, drizzle or JSON work around them.
 *
 * They are captured by running the service once over a driver client whose `query` records its
 * arguments and, for each call, the calls that had already answered when it was issued: what it
 * waited for. The replay keeps exactly that order: the page query beside the total's EXPLAIN,
 * and the capped count (when the total needs one) only once the EXPLAIN has answered.
 */

interface QueryClient {
  query(...args: unknown[]): Promise<unknown>;
}

export interface CapturedCall {
  args: unknown[];
  text: string;
  params: unknown[];
  /** Indexes of the earlier calls that had answered when this one was issued. */
  after: number[];
}

/** The service's driver calls in the order issued. */
export type CallPlan = CapturedCall[];

export interface SqlFloor {
  /** Runs `call` once on a recording client; answers the driver calls it made. */
  capture(call: (db: Database) => Promise<unknown>): Promise<CallPlan>;
  /** Replays `plan` from `concurrency` loops for `seconds`; the latency (ms) of each whole replay. */
  measure(plan: CallPlan, concurrency: number, seconds: number): Promise<number[]>;
  /** What `measure` does at this concurrency, for the report. */
  note(concurrency: number): string;
  close(): Promise<void>;
}

function describeCall(args: unknown[], after: number[]): CapturedCall {
  const [first, second] = args;
  if (typeof first === 'string') return { args, text: first, params: (second as unknown[]) ?? [], after };
  const config = first as { text: string; values?: unknown[] };
  return { args, text: config.text, params: (second as unknown[]) ?? config.values ?? [], after };
}

/** The client with `query` recording into `plan`; every other member passes through. */
function recording<T extends object>(client: T, plan: CallPlan): T {
  const answered: number[] = [];
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'query') return value.bind(target);
      return (...args: unknown[]) => {
        const index = plan.push(describeCall(args, [...answered])) - 1;
        return (value.apply(target, args) as Promise<unknown>).finally(() => answered.push(index));
      };
    },
  });
}

/** Issues each call once the calls it waited for in the service have answered. */
export async function replay(client: QueryClient, plan: CallPlan) {
  const answers: Promise<unknown>[] = [];
  for (const call of plan) {
    answers.push(
      Promise.all(call.after.map((index) => answers[index])).then(() => client.query(...call.args)),
    );
  }
  await Promise.all(answers);
}

async function timeLoops(run: () => Promise<void>, concurrency: number, seconds: number) {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await run();
        // Like autocannon, which drops the answers still in flight when its time is up.
        const ended = performance.now();
        if (ended <= deadline) samples.push(ended - started);
      }
    }),
  );
  return samples;
}

/** PGlite: the server's own instance (one connection, so concurrent replays queue on it). */
export function pgliteFloor(client: PGlite): SqlFloor {
  return {
    async capture(call) {
      const plan: CallPlan = [];
      await call(drizzlePglite({ client: recording(client, plan), schema }) as unknown as Database);
      return plan;
    },
    measure: (plan, concurrency, seconds) =>
      timeLoops(() => replay(client as unknown as QueryClient, plan), concurrency, seconds),
    note: (concurrency) =>
      concurrency > 1
        ? `${concurrency} loops on PGlite's single connection: the queries run one at a time`
        : 'one loop on the server process’s PGlite instance',
    close: async () => {},
  };
}

/**
 * One connection per concurrent loop, but at least one per call, so a single loop runs the page
 * query and the total side by side as the server's pool (10) lets the service do.
 */
function poolSize(plan: CallPlan, concurrency: number) {
  return Math.max(concurrency, plan.length);
}

/** PostgreSQL: pools of its own (not the server's), sized by `poolSize`. */
export function pgFloor(connectionString: string): SqlFloor {
  const pools = new Map<number, pg.Pool>();
  const poolOf = (size: number) => {
    let pool = pools.get(size);
    if (!pool) {
      pool = newPgPool(connectionString, size);
      pools.set(size, pool);
    }
    return pool;
  };
  return {
    async capture(call) {
      const plan: CallPlan = [];
      await call(drizzlePg({ client: recording(poolOf(2), plan), schema }) as unknown as Database);
      return plan;
    },
    measure(plan, concurrency, seconds) {
      const pool = poolOf(poolSize(plan, concurrency));
      return timeLoops(() => replay(pool, plan), concurrency, seconds);
    },
    note: (concurrency) =>
      `${concurrency} loop(s) over a pg.Pool of max(${concurrency}, calls per request) connections`,
    close: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.end()));
    },
  };
}
