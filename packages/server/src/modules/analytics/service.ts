import { createHash } from 'node:crypto';
import {
  analyticsEligible,
  deviceOf,
  FUNNEL_STEPS,
  PAGE_VIEW,
  PURCHASE_EVENT,
  parseVisitorCookie,
  userCounted,
  VISITOR_COOKIE,
  VITAL_NAMES,
  type VitalName,
  vitalBand,
  zoneOffset,
} from '@storefront/commerce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { currentContributor, sessionToken } from '../../platform/owner-auth.js';
import type { AppServices } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import type { Site } from '../site/service.js';
import {
  countEvents,
  type EventRow,
  ensurePartitions,
  eventsBetween,
  type RollupRow,
  rollupByDay,
  rollupByKey,
  rollupTotal,
  saveAnalyticsSettings,
  uniqueVisitors,
  type VisitKey,
  type VisitorDayKey,
  writeBatch,
} from './repo.js';
import {
  type AnalyticsRecord,
  type ErrorReport,
  type PerformanceRecord,
  type PixelSettingsBody,
  URL_MAX,
} from './schema.js';
export { URL_MAX };

import { DEFAULT_WRITER_OPTIONS, GroupCommitWriter, type WriterOptions } from './writer.js';

export const DAY_MS = 86_400_000;
/** Rows of the top-pages, referrers and errors tables. */
export const TOP_ROWS = 10;
/** Longest range the dashboard answers, in days (two years). */
export const MAX_RANGE_DAYS = 731;
/** Rows one CSV export holds at most. */
export const EXPORT_MAX_ROWS = 100_000;
/** The referrer key of visits that came with none (typed address, bookmark) or from this site. */
export const DIRECT = '(direct)';

export type EventKind =
  | 'hit'
  | 'event'
  | 'button-click'
  | 'button-render'
  | 'form-render'
  | 'overlay'
  | 'vital'
  | 'performance'
  | 'error';

/** Zone offsets change only on (quarter-)hour marks: one look-up per zone and quarter hour. */
const OFFSET_SLOT_MS = 15 * 60_000;
/** Offsets remembered at most; a busy day needs 96 per zone. */
const OFFSET_CACHE_MAX = 10_000;
const offsets = new Map<string, number>();

