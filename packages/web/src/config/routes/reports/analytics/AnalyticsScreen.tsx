import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AnalyticsReport,
  type AnalyticsSettings,
  analyticsCsvUrl,
  analyticsQuery,
  type DayRange,
  type KeyCount,
  type PeriodTotals,
  useSaveAnalyticsSettings,
} from '../../../api/analytics';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FieldFrame } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { areaContext } from '../../../context';
import { TEXTS } from '../../../texts';

// The chart library is large: only this screen loads it, after its numbers are on screen.
const TrafficChart = lazy(() => import('./Charts').then((m) => ({ default: m.TrafficChart })));
const FunnelChart = lazy(() => import('./Charts').then((m) => ({ default: m.FunnelChart })));

const DAY_MS = 86_400_000;
const PRESETS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The store's calendar date of `ms` (en-CA writes YYYY-MM-DD). */
const isoDay = (ms: number, timeZone = areaContext().timeZone ?? 'UTC') =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);

/** The range in the address: ?days=N (ending today in the store's time zone), or ?from=…&to=…; 30 days by default. */
export function rangeFrom(params: URLSearchParams, now = Date.now()): DayRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && ISO_DAY.test(from) && ISO_DAY.test(to)) return { from, to };
  const days = Number(params.get('days'));
  const n = (PRESETS as readonly number[]).includes(days) ? days : DEFAULT_DAYS;
  return { from: isoDay(now - (n - 1) * DAY_MS), to: isoDay(now) };
}

function number(n: number): string {
  return new Intl.NumberFormat(areaContext().locale).format(n);
}

function amount(n: number): string {
  return new Intl.NumberFormat(areaContext().locale, {
    style: 'currency',
    currency: areaContext().currency,
  }).format(n);
}

function change(now: number, before: number): string {
  if (before === 0) return TEXTS.noPrevious;
  const pct = Math.round(((now - before) / before) * 100);
  return TEXTS.comparedWith(`${pct > 0 ? '+' : ''}${pct}%`);
}

function Stat({
  label,
  now,
  before,
  format = number,
}: {
  label: string;
  now: number;
  before: number;
  format?: (n: number) => string;
}) {
  return (
    <li className="cfg-stat">
      <span className="cfg-stat-label">{label}</span>
      <span className="cfg-stat-value">{format(now)}</span>
      <span className="cfg-hint">{change(now, before)}</span>
    </li>
  );
}

const keyCol = columnsFor<KeyCount>();
function keyCountColumns(
  keyHeader: string,
  label: (key: string) => string = (k) => k,
  countHeader: string = TEXTS.count,
) {
  return [
    keyCol.accessor('key', { header: keyHeader, cell: (info) => label(info.getValue()) }),
    keyCol.accessor('count', { header: countHeader, cell: (info) => number(info.getValue()) }),
  ];
}
const pageColumns = keyCountColumns(TEXTS.page, (k) => k, TEXTS.pageViews);
const referrerColumns = keyCountColumns(TEXTS.source, (k) => k, TEXTS.visits);
const deviceColumns = keyCountColumns(TEXTS.device, (k) => TEXTS.deviceNames[k] ?? k, TEXTS.visits);
const errorColumns = keyCountColumns(TEXTS.message, (k) => k, TEXTS.reports);
const cartErrorColumns = keyCountColumns(TEXTS.errorType);
const regionNames = new Intl.DisplayNames(undefined, { type: 'region' });
const countryColumns = keyCountColumns(
  TEXTS.country,
  (k) => (k === 'XX' ? TEXTS.unknownCountry : (regionNames.of(k) ?? k)),
  TEXTS.visits,
);

