/**
 * Runs `run` every `intervalMs` in the background (0: never). One run at a time: the next is
 * scheduled when the previous ends. Answers a stop function that waits for a run under way, so
 * the database can close after it. `run` reports its own failures.
 */
export function startPeriodicJob(intervalMs: number, run: () => Promise<void>) {
  if (intervalMs === 0) return async () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
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
