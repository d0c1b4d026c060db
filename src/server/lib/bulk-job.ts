import { Readable } from 'node:stream';
import { and, asc, count, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultBulkBatchSize } from '../config';
import type { Database } from '../db';
import { AppError, forbidden } from './app-error';
import { actorCan, type ServiceContext } from './service-context';
import {
  type AfterBulkDelete,
  applyToRows,
  type BulkOperation,
  type BulkTarget,
  bulkApply,
  inOrganization,
} from './tenant-scope';

/*
 * A bulk action over "all N matching" a list's filter (docs/decisions/020): the ids matching when
 * it starts are taken in id order, `batchSize` at a time, each batch in its own transaction, so a
 * 100,000-row action never holds one giant transaction (nor PGlite's one connection) and other
 * requests run between batches. Each batch re-checks the filter as it writes: a row that stopped
 * matching meanwhile is left alone, one deleted meanwhile is simply not counted, and one that
 * started matching after the start is not included.
 */

/** Where a bulk action's progress stands: `processed` of `total` looked at, `affected` changed. */
export interface BulkProgress {
  total: number;
  processed: number;
  affected: number;
}

export interface BulkJob {
  /** How many records the action applies to, counted when it starts. */
  total: number;
  /** Only count: `run` changes nothing (the body's `dryRun`). */
  dryRun: boolean;
  /** Runs the action, yielding the progress after each batch. */
  run: () => AsyncGenerator<BulkProgress>;
}

/** The records a bulk body names: its ids, or the list's conditions less the excluded ids. */
export type BulkSelection = { ids: string[] } | { where: SQL; excludeIds?: string[] };

/**
 * The selection of a validated bulk body. Acting on a filter reveals which records match it, so
 * it also needs the category's read permission; the conditions are the list's own, which start
 * with the caller's organization.
 */
export function bulkSelectionOf<Q>(
  ctx: ServiceContext,
  category: string,
  body: { ids?: string[]; filter?: Q; excludeIds?: string[] },
  conditions: (ctx: ServiceContext, query: Q) => SQL,
): BulkSelection {
  if (body.filter === undefined) return { ids: body.ids ?? [] };
  if (!actorCan(ctx.actor, category, 'read')) throw forbidden();
  return { where: conditions(ctx, body.filter), excludeIds: body.excludeIds };
}

/** Plans the action: counts what it applies to; nothing is changed until `run` is iterated. */
export async function planBulkJob(
  db: Database,
  orgId: string,
  target: BulkTarget,
  selection: BulkSelection,
  operation: BulkOperation,
  {
    batchSize = defaultBulkBatchSize,
    dryRun = false,
    afterDelete,
  }: { batchSize?: number; dryRun?: boolean; afterDelete?: AfterBulkDelete } = {},
): Promise<BulkJob> {
  if ('ids' in selection) {
    // At most 500 ids (the schema's cap): one statement, one transaction, as before filters existed.
    if (dryRun) {
      const [{ total }] = await db
        .select({ total: count() })
        .from(target.table)
        .where(inOrganization(target.table, orgId, inArray(target.table.id, [...new Set(selection.ids)])));
      return { total, dryRun, async *run() {} };
    }
    const total = new Set(selection.ids).size;
    return {
      total,
      dryRun,
      async *run() {
        const affected = await bulkApply(db, orgId, target, selection.ids, operation, afterDelete);
        yield { total, processed: total, affected };
      },
    };
  }
  const { table } = target;
  const excluded = [...new Set(selection.excludeIds ?? [])];
  const where = and(selection.where, excluded.length ? notInArray(table.id, excluded) : undefined) as SQL;
  if (dryRun) {
    const [{ total }] = await db.select({ total: count() }).from(table).where(where);
    return { total, dryRun, async *run() {} };
  }
  // The matching ids as the action starts, read once (100,000 uuids are a few MB): each batch
  // then finds its rows by key instead of running the list's search again, and the total is
  // exactly what the action looks at.
  const ids = (await db.select({ id: table.id }).from(table).where(where).orderBy(asc(table.id))).map(
    (row) => row.id as string,
  );
  const total = ids.length;
  return {
    total,
    dryRun,
    async *run() {
      let affected = 0;
      for (let start = 0; start < total; start += batchSize) {
        const batch = ids.slice(start, start + batchSize);
        // The filter again, in the writing statement: it sees the rows as they are now.
        const scope = and(where, inArray(table.id, batch)) as SQL;
        affected += await db.transaction((tx) =>
          applyToRows(tx, orgId, target, scope, operation, afterDelete),
        );
        yield { total, processed: Math.min(start + batchSize, total), affected };
        // PGlite answers in this thread and its promises settle without a turn of the event loop:
        // without this pause no progress line would be written and no other connection read
        // until the whole action was done (measured: every line arrived at once, at the end).
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** The client asks for progress lines (`Accept: application/x-ndjson`); other callers get one answer. */
function wantsProgress(request: FastifyRequest): boolean {
  return /\bapplication\/x-ndjson\b/i.test(request.headers.accept ?? '');
}

/**
 * Answers a bulk action: `{ total }` for a dry run, `{ affected }` once it is done, or, when the client asks for
 * `application/x-ndjson`, one JSON line per batch (`{ total, processed, affected }`), the last
 * with `done: true` or `error`. The job is tied to the request: if the client goes away, the
 * action stops after the batch under way (every finished batch stays done).
 */
export async function sendBulkJob(request: FastifyRequest, reply: FastifyReply, job: BulkJob) {
  if (job.dryRun) return reply.send({ total: job.total });
  if (!wantsProgress(request)) {
    let affected = 0;
    for await (const progress of job.run()) affected = progress.affected;
    return reply.send({ affected });
  }
  async function* lines() {
    let last: BulkProgress = { total: job.total, processed: 0, affected: 0 };
    yield `${JSON.stringify(last)}\n`;
    try {
      for await (const progress of job.run()) {
        last = progress;
        yield `${JSON.stringify(progress)}\n`;
      }
      yield `${JSON.stringify({ ...last, done: true })}\n`;
    } catch (error) {
      // The status line has gone out: the failure is reported in the stream, after what was done.
      request.log.error({ err: error }, 'bulk action failed');
      const message = error instanceof AppError ? error.message : 'Internal server error';
      yield `${JSON.stringify({ ...last, error: { message } })}\n`;
    }
  }
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