type Vital = AnalyticsReport['vitals'][number];
const vitalCol = columnsFor<Vital>();
const vitalColumns = [
  vitalCol.accessor('name', { header: TEXTS.vital }),
  vitalCol.accessor('path', {
    header: TEXTS.page,
    cell: (info) => (info.getValue() === '*' ? TEXTS.allPages : info.getValue()),
  }),
  vitalCol.accessor('p75', {
    header: '75th percentile',
    cell: (info) =>
      info.row.original.name === 'CLS'
        ? info.getValue().toFixed(3)
        : `${number(Math.round(info.getValue()))} ms`,
  }),
  vitalCol.accessor('band', {
    header: TEXTS.status,
    cell: (info) => (
      <span className={`cfg-badge cfg-band-${info.getValue()}`}>{TEXTS.vitalBands[info.getValue()]}</span>
    ),
  }),
  vitalCol.accessor('samples', { header: TEXTS.samples, cell: (info) => number(info.getValue()) }),
];

interface FunnelRow {
  step: string;
  label: string;
  count: number;
  rate: string;
}
const funnelCol = columnsFor<FunnelRow>();
const funnelColumns = [
  funnelCol.accessor('label', { header: TEXTS.funnelStep }),
  funnelCol.accessor('count', { header: TEXTS.funnelCount, cell: (info) => number(info.getValue()) }),
  funnelCol.accessor('rate', { header: TEXTS.funnelRate }),
];

function funnelRows(totals: PeriodTotals): FunnelRow[] {
  return totals.funnel.map((s, i) => {
    const before = i === 0 ? null : totals.funnel[i - 1].count;
    return {
      step: s.step,
      label: TEXTS.funnelSteps[s.step] ?? s.step,
      count: s.count,
      rate: before === null ? '—' : before === 0 ? '—' : `${Math.round((s.count / before) * 100)}%`,
    };
  });
}

function ChartFallback() {
  return <div className="cfg-skeleton cfg-chart-skeleton" aria-hidden="true" />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="cfg-report" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function SettingsForm({ settings }: { settings: AnalyticsSettings }) {
  const save = useSaveAnalyticsSettings();
  return (
    <Section title={TEXTS.analyticsSettings}>
      <FieldFrame
        id="analytics-census-disabled"
        label={TEXTS.censusDisabled}
        hint={TEXTS.censusDisabledHint}
        inline
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={settings.censusDisabled}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ censusDisabled: e.target.checked })}
          />
        )}
      </FieldFrame>
      <FieldFrame id="analytics-cookie-consent" label={TEXTS.cookieConsent} hint={TEXTS.cookieConsentHint}>
        {(control) => (
          <select
            {...control}
            value={settings.cookieConsent}
            disabled={save.isPending}
            onChange={(e) =>
              save.mutate({ cookieConsent: e.target.value as AnalyticsSettings['cookieConsent'] })
            }
          >
            {Object.entries(TEXTS.cookieConsentModes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame
        id="analytics-test-purchases"
        label={TEXTS.testPurchases}
        hint={TEXTS.testPurchasesHint}
        inline
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={settings.testPurchases}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ testPurchases: e.target.checked })}
          />
        )}
      </FieldFrame>
      {save.isError && <ErrorNotice error={save.error} />}
    </Section>
  );
}