function offsetAt(ms: number, timeZone: string): number {
  const slot = Math.floor(ms / OFFSET_SLOT_MS);
  const key = `${timeZone}\n${slot}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= OFFSET_CACHE_MAX) offsets.clear();
    offset = zoneOffset(slot * OFFSET_SLOT_MS, timeZone);
    offsets.set(key, offset);
  }
  return offset;
}

/** The store's calendar day of `ms` (days since 1970-01-01 in its time zone): the rollups' day. */
export function dayOf(ms: number, timeZone: string): number {
  return Math.floor((ms + offsetAt(ms, timeZone)) / DAY_MS);
}

/** The first millisecond of the store's calendar day `day`. */
export function dayStart(day: number, timeZone: string): number {
  const wall = day * DAY_MS;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** What analytics needs of a request's context: the store's time zone and settings beside the database. */
export interface AnalyticsContext extends RequestContext {
  site: {
    website: { timeZone: string };
    analytics: { censusDisabled: boolean; testPurchases: boolean };
  };
}

/** An ISO 3166 country code a proxy put in CF-IPCountry or X-Country ('XX' is its unknown). */
const COUNTRY_CODE = /^[A-Z]{2}$/;
export const UNKNOWN_COUNTRY = 'XX';

export function countryOf(header: string | string[] | undefined): string | undefined {
  const code = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return code && COUNTRY_CODE.test(code) && code !== UNKNOWN_COUNTRY ? code : undefined;
}

/** Who is asking and from where: what eligibility needs beside the page. */
export interface Requester {
  /** The signed-in contributor's roles, or null when nobody is signed in. */
  roles: readonly number[] | null;
  isBot: boolean;
  /** This site's host: referrers from it are not traffic sources. */
  host: string;
  /** The visitor cookie of the request, when the payload has none. */
  visitorCookie?: string;
  /** Where the request came from, when a proxy said (countryOf). */
  country?: string;
}

/** User agents whose isbot answer is remembered: a shop's traffic comes from a few hundred browsers. */
const USER_AGENTS_KEPT = 1000;
const botAnswers = new Map<string, boolean>();

/** isbot's one large regular expression is the costliest check of a call: run once per user agent. */
function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    if (botAnswers.size >= USER_AGENTS_KEPT) botAnswers.clear();
    answer = isbot(userAgent);
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** Who is asking, from the request: the signed-in contributor's role, bot or not, host, cookie, country. */
export async function requester(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Requester> {
  const contributor = sessionToken(request) ? await currentContributor(services, request, reply) : null;
  return {
    roles: contributor ? [contributor.role] : null,
    isBot: isBot(request.headers['user-agent'] ?? ''),
    host: request.host,
    visitorCookie: request.cookies[VISITOR_COOKIE],
    country: countryOf(request.headers['cf-ipcountry'] ?? request.headers['x-country']),
  };
}

/** Spec §6 plus bots: whether this call's events are stored at all. */
export function counted(
  ctx: { site: { analytics: { censusDisabled: boolean } } },
  who: Requester,
  path: string,
  event?: string,
): boolean {
  if (who.isBot) return false;
  return analyticsEligible({
    roles: who.roles,
    path,
    censusDisabled: ctx.site.analytics.censusDisabled,
    event,
  });
}

function pathOf(record: { pagePath?: string; url?: string }): string {
  if (record.pagePath) return record.pagePath;
  if (record.url) {
    try {
      return new URL(record.url).pathname;
    } catch {
      return '/';
    }
  }
  return '/';
}

export function recordPath(record: AnalyticsRecord): string {
  return pathOf(record);
}

/** The referrer's host, or (direct) for none or this site itself. */
export function referrerSource(referrer: string | null | undefined, host?: string): string {
  if (!referrer) return DIRECT;
  try {
    const h = new URL(referrer).host;
    return h && h !== host ? h : DIRECT;
  } catch {
    return DIRECT;
  }
}

function baseRow(
  ctx: AnalyticsContext,
  kind: EventKind,
  name: string,
  path: string,
  visitorCookie: string | undefined,
  data: unknown,
  country: string | undefined,
): EventRow {
  const at = ctx.clock.now();
  const visitor = parseVisitorCookie(visitorCookie);
  return {
    id: newId('ev'),
    website_id: ctx.websiteId,
    at,
    day: dayOf(at, ctx.site.website.timeZone),
    kind,
    name,
    visitor_id: visitor?.id ?? null,
    visit_count: visitor?.visitCount ?? null,
    path,
    referrer: null,
    item_id: null,
    value: null,
    device: 'unknown',
    data: JSON.stringify(data),
    country: country ?? null,
  };
}

/** A census hit, a census call or a commerce event, as one stored row. */
export function recordRow(
  ctx: AnalyticsContext,
  who: Requester,
  kind: EventKind,
  name: string,
  record: AnalyticsRecord,
  fallbackVisitor?: string,
): EventRow {
  const row = baseRow(
    ctx,
    kind,
    name,
    recordPath(record),
    record.visitorCookie ?? fallbackVisitor ?? who.visitorCookie,
    record,
    who.country,
  );
  // Only referrers from elsewhere are kept: moving between this site's pages is not a source.
  row.referrer = referrerSource(record.referrer, who.host) === DIRECT ? null : record.referrer!;
  row.item_id = record.itemId ?? null;
  row.device = deviceOf(record.viewportInnerWidth);
  const value = (record as { value?: unknown }).value;
  if (typeof value === 'number' && Number.isFinite(value)) row.value = value;
  return row;
}

export function performanceRow(ctx: AnalyticsContext, who: Requester, record: PerformanceRecord): EventRow {
  const vital = VITAL_NAMES.includes(record.event as VitalName);
  const row = baseRow(
    ctx,
    vital ? 'vital' : 'performance',
    record.event,
    record.data.path ?? '/',
    who.visitorCookie,
    record,
    who.country,
  );
  row.value = record.data.value ?? null;
  row.device = deviceOf(record.data.viewportInnerWidth);
  return row;
}

export function errorRow(ctx: AnalyticsContext, who: Requester, report: ErrorReport): EventRow {
  return baseRow(
    ctx,
    'error',
    'error',
    report.path,
    report.visitorCookie ?? who.visitorCookie,
    report,
    who.country,
  );
}

/**
 * An event the server records where the action happens (spec §7 SaveCustomProductForm: the
 * custom product form's fields saved with the cart entry), under the same rules as the browser's.
 */
export async function recordServerEvent(
  ctx: AnalyticsContext,
  store: AnalyticsStore,
  who: Requester,
  name: string,
  record: AnalyticsRecord,
): Promise<void> {
  if (!counted(ctx, who, recordPath(record), name)) return;
  await store.record([recordRow(ctx, who, 'event', name, record)]);
}

/** The Purchase event of a placed order: value is subtotal / 100 (spec §9), with the buyer's visitor id. */
export function purchaseRow(
  ctx: AnalyticsContext,
  order: { id: string; testMode: boolean },
  value: number,
  who: Pick<Requester, 'visitorCookie' | 'country'>,
): EventRow {
  const data = { orderId: order.id, value, ...(order.testMode ? { testMode: true } : {}) };
  const row = baseRow(ctx, 'event', PURCHASE_EVENT, '/checkout', who.visitorCookie, data, who.country);
  row.value = value;
  return row;
}

/**
 * Whether a placed order is a Purchase of the funnel: not with the census off, not bought by a
 * contributor other than a viewer (spec §6: an admin trying the checkout), and a test-mode order
 * only when the merchant counts test purchases.
 */
export function purchaseCounted(
  ctx: AnalyticsContext,
  order: { testMode: boolean },
  roles: readonly number[] | null,
): boolean {
  if (ctx.site.analytics.censusDisabled || !userCounted(roles)) return false;
  return !order.testMode || ctx.site.analytics.testPurchases;
}

/** Significant digits a vital value keeps in the rollups (at most 10% high, ~90 steps a decade). */
const VITAL_DIGITS = 2;

/**
 * Vital values are kept rounded up to two significant digits (1234 ms → 1300, 0.0567 → 0.057),
 * so their 75th percentile comes from a few hundred rollup keys instead of one per value.
 */
export function vitalBucket(value: number): number {
  if (!(value > 0)) return 0;
  const step = 10 ** (Math.floor(Math.log10(value)) - (VITAL_DIGITS - 1));
  return Number((Math.ceil(Number((value / step).toPrecision(12))) * step).toPrecision(VITAL_DIGITS + 1));
}

/** Pages whose vitals the dashboard lists one by one: the most viewed. */
export const VITAL_PAGES = 20;

/**
 * The rollup metric of one page's vitals: the path's hash, so a page's rows are one index range
 * (metric is short; the path itself may be 2,048 characters).
 */
export function pageVitalsMetric(path: string): string {
  return `pv:${createHash('sha256').update(path).digest('hex').slice(0, 24)}`;
}

const rollupKey = (r: Pick<RollupRow, 'website_id' | 'day' | 'metric' | 'key'>) =>
  `${r.website_id}\n${r.day}\n${r.metric}\n${r.key}`;

/** What one batch adds to the daily rollups. */
export function rollupsOf(
  events: EventRow[],
  newVisits: VisitKey[],
  newVisitorDays: VisitorDayKey[],
): RollupRow[] {
  const sums = new Map<string, RollupRow>();
  const add = (website_id: string, day: number, metric: string, key: string, total = 0) => {
    const k = rollupKey({ website_id, day, metric, key });
    const row = sums.get(k);
    if (row) {
      row.count += 1;
      row.total += total;
    } else {
      sums.set(k, { website_id, day, metric, key: key.slice(0, 600), count: 1, total });
    }
  };
  const firstHit = new Map<string, EventRow>();
  for (const e of events) {
    const day = e.day;
    switch (e.kind) {
      case 'hit':
        if (e.name === PAGE_VIEW) {
          add(e.website_id, day, 'pageviews', e.path);
          if (e.visitor_id) {
            const k = `${e.website_id}\n${e.visitor_id}\n${e.visit_count}`;
            if (!firstHit.has(k)) firstHit.set(k, e);
          }
        } else add(e.website_id, day, 'hits', e.name);
        break;
      case 'event':
        add(e.website_id, day, 'events', e.name, e.value ?? 0);
        if (e.name === 'AddToCartError') {
          const errorType = (JSON.parse(e.data) as { errorType?: unknown }).errorType;
          if (typeof errorType === 'string') add(e.website_id, day, 'cart-errors', errorType);
        }
        break;
      case 'vital':
        if (e.value !== null && e.value !== undefined) {
          const key = `${e.name}\t${vitalBucket(e.value)}`;
          add(e.website_id, day, 'vitals', key, e.value);
          add(e.website_id, day, pageVitalsMetric(e.path), key, e.value);
        }
        break;
      case 'error':
        add(e.website_id, day, 'errors', (JSON.parse(e.data) as { message: string }).message);
        break;
      case 'performance':
        break;
      default:
        add(e.website_id, day, 'census', e.kind);
    }
  }
  for (const v of newVisits) {
    add(v.website_id, v.day, 'visits', '');
    const hit = firstHit.get(`${v.website_id}\n${v.visitor_id}\n${v.visit_count}`);
    add(v.website_id, v.day, 'referrers', referrerSource(hit?.referrer));
    add(v.website_id, v.day, 'devices', hit?.device ?? 'unknown');
    add(v.website_id, v.day, 'landing', hit?.path ?? '/');
    add(v.website_id, v.day, 'countries', hit?.country ?? UNKNOWN_COUNTRY);
  }
  for (const d of newVisitorDays) add(d.website_id, d.day, 'visitors', '');
  return [...sums.values()];
}

/** Stores a batch: events (in their month's partition on PostgreSQL), new visits and visitor-days, and the rollups. */
export async function writeEvents(db: Kysely<DB>, events: EventRow[]): Promise<void> {
  await ensurePartitions(db, events);
  const visits = new Map<string, VisitKey>();
  const days = new Map<string, VisitorDayKey>();
  for (const e of events) {
    if (!e.visitor_id) continue;
    const d = `${e.website_id}\n${e.day}\n${e.visitor_id}`;
    if (!days.has(d)) days.set(d, { website_id: e.website_id, day: e.day, visitor_id: e.visitor_id });
    if (e.kind === 'hit' && e.name === PAGE_VIEW && e.visit_count) {
      const v = `${e.website_id}\n${e.visitor_id}\n${e.visit_count}`;
      if (!visits.has(v))
        visits.set(v, {
          website_id: e.website_id,
          visitor_id: e.visitor_id,
          visit_count: e.visit_count,
          day: e.day,
        });
    }
  }
  return writeBatch(db, events, [...visits.values()], [...days.values()], (newVisits, newDays) =>
    rollupsOf(events, newVisits, newDays),
  );
}

/** The analytics store of one app: events wait in one group commit and are answered once written. */
export interface AnalyticsStore {
  /** Resolves once the rows are committed. */
  record(rows: EventRow[]): Promise<void>;
  close(): Promise<void>;
}

/** Batches PostgreSQL commits at once: while one waits on its WAL flush the next is written. */
const POSTGRES_WRITE_CONCURRENCY = 3;

export function createAnalyticsStore(db: Kysely<DB>, options?: WriterOptions): AnalyticsStore {
  options ??=
    db.getExecutor().adapter instanceof PostgresAdapter
      ? { ...DEFAULT_WRITER_OPTIONS, concurrency: POSTGRES_WRITE_CONCURRENCY }
      : DEFAULT_WRITER_OPTIONS;
  const writer = new GroupCommitWriter<EventRow>((rows) => writeEvents(db, rows), options);
  return { record: (rows) => writer.add(rows), close: () => writer.close() };
}

export interface DayRange {
  from: number;
  to: number;
}

function percentile75(buckets: { value: number; count: number }[]): number | null {
  const total = buckets.reduce((n, b) => n + b.count, 0);
  if (total === 0) return null;
  const sorted = [...buckets].sort((a, b) => a.value - b.value);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= total * 0.75) return b.value;
  }
  return sorted[sorted.length - 1].value;
}

async function totals(ctx: RequestContext, range: DayRange) {
  // Page views summed without grouping by page: thousands of pages × days for a long range.
  const [visits, pageviews, visitors, events] = await Promise.all([
    rollupTotal(ctx.db, ctx.websiteId, 'visits', range.from, range.to),
    rollupTotal(ctx.db, ctx.websiteId, 'pageviews', range.from, range.to),
    uniqueVisitors(ctx.db, ctx.websiteId, range.from, range.to),
    rollupByKey(ctx.db, ctx.websiteId, 'events', range.from, range.to),
  ]);
  const byName = new Map(events.map((e) => [e.key, e]));
  const funnel = FUNNEL_STEPS.map((step) => ({ step, count: Number(byName.get(step)?.count ?? 0) }));
  const purchases = byName.get(PURCHASE_EVENT);
  return {
    visits,
    visitors,
    pageviews,
    revenue: Number(purchases?.total ?? 0),
    funnel,
  };
}

const rows = (list: { key: string; count: number; total: number }[]) =>
  list.map((r) => ({ key: r.key, count: Number(r.count) }));

/** Everything the dashboard shows for a range, with the previous period of the same length. */
export async function dashboard(ctx: RequestContext, range: DayRange) {
  const length = range.to - range.from + 1;
  const previous = { from: range.from - length, to: range.from - 1 };
  const [
    now,
    before,
    pageviewsByDay,
    visitsByDay,
    pages,
    referrers,
    devices,
    vitalRows,
    errors,
    cartErrors,
    countries,
  ] = await Promise.all([
    totals(ctx, range),
    totals(ctx, previous),
    rollupByDay(ctx.db, ctx.websiteId, 'pageviews', range.from, range.to),
    rollupByDay(ctx.db, ctx.websiteId, 'visits', range.from, range.to),
    rollupByKey(ctx.db, ctx.websiteId, 'pageviews', range.from, range.to, Math.max(TOP_ROWS, VITAL_PAGES)),
    rollupByKey(ctx.db, ctx.websiteId, 'referrers', range.from, range.to, TOP_ROWS),
    rollupByKey(ctx.db, ctx.websiteId, 'devices', range.from, range.to, TOP_ROWS),
    rollupByKey(ctx.db, ctx.websiteId, 'vitals', range.from, range.to),
    rollupByKey(ctx.db, ctx.websiteId, 'errors', range.from, range.to, TOP_ROWS * 2),
    rollupByKey(ctx.db, ctx.websiteId, 'cart-errors', range.from, range.to, TOP_ROWS),
    rollupByKey(ctx.db, ctx.websiteId, 'countries', range.from, range.to, TOP_ROWS),
  ]);
  const days = new Map<number, { day: number; pageviews: number; visits: number }>();
  for (let d = range.from; d <= range.to; d++) days.set(d, { day: d, pageviews: 0, visits: 0 });
  for (const r of pageviewsByDay) days.get(Number(r.day))!.pageviews = Number(r.count);
  for (const r of visitsByDay) days.get(Number(r.day))!.visits = Number(r.count);

  // All pages, then each of the most viewed pages: a page's rows are one index range of its own.
  const vitalPages = pages.slice(0, VITAL_PAGES).map((p) => p.key);
  const pageVitalRows = await Promise.all(
    vitalPages.map((path) =>
      rollupByKey(ctx.db, ctx.websiteId, pageVitalsMetric(path), range.from, range.to),
    ),
  );
  const vitalGroups = new Map<
    string,
    { name: VitalName; path: string; buckets: { value: number; count: number }[] }
  >();
  const groupVitals = (path: string, list: { key: string; count: number }[]) => {
    for (const r of list) {
      const [name, bucket] = r.key.split('\t');
      if (!VITAL_NAMES.includes(name as VitalName)) continue;
      const k = `${name}\t${path}`;
      const g = vitalGroups.get(k) ?? { name: name as VitalName, path, buckets: [] };
      vitalGroups.set(k, g);
      g.buckets.push({ value: Number(bucket), count: Number(r.count) });
    }
  };
  groupVitals('*', vitalRows);
  for (const [i, path] of vitalPages.entries()) groupVitals(path, pageVitalRows[i]);
  const vitals = [...vitalGroups.values()]
    .map((g) => {
      const p75 = percentile75(g.buckets)!;
      return {
        name: g.name,
        path: g.path,
        p75,
        band: vitalBand(g.name, p75),
        samples: g.buckets.reduce((n, b) => n + b.count, 0),
      };
    })
    .sort((a, b) =>
      a.path === b.path ? a.name.localeCompare(b.name) : a.path === '*' ? -1 : b.samples - a.samples,
    );

  return {
    range: { from: range.from, to: range.to },
    totals: now,
    previous: before,
    series: [...days.values()],
    topPages: rows(pages.slice(0, TOP_ROWS)),
    referrers: rows(referrers),
    devices: rows(devices),
    vitals,
    errors: rows(errors),
    cartErrors: rows(cartErrors),
    /** Visits by country; XX: no proxy said where from. */
    countries: rows(countries),
  };
}

/** The range's events as CSV rows (header first). */
export async function exportRows(ctx: AnalyticsContext, range: DayRange): Promise<string[][]> {
  const zone = ctx.site.website.timeZone;
  const events = await eventsBetween(
    ctx.db,
    ctx.websiteId,
    dayStart(range.from, zone),
    dayStart(range.to + 1, zone),
    EXPORT_MAX_ROWS,
  );
  return [
    ['time', 'kind', 'name', 'path', 'referrer', 'itemId', 'value', 'device', 'visitor', 'country'],
    ...events.map((e) => [
      new Date(Number(e.at)).toISOString(),
      e.kind,
      e.name,
      e.path,
      e.referrer ?? '',
      e.item_id ?? '',
      e.value === null ? '' : String(e.value),
      e.device,
      e.visitor_id ?? '',
      e.country ?? '',
    ]),
  ];
}

export function storedEventCount(ctx: RequestContext): Promise<number> {
  return countEvents(ctx.db, ctx.websiteId);
}

/** Saves the merchant's analytics settings with an audit entry of what changed, in one transaction. */
export async function saveSettings(
  ctx: RequestContext,
  actor: AuditActor,
  body: { censusDisabled?: boolean; cookieConsent?: 'off' | 'banner'; testPurchases?: boolean },
): Promise<void> {
  const set: { census_disabled?: number; cookie_consent?: string; analytics_test_purchases?: number } = {};
  if (body.censusDisabled !== undefined) set.census_disabled = body.censusDisabled ? 1 : 0;
  if (body.cookieConsent !== undefined) set.cookie_consent = body.cookieConsent;
  if (body.testPurchases !== undefined) set.analytics_test_purchases = body.testPurchases ? 1 : 0;
  if (Object.keys(set).length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    await saveAnalyticsSettings(trx, ctx.websiteId, set);
    await recordAudit(
      { db: trx, clock: ctx.clock },
      actor,
      'analytics.settings',
      `website:${ctx.websiteId}`,
      body,
    );
  });
}

/** The owner's ad-pixel screen: the ids set, null where none. */
export function pixelSettingsView(site: Site) {
  return { metaPixelId: site.pixels.meta ?? null, googleTagId: site.pixels.google ?? null };
}

/** Saves the ad-pixel ids given (null removes one) with an audit entry, in one transaction. */
export async function savePixelSettings(
  ctx: RequestContext,
  actor: AuditActor,
  body: PixelSettingsBody,
): Promise<void> {
  const set: { meta_pixel_id?: string | null; google_tag_id?: string | null } = {};
  if (body.metaPixelId !== undefined) set.meta_pixel_id = body.metaPixelId;
  if (body.googleTagId !== undefined) set.google_tag_id = body.googleTagId;
  if (Object.keys(set).length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    await saveAnalyticsSettings(trx, ctx.websiteId, set);
    await recordAudit(
      { db: trx, clock: ctx.clock },
      actor,
      'analytics.pixels',
      `website:${ctx.websiteId}`,
      body,
    );
  });
}
