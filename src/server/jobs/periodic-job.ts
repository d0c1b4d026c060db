import type { JobLock } from './job-lock';

/** A scheduled job that one server at a time may run (`lock`), known by `name`. */
export interface ExclusiveJob {
  name: string;
  lock: JobLock;
}

/**
 * Runs `run` every `intervalMs` in the background (0: never). One run at a time: the next is
 * scheduled when the previous ends; with `exclusive`, one run at a time across every server on
 * the database too (a server finding the job taken skips that turn). Answers a stop function that
 * waits for a run under way, so the database can close after it. `run` reports its own failures.
 */
export function startPeriodicJob(intervalMs: number, run: () => Promise<void>, exclusive?: ExclusiveJob) {
  if (intervalMs === 0) return async () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const turn = exclusive ? () => exclusive.lock.run(exclusive.name, run) : run;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = turn().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
