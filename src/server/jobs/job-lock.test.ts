import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db';
import { openTestDatabase } from '../test/test-database';
import { createJobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

/*
 * Two locks on one database stand for two servers (src/server/multi-instance.test.ts runs three
 * real ones). On PostgreSQL one job runs on one server at a time; PGlite has one process, so
 * there the lock lets every run through.
 */

let database: DatabaseHandle;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A promise and the function that resolves it (Promise.withResolvers needs Node 22). */
function gate() {
  const handle: { open: () => void; opened?: Promise<void> } = { open: () => undefined };
  handle.opened = new Promise<void>((resolve) => {
    handle.open = resolve;
  });
  return handle as Required<typeof handle>;
}

describe('the scheduled job lock', () => {
  it('lets one server run a job while another skips it, and any server run it afterwards', async () => {
    const [first, second] = [createJobLock(database, log), createJobLock(database, log)];
    const holding = gate();
    const started = gate();
    const running = first.run('audit-purge', async () => {
      started.open();
      await holding.opened;
    });
    await started.opened;
    let secondRan = false;
    const skipped = await second.run('audit-purge', async () => {
      secondRan = true;
    });
    // Another job is not held by this one.
    expect(await second.run('file-sweep', async () => undefined)).toBe(true);
    holding.open();
    expect(await running).toBe(true);
    if (database.driver === 'pg') {
      expect(skipped).toBe(false);
      expect(secondRan).toBe(false);
    } else {
      expect(skipped).toBe(true);
      expect(secondRan).toBe(true);
    }
    expect(await second.run('audit-purge', async () => undefined)).toBe(true);
  });

  it('a periodic job given the lock never runs on two servers at once', async () => {
    const locks = [createJobLock(database, log), createJobLock(database, log)];
    let inside = 0;
    let most = 0;
    let runs = 0;
    const stops = locks.map((lock) =>
      startPeriodicJob(
        5,
        async () => {
          inside += 1;
          most = Math.max(most, inside);
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          inside -= 1;
        },
        { name: 'signing-reminders', lock },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const stop of stops) await stop();
    expect(runs).toBeGreaterThan(3);
    if (database.driver === 'pg') expect(most).toBe(1);
  });
});
