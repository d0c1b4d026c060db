import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db';

/**
 * Lets one server at a time run a scheduled job (docs/decisions/044). Answers whether this
 * server ran it: false when another holds the job, which then skips this turn.
 */
export interface JobLock {
  run(job: string, work: () => Promise<void>): Promise<boolean>;
}

/** The first key of every scheduled job's advisory lock; the second is the hash of its name. */
const scheduledJobsLockSpace = 21_006;

/**
 * On PostgreSQL, a transaction holds `pg_try_advisory_xact_lock(space, hashtext(job))` for as long
 * as the run lasts, while the run does its own work on other connections in short transactions
 * of its own (the sweep and purge work in batches). The lock goes when the transaction ends,
 * also when its server dies mid-run, so no job is left locked. PGlite's data folder belongs to
 * one process, so there the run simply goes ahead. Each run is logged at debug level with its
 * start and end, which shows (and the multi-instance test checks) that runs never overlap.
 */
export function createJobLock(
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  log: FastifyBaseLogger,
): JobLock {
  const timed = async (job: string, work: () => Promise<void>) => {
    const startedAt = new Date().toISOString();
    await work();
    log.debug({ job, startedAt, endedAt: new Date().toISOString() }, 'scheduled job ran');
    return true;
  };
  if (database.driver === 'pglite') return { run: timed };
  return {
    async run(job, work) {
      try {
        return await database.db.transaction(async (tx) => {
          const result = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(${scheduledJobsLockSpace}, hashtext(${job})) as locked`,
          )) as unknown as { rows: { locked: boolean }[] };
          if (!result.rows[0]?.locked) return false;
          return timed(job, work);
        });
      } catch (err) {
        // The database away: the job is tried again at its next turn.
        log.warn({ err, job }, 'scheduled job could not take its lock');
        return false;
      }
    },
  };
}
