import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db';
import { outbox } from '../db/schema/platform';
import { createMailTransports } from '../features/email/mail-transport';
import {
  outboxDeadLetterHooks,
  outboxHandlers,
  outboxLeaseMs,
  outboxMaxAttempts,
  outboxRoundHooks,
} from './outbox-handlers';
import type {
  OutboxContext,
  OutboxDeadLetterHook,
  OutboxHandler,
  OutboxJobRow,
  OutboxResult,
  OutboxRoundHooks,
} from './outbox-handler';
import { startPeriodicJob } from './periodic-job';

/** Tries before a job is dead-lettered (status 'failed' with its last error). */
export const defaultMaxAttempts = 8;
/** How long a claimed job belongs to its worker; past it another worker re-claims it (a crash). */
export const defaultLeaseMs = 5 * 60_000;
export const defaultBatchSize = 100;
/**
 * Rounds one worker runs side by side (SKIP LOCKED keeps lanes apart as it keeps workers apart).
 * One by default: on PGlite two lanes measured slower (0.24x against 0.49x in bench:email-delivery),
 * their statements queueing for the one connection.
 */
export const defaultLanes = 1;
/** The longest pause between two tries, however many have failed. */
const maxRetryDelayMs = 6 * 60 * 60_000;

export interface OutboxRunOptions {
  /** First retry delay, doubling per failed try (OUTBOX_RETRY_BASE_MS). */
  retryBaseMs: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** Jobs claimed (and run side by side) per round. */
  batchSize?: number;
  /** Claim jobs due by this time instead of the database's now() (tests skip ahead in time). */
  now?: Date;
  handlers?: Record<string, OutboxHandler>;
  deadLetterHooks?: Record<string, OutboxDeadLetterHook>;
  roundHooks?: Record<string, OutboxRoundHooks>;
}

export interface OutboxRunResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  waiting: number;
}

/**
 * Claims due jobs in one statement (its own short transaction): pending ones whose time has
 * come, and processing ones whose lease has passed (their worker died). SKIP LOCKED lets other
 * workers claim other rows meanwhile, and the lease written into run_at keeps a claimed job away
 * from them after the statement commits, so two workers never run one job at once.
 */
