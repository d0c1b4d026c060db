import type { OutboxContext } from '../jobs/outbox-handler';
import { type OutboxRunOptions, type OutboxRunResult, runOutboxOnce } from '../jobs/outbox-worker';
import type { TestApp } from './test-app';

export interface DrainOptions extends Partial<OutboxRunOptions> {
  /** Run jobs due by this time (skip ahead past backoff and waits); default the database's now(). */
  now?: Date;
  /** Changes to the app's handler context (a shorter SMTP time-out, another platform server). */
  context?: Partial<OutboxContext>;
  /** Safety stop: rounds before giving up (a job that keeps waiting would loop forever). */
  maxRounds?: number;
}

/**
 * Runs the app's outbox worker until nothing more is due (by `now`), as the background worker
 * would: each round claims due jobs and runs them. A round in which every job only waited ends
 * the drain. Answers the summed outcomes.
 */
export async function drainOutbox(testApp: Pick<TestApp, 'app'>, options: DrainOptions = {}) {
  const { context: overrides, maxRounds = 100, ...runOptions } = options;
  const context: OutboxContext = { ...testApp.app.outboxContext, ...overrides };
  const total: OutboxRunResult = { claimed: 0, done: 0, retried: 0, failed: 0, waiting: 0 };
  for (let round = 0; round < maxRounds; round += 1) {
    const result = await runOutboxOnce(context, { retryBaseMs: 1000, ...runOptions });
    for (const key of Object.keys(total) as (keyof OutboxRunResult)[]) total[key] += result[key];
    if (result.claimed === 0 || result.waiting === result.claimed) break;
  }
  return total;
}
