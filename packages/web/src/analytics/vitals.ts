/**
 * Web vitals of spec §9 read from the browser's PerformanceObserver entries: FCP, LCP, CLS (the
 * largest session window: shifts less than 1 s apart within 5 s), INP (the slowest interaction),
 * FID where the browser still reports a first input, and TTFB. Each report is the metric's latest
 * value; the caller keeps the last one per name.
 */
export type VitalReport = (name: string, value: number, element?: Element | null) => void;

const CLS_GAP_MS = 1000;
const CLS_WINDOW_MS = 5000;
/** Event-timing entries shorter than this are not interactions worth reporting. */
const EVENT_DURATION_THRESHOLD_MS = 40;

type Entry = PerformanceEntry & {
  element?: Element | null;
  target?: Element | null;
  value?: number;
  hadRecentInput?: boolean;
  interactionId?: number;
  processingStart?: number;
  sources?: { node?: Node | null }[];
};

function observe(type: string, onEntries: (entries: Entry[]) => void, extra: object = {}): void {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries() as Entry[])).observe({
      type,
      buffered: true,
      ...extra,
    } as PerformanceObserverInit);
  } catch {
    // This browser does not report that entry type.
  }
}

export function observeVitals(report: VitalReport): void {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav) report('TTFB', Math.max(0, nav.responseStart));

  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint') report('FCP', e.startTime);
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) report('LCP', last.startTime, last.element);
  });

  let cls = 0;
  let session = 0;
  let first = 0;
  let previous = 0;
  report('CLS', 0);
  observe('layout-shift', (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      const joins = session > 0 && e.startTime - previous < CLS_GAP_MS && e.startTime - first < CLS_WINDOW_MS;
      session = joins ? session + (e.value ?? 0) : (e.value ?? 0);
      if (!joins) first = e.startTime;
      previous = e.startTime;
      if (session > cls) {
        cls = session;
        const node = e.sources?.[0]?.node;
        report('CLS', cls, node instanceof Element ? node : null);
      }
    }
  });

  let inp = 0;
  observe(
    'event',
    (entries) => {
      for (const e of entries) {
        if (e.interactionId && e.duration > inp) {
          inp = e.duration;
          report('INP', inp, e.target);
        }
      }
    },
    { durationThreshold: EVENT_DURATION_THRESHOLD_MS },
  );
  observe('first-input', (entries) => {
    const e = entries[0];
    if (e?.processingStart !== undefined) report('FID', e.processingStart - e.startTime, e.target);
  });
}
