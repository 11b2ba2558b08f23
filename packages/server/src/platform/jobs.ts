/**
 * A background job that runs one pass at a time: `runOnce` waits for a pass in flight before
 * starting the next (tests and the timer never overlap), the timer re-arms after each pass, a
 * failed pass is logged and the job goes on, and `stop` waits for the pass in flight.
 */
export interface PollingJob<T> {
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

export interface PollingJobOptions<T> {
  pass: () => Promise<T>;
  pollMs: number;
  /** What a failed pass is logged as, e.g. 'outbox pass failed'. */
  failureMessage: string;
  log: { warn(data: object, message: string): void };
  autoStart?: boolean;
}

export function startPollingJob<T>(options: PollingJobOptions<T>): PollingJob<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<T> | null = null;

  function runOnce(): Promise<T> {
    const previous: Promise<unknown> = inFlight ?? Promise.resolve();
    const run = previous.then(options.pass, options.pass);
    inFlight = run.finally(() => {
      if (inFlight === run) inFlight = null;
    });
    return run;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce().then(schedule, (err) => {
        options.log.warn({ error: err instanceof Error ? err.message : String(err) }, options.failureMessage);
        schedule();
      });
    }, options.pollMs);
    // A job never keeps the process alive by itself; the server does.
    timer.unref();
  }

  if (options.autoStart !== false) schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight?.catch(() => undefined);
    },
  };
}
