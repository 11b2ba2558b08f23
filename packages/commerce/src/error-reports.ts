/** Spec §8–§9 browser error reports: the rules of the reporter a page fetches at its first error. */

/** Spec §9 error reporting: 20 reports a page, a queue of 10, stacks cut at 5000 characters, 1 s debounce. */
export const ERROR_REPORTS_PER_PAGE = 20;
export const ERROR_QUEUE_SIZE = 10;
export const ERROR_STACK_MAX = 5000;
export const ERROR_DEBOUNCE_MS = 1000;
/** Spec §8 "Error tracking event: HTTP Status {code}". */
export function trackerFailureMessage(status: number): string {
  return `Error tracking event: HTTP Status ${status}`;
}

/**
 * Spec §9 error-report throttle of one page: at most 20 reports, at most 10 waiting, sent 1 s
 * after the last one queued. Answers whether the report was taken.
 */
export class ErrorReportThrottle<T> {
  private taken = 0;
  private queue: T[] = [];

  offer(report: T): boolean {
    if (this.taken >= ERROR_REPORTS_PER_PAGE || this.queue.length >= ERROR_QUEUE_SIZE) return false;
    this.taken += 1;
    this.queue.push(report);
    return true;
  }

  drain(): T[] {
    const out = this.queue;
    this.queue = [];
    return out;
  }
}

/** Cuts a stack trace to spec §9's 5000 characters. */
export function cutStack(stack: string | undefined): string {
  return (stack ?? '').slice(0, ERROR_STACK_MAX);
}