export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => rangeFrom(params), [params]);
  const { data: contributor } = useQuery(sessionQuery());
  const report = useQuery(analyticsQuery(range));
  const preset = params.get('from') ? null : Number(params.get('days')) || DEFAULT_DAYS;

  function setRange(next: Partial<DayRange>) {
    const merged = { ...range, ...next };
    if (merged.from > merged.to) return;
    setParams(new URLSearchParams({ from: merged.from, to: merged.to }));
  }

  const days = report.data?.series.map((d) => ({
    label: new Intl.DateTimeFormat(areaContext().locale, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(d.day * DAY_MS)),
    visits: d.visits,
    pageviews: d.pageviews,
  }));

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.analytics}</h1>
        <a className="cfg-button" href={analyticsCsvUrl(range)} download>
          {TEXTS.exportCsv}
        </a>
      </div>
      <div className="cfg-filters">
        <fieldset className="cfg-choices cfg-range-presets">
          <legend className="cfg-visually-hidden">{TEXTS.analyticsRange}</legend>
          {PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className={preset === n ? 'cfg-button cfg-button-primary' : 'cfg-button'}
              aria-pressed={preset === n}
              onClick={() => setParams(new URLSearchParams({ days: String(n) }))}
            >
              {TEXTS.lastDays(n)}
            </button>
          ))}
        </fieldset>
        <FieldFrame id="analytics-from" label={TEXTS.analyticsFrom}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => e.target.value && setRange({ from: e.target.value })}
            />
          )}
        </FieldFrame>
        <FieldFrame id="analytics-to" label={TEXTS.analyticsTo}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => e.target.value && setRange({ to: e.target.value })}
            />
          )}
        </FieldFrame>
      </div>
      {report.isPending ? (
        <SkeletonTable columns={4} />
      ) : report.isError ? (
        <LoadError onRetry={() => report.refetch()} />
      ) : (
        <div className="cfg-reports" aria-busy={report.isFetching}>
          <ul className="cfg-stats">
            <Stat label={TEXTS.visits} now={report.data.totals.visits} before={report.data.previous.visits} />
            <Stat
              label={TEXTS.uniqueVisitors}
              now={report.data.totals.visitors}
              before={report.data.previous.visitors}
            />
            <Stat
              label={TEXTS.pageViews}
              now={report.data.totals.pageviews}
              before={report.data.previous.pageviews}
            />
            <Stat
              label={TEXTS.revenue}
              now={report.data.totals.revenue}
              before={report.data.previous.revenue}
              format={amount}
            />
          </ul>
          <Section title={TEXTS.trafficByDay}>
            <Suspense fallback={<ChartFallback />}>
              <TrafficChart data={days ?? []} />
            </Suspense>
          </Section>
          <Section title={TEXTS.funnel}>
            <Suspense fallback={<ChartFallback />}>
              <FunnelChart data={funnelRows(report.data.totals)} />
            </Suspense>
            <DataTable
              caption={TEXTS.funnel}
              columns={funnelColumns}
              data={funnelRows(report.data.totals)}
              rowId={(r) => r.step}
              empty={TEXTS.nothingYet}
            />
          </Section>
          <div className="cfg-report-columns">
            <Section title={TEXTS.topPages}>
              <DataTable
                caption={TEXTS.topPages}
                columns={pageColumns}
                data={report.data.topPages}
                rowId={(r) => r.key}
                empty={TEXTS.nothingYet}
              />
            </Section>
            <Section title={TEXTS.referrers}>
              <DataTable
                caption={TEXTS.referrers}
                columns={referrerColumns}
                data={report.data.referrers}
                rowId={(r) => r.key}
                empty={TEXTS.nothingYet}
              />
            </Section>
            <Section title={TEXTS.devices}>
              <DataTable
                caption={TEXTS.devices}
                columns={deviceColumns}
                data={report.data.devices}
                rowId={(r) => r.key}
                empty={TEXTS.nothingYet}
              />
            </Section>
            <Section title={TEXTS.countries}>
              <DataTable
                caption={TEXTS.countries}
                columns={countryColumns}
                data={report.data.countries}
                rowId={(r) => r.key}
                empty={TEXTS.nothingYet}
              />
            </Section>
            <Section title={TEXTS.cartErrors}>
              <DataTable
                caption={TEXTS.cartErrors}
                columns={cartErrorColumns}
                data={report.data.cartErrors}
                rowId={(r) => r.key}
                empty={TEXTS.nothingYet}
              />
            </Section>
          </div>
          <Section title={TEXTS.webVitals}>
            <DataTable
              caption={TEXTS.webVitals}
              columns={vitalColumns}
              data={report.data.vitals}
              rowId={(r) => `${r.name} ${r.path}`}
              empty={TEXTS.nothingYet}
            />
          </Section>
          <Section title={TEXTS.errorReports}>
            <DataTable
              caption={TEXTS.errorReports}
              columns={errorColumns}
              data={report.data.errors}
              rowId={(r) => r.key}
              empty={TEXTS.nothingYet}
            />
          </Section>
          {can(contributor, 'settings.write') && <SettingsForm settings={report.data.settings} />}
        </div>
      )}
    </>
  );
}