export async function claimOutboxJobs(
  db: Database,
  {
    batchSize = defaultBatchSize,
    leaseMs = defaultLeaseMs,
    now,
  }: Pick<OutboxRunOptions, 'batchSize' | 'leaseMs' | 'now'>,
): Promise<OutboxJobRow[]> {
  const dueBy = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['pending', 'processing']), lte(outbox.runAt, dueBy)))
    .orderBy(outbox.runAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  // A kind with a shorter lease of its own keeps it (never longer than the one asked for).
  const kindLeases = Object.entries(outboxLeaseMs).map(
    ([kind, ms]) => sql`when ${kind} then ${Math.min(ms, leaseMs)}::integer`,
  );
  const lease =
    kindLeases.length === 0
      ? sql`${leaseMs}::integer`
      : sql`case ${outbox.kind} ${sql.join(kindLeases, sql` `)} else ${leaseMs}::integer end`;
  const rows = await db
    .update(outbox)
    .set({
      status: 'processing',
      attempts: sql`${outbox.attempts} + 1`,
      runAt: sql`${dueBy} + ${lease} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      kind: outbox.kind,
      organizationId: outbox.organizationId,
      payload: outbox.payload,
      attempts: outbox.attempts,
    });
  return rows.map((row) => ({ ...row, payload: (row.payload ?? {}) as Record<string, unknown> }));
}

/** Whether any job is due (pending, or processing past its lease): the worker's cheap first look. */
export async function hasDueOutboxJobs(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['pending', 'processing']), lte(outbox.runAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/** The delay before try `attempts + 1`: base, 2×base, 4×base… capped at six hours. */
export function retryDelayMs(retryBaseMs: number, attempts: number) {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), maxRetryDelayMs);
}

/** One round: claim due jobs, run them side by side, record each outcome. */
export async function runOutboxOnce(
  context: OutboxContext,
  options: OutboxRunOptions,
): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { claimed: 0, done: 0, retried: 0, failed: 0, waiting: 0 };
  const jobs = await claimOutboxJobs(context.db, options);
  result.claimed = jobs.length;
  if (jobs.length === 0) return result;
  const ownTransports = context.mail ? undefined : createMailTransports(context.smtpTimeoutMs);
  const runContext: OutboxContext = { ...context, mail: context.mail ?? ownTransports, memo: new Map() };
  const done: OutboxJobRow[] = [];
  const retries: Retry[] = [];
  const hooks = Object.entries(options.roundHooks ?? outboxRoundHooks)
    .map(([kind, hook]) => ({ hook, jobs: jobs.filter((job) => job.kind === kind) }))
    .filter(({ jobs: ofKind }) => ofKind.length > 0);
  try {
    // A failed batch read only loses the shortcut: each job then reads its own row.
    for (const { hook, jobs: ofKind } of hooks) {
      await hook.prepare?.(ofKind, runContext).catch((error: unknown) => {
        context.log.warn({ error: errorMessage(error) }, 'outbox round preparation failed');
      });
    }
    await Promise.all(
      jobs.map(async (job) => {
        const outcome = await runJob(job, runContext, options, retries);
        if (outcome === 'done') done.push(job);
        result[outcome] += 1;
      }),
    );
    await settleRetries(context.db, retries);
    for (const { hook, jobs: ofKind } of hooks) await hook.finish?.(ofKind, runContext);
    await settleDone(context.db, done);
  } finally {
    ownTransports?.close();
  }
  return result;
}

async function runJob(
  job: OutboxJobRow,
  context: OutboxContext,
  options: OutboxRunOptions,
  retries: Retry[],
): Promise<'done' | 'retried' | 'failed' | 'waiting'> {
  const handlers = options.handlers ?? outboxHandlers;
  const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  const maxAttempts =
    options.maxAttempts ??
    (Object.hasOwn(outboxMaxAttempts, job.kind) ? outboxMaxAttempts[job.kind] : defaultMaxAttempts);
  if (!handler) {
    await deadLetter(job, `No handler for outbox job kind "${job.kind}"`, context, options);
    return 'failed';
  }
  let outcome: OutboxResult;
  try {
    outcome = await handler(job, context);
  } catch (error) {
    const message = errorMessage(error);
    const permanent = (error as { permanent?: boolean } | null)?.permanent === true;
    if (permanent || job.attempts >= maxAttempts) {
      await deadLetter(job, message, context, options);
      return 'failed';
    }
    context.log.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message },
      'outbox job failed; will retry',
    );
    // Recorded with the round's other retries in one statement (settleRetries): a burst to a
    // receiver failing 1 in 10 otherwise spent a statement per failure.
    retries.push({ job, message, delayMs: retryDelayMs(options.retryBaseMs, job.attempts) });
    return 'retried';
  }
  if (outcome?.waitUntil) {
    // Waiting (no mail server yet) is not a failure: the try is given back.
    await settle(context.db, job, {
      status: 'pending',
      attempts: sql`${outbox.attempts} - 1`,
      lastError: outcome.reason,
      runAt: outcome.waitUntil,
    });
    return 'waiting';
  }
  // Recorded with the round's other finished jobs in one statement (settleDone).
  return 'done';
}

interface Retry {
  job: OutboxJobRow;
  message: string;
  delayMs: number;
}

/** Puts the round's failed jobs back as pending after their backoff, in one statement, each only while its try is current. */
async function settleRetries(db: Database, retries: Retry[]) {
  if (retries.length === 0) return;
  const rows = sql.join(
    retries.map(
      ({ job, message, delayMs }) =>
        sql`(${job.id}::uuid, ${job.attempts}::integer, ${message}::text, ${delayMs}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${outbox} set status = 'pending', last_error = r.message,
      run_at = now() + r.delay_ms * interval '1 millisecond', updated_at = now()
    from (values ${rows}) as r(id, attempts, message, delay_ms)
    where ${outbox.id} = r.id and ${outbox.attempts} = r.attempts and ${outbox.status} = 'processing'`);
}

/** Marks the round's finished jobs done in one statement, each only while its try is still the current one. */
async function settleDone(db: Database, jobs: OutboxJobRow[]) {
  if (jobs.length === 0) return;
  const tries = sql.join(
    jobs.map((job) => sql`(${job.id}::uuid, ${job.attempts}::integer)`),
    sql`, `,
  );
  await db
    .update(outbox)
    .set({ status: 'done', lastError: null, updatedAt: sql`now()` })
    .where(and(eq(outbox.status, 'processing'), sql`(${outbox.id}, ${outbox.attempts}) in (${tries})`));
}

async function deadLetter(
  job: OutboxJobRow,
  message: string,
  context: OutboxContext,
  options: OutboxRunOptions,
) {
  context.log.error(
    { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message },
    'outbox job dead-lettered',
  );
  await settle(context.db, job, { status: 'failed', lastError: message });
  const hooks = options.deadLetterHooks ?? outboxDeadLetterHooks;
  const hook = Object.hasOwn(hooks, job.kind) ? hooks[job.kind] : undefined;
  try {
    await hook?.(job, message, context);
  } catch (error) {
    context.log.error({ jobId: job.id, error: errorMessage(error) }, 'outbox dead-letter hook failed');
  }
}

/**
 * Records a job's outcome only while this worker still holds it (same try, still processing):
 * a worker that outlived its lease must not overwrite the outcome of the one that re-claimed it.
 */
async function settle(db: Database, job: OutboxJobRow, values: PgUpdateSetSource<typeof outbox>) {
  await db
    .update(outbox)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, job.id), eq(outbox.status, 'processing'), eq(outbox.attempts, job.attempts)));
}

/** Lasting error text: the error's message, cut to what a list can show. */
function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000) || 'Unknown error';
}

export interface OutboxWorkerOptions extends OutboxRunOptions {
  /** Pause after a round that found nothing to do (OUTBOX_POLL_MS); 0 never runs. */
  pollMs: number;
  lanes?: number;
}

/**
 * Runs the outbox in the background: a round every `pollMs`, and right away again after a full
 * batch (a backlog drains at full speed). Answers the stop function, which waits for the round
 * under way so the database can close after it.
 */
export function startOutboxWorker(context: OutboxContext, options: OutboxWorkerOptions) {
  let stopped = false;
  // Connections stay open through a backlog (rounds back to back) and close once it is done.
  const mail = createMailTransports(context.smtpTimeoutMs);
  const workerContext: OutboxContext = { ...context, mail };
  const lane = async () => {
    try {
      for (;;) {
        const round = await runOutboxOnce(workerContext, options);
        if (stopped || round.claimed < (options.batchSize ?? defaultBatchSize)) break;
      }
    } catch (error) {
      context.log.warn({ error: errorMessage(error) }, 'outbox round failed');
    }
  };
  const stop = startPeriodicJob(options.pollMs, async () => {
    // Most polls find nothing: a read-only look costs far less than the claiming UPDATE and the
    // mail transports (an idle PGlite server spent most of a core polling every 200 ms without it).
    if (!(await hasDueOutboxJobs(context.db).catch(() => true))) return;
    try {
      await Promise.all(Array.from({ length: options.lanes ?? defaultLanes }, lane));
    } finally {
      mail.close();
    }
  });
  return async () => {
    stopped = true;
    await stop();
    mail.close();
  };
}
