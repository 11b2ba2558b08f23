import {
  cutStack,
  ERROR_DEBOUNCE_MS,
  ErrorReportThrottle,
  trackerFailureMessage,
} from '@storefront/commerce';
import { readCrumb } from '../cookies';
import { JSON_TYPE, post } from './transport';

interface Report {
  message: string;
  stack: string;
  path: string;
  source?: string;
  line?: number;
  column?: number;
  visitorCookie?: string;
}

/**
 * Uncaught errors (spec §8), throttled by spec §9: 20 a page, a queue of 10, sent 1 s after the
 * last. Returns what takes each error event.
 */
export function errorReporter(
  path: string,
  visitor: () => string | undefined,
): (e: ErrorEvent | PromiseRejectionEvent) => void {
  const throttle = new ErrorReportThrottle<Report>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = async () => {
    const reports = throttle.drain();
    if (reports.length === 0) return;
    const status = await post('/api/events/RecordJavascriptErrors', JSON.stringify(reports), {
      ...JSON_TYPE,
      'x-csrf-token': readCrumb(),
    });
    // Spec §8: a tracker failure is logged; the reports are not sent again.
    if (status !== 0 && (status < 200 || status > 299)) console.warn(trackerFailureMessage(status));
  };
  const offer = (message: string, stack: string | undefined, extra: Partial<Report> = {}) => {
    const visitorCookie = visitor();
    const taken = throttle.offer({
      message: message.slice(0, 1000) || 'Unknown error',
      stack: cutStack(stack),
      path,
      ...extra,
      ...(visitorCookie ? { visitorCookie } : {}),
    });
    if (!taken) return;
    clearTimeout(timer);
    timer = setTimeout(() => void send(), ERROR_DEBOUNCE_MS);
  };
  return (e) => {
    if ('reason' in e) {
      const reason = e.reason as Error | undefined;
      offer(reason?.message ?? String(e.reason), reason?.stack);
      return;
    }
    const error = e.error as Error | undefined;
    offer(e.message || String(error), error?.stack, {
      source: e.filename?.slice(0, 2048),
      line: e.lineno,
      column: e.colno,
    });
  };
}
