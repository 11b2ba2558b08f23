import { createHash } from 'node:crypto';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  sql,
  type Transaction,
} from 'kysely';
import type { DB } from '../../db/schema.js';

export type EventRow = Insertable<DB['analytics_events']>;
export type RollupRow = DB['analytics_daily'];
type VisitorDaysDailyRow = DB['analytics_visitor_days_daily'];

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits with 15 columns. */
const INSERT_CHUNK = 500;

function chunks<T>(rows: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export interface VisitKey {
  website_id: string;
  visitor_id: string;
  visit_count: number;
  day: number;
}

export interface VisitorDayKey {
  website_id: string;
  day: number;
  visitor_id: string;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const visitOrder = (a: VisitKey, b: VisitKey) =>
  compare(a.website_id, b.website_id) || compare(a.visitor_id, b.visitor_id) || a.visit_count - b.visit_count;
const dayOrder = (a: VisitorDayKey, b: VisitorDayKey) =>
  compare(a.website_id, b.website_id) || a.day - b.day || compare(a.visitor_id, b.visitor_id);
const visitorDaysDailyOrder = (a: VisitorDaysDailyRow, b: VisitorDaysDailyRow) =>
  compare(a.website_id, b.website_id) || a.day - b.day || a.previous_day - b.previous_day;
const rollupOrder = (a: RollupRow, b: RollupRow) =>
  compare(a.website_id, b.website_id) ||
  compare(a.metric, b.metric) ||
  a.day - b.day ||
  compare(a.key, b.key);

/** The previous day of a visitor's first active day in the per-day rollup (migration 0023). */
export const NO_PREVIOUS_DAY = -1;

/** A 64-bit PostgreSQL advisory lock key of one visitor of one site. */
function visitorLockKey(websiteId: string, visitorId: string): bigint {
  return createHash('sha256').update(`${websiteId}\n${visitorId}`).digest().readBigInt64BE(0);
}

/**
 * Sets `previous_day` of the new visitor-days, and of each touched visitor's later days (a day
 * written late, e.g. by an import, becomes the previous day of the one after it), and moves each
 * changed day in the rollup by previous day. On PostgreSQL the visitors are locked first (in one
 * order), so two batches with days of one visitor link them one after the other, each seeing the
 * other's committed days.
 */
async function linkVisitorDays(trx: Transaction<DB>, newDays: VisitorDayKey[]): Promise<void> {
  const earliest = new Map<string, VisitorDayKey>();
  for (const d of newDays) {
    const k = `${d.website_id}\n${d.visitor_id}`;
    const seen = earliest.get(k);
    if (!seen || d.day < seen.day) earliest.set(k, d);
  }
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const keys = [...new Set([...earliest.values()].map((d) => visitorLockKey(d.website_id, d.visitor_id)))];
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    await sql`SELECT pg_advisory_xact_lock(k) FROM unnest(${keys.map(String)}::bigint[]) AS k`.execute(trx);
  }
  const fresh = new Set(newDays.map((d) => `${d.website_id}\n${d.visitor_id}\n${d.day}`));
  const counts = new Map<string, VisitorDaysDailyRow>();
  const move = (website_id: string, day: number, previous: number | null, by: number) => {
    const previous_day = previous ?? NO_PREVIOUS_DAY;
    const k = `${website_id}\n${day}\n${previous_day}`;
    const row = counts.get(k) ?? { website_id, day, previous_day, count: 0 };
    row.count += by;
    counts.set(k, row);
  };
  for (const part of chunks([...earliest.values()], INSERT_CHUNK / 2)) {
    const touched = (eb: ExpressionBuilder<DB, 'analytics_visitor_days'>) =>
      eb.or(
        part.map((k) =>
          eb.and([
            eb('analytics_visitor_days.website_id', '=', k.website_id),
            eb('analytics_visitor_days.visitor_id', '=', k.visitor_id),
            eb('analytics_visitor_days.day', '>=', k.day),
          ]),
        ),
      );
    const dayBefore = (eb: ExpressionBuilder<DB, 'analytics_visitor_days'>) =>
      eb
        .selectFrom('analytics_visitor_days as p')
        .select((p) => p.fn.max('p.day').as('day'))
        .whereRef('p.website_id', '=', 'analytics_visitor_days.website_id')
        .whereRef('p.visitor_id', '=', 'analytics_visitor_days.visitor_id')
        .whereRef('p.day', '<', 'analytics_visitor_days.day');
    const days = await trx
      .selectFrom('analytics_visitor_days')
      .select((eb) => ['website_id', 'visitor_id', 'day', 'previous_day', dayBefore(eb).as('before')])
      .where(touched)
      .execute();
    let changed = false;
    for (const d of days) {
      const before = d.before === null ? null : Number(d.before);
      const isNew = fresh.has(`${d.website_id}\n${d.visitor_id}\n${d.day}`);
      if (!isNew && before === d.previous_day) continue;
      if (!isNew) move(d.website_id, d.day, d.previous_day, -1);
      move(d.website_id, d.day, before, 1);
      if (before !== d.previous_day) changed = true;
    }
    // The same rows, the same answers: the visitors' days can't change meanwhile (lock, or SQLite's one writer).
    if (changed)
      await trx
        .updateTable('analytics_visitor_days')
        .set({ previous_day: dayBefore })
        .where(touched)
        .execute();
  }
  const moved = [...counts.values()].filter((r) => r.count !== 0).sort(visitorDaysDailyOrder);
  for (const part of chunks(moved)) {
    await trx
      .insertInto('analytics_visitor_days_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['website_id', 'day', 'previous_day']).doUpdateSet({
          count: sql`analytics_visitor_days_daily.count + excluded.count`,
        }),
      )
      .execute();
  }
}

/** PostgreSQL partitions of analytics_events already made, by first millisecond of the month. */
const madePartitions = new WeakMap<Kysely<DB>, Set<number>>();

/** The first millisecond (UTC) of the month holding `ms`, and of the month after it. */
export function monthBounds(ms: number): [number, number] {
  const d = new Date(ms);
  return [
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  ];
}

/**
 * PostgreSQL: makes the month partitions (migration 0022) the events need, once each; a partition
 * made meanwhile by another process is fine. SQLite has one table: nothing to do.
 */
export async function ensurePartitions(db: Kysely<DB>, events: { at: number }[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const made = madePartitions.get(db) ?? new Set<number>();
  madePartitions.set(db, made);
  const months = new Set(events.map((e) => monthBounds(e.at)[0]));
  for (const from of months) {
    if (made.has(from)) continue;
    const to = monthBounds(from)[1];
    const name = `analytics_events_m${new Date(from).toISOString().slice(0, 7).replace('-', '')}`;
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.id(name)} PARTITION OF analytics_events
          FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(db);
    } catch (err) {
      // 42P07 / 23505: another process made it between our check and our create.
      const code = (err as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw err;
    }
    made.add(from);
  }
}

interface Inserted {
  newVisits: VisitKey[];
  newDays: VisitorDayKey[];
}

/** Events, visits and visitor-days, a few hundred rows a statement (SQLite's bound-parameter limit). */
async function insertInChunks(
  trx: Transaction<DB>,
  events: EventRow[],
  visits: VisitKey[],
  visitorDays: VisitorDayKey[],
): Promise<Inserted> {
  for (const part of chunks(events)) await trx.insertInto('analytics_events').values(part).execute();
  const newVisits: VisitKey[] = [];
  for (const part of chunks(visits)) {
    newVisits.push(
      ...(await trx
        .insertInto('analytics_visits')
        .values(part)
        .onConflict((oc) => oc.columns(['website_id', 'visitor_id', 'visit_count']).doNothing())
        .returning(['website_id', 'visitor_id', 'visit_count', 'day'])
        .execute()),
    );
  }
  const newDays: VisitorDayKey[] = [];
  for (const part of chunks(visitorDays)) {
    newDays.push(
      ...(await trx
        .insertInto('analytics_visitor_days')
        .values(part)
        .onConflict((oc) => oc.columns(['website_id', 'day', 'visitor_id']).doNothing())
        .returning(['website_id', 'day', 'visitor_id'])
        .execute()),
    );
  }
  return { newVisits, newDays };
}

/** One array parameter a column, so a statement's size and parameters don't grow with its rows. */
const column = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key] ?? null);

/**
 * PostgreSQL: events, visits and visitor-days in one statement, each table's rows from one array
 * a column: one round trip instead of three, and no per-row statement building.
 */
async function insertPostgres(
  trx: Transaction<DB>,
  events: EventRow[],
  visits: VisitKey[],
  visitorDays: VisitorDayKey[],
): Promise<Inserted> {
  const e = <K extends keyof EventRow>(key: K) => column(events, key);
  const { rows } = await sql<{
    t: 'v' | 'd';
    website_id: string;
    visitor_id: string;
    visit_count: number;
    day: number;
  }>`
    WITH e AS (
      INSERT INTO analytics_events
        (id, website_id, at, day, kind, name, visitor_id, visit_count, path, referrer, item_id, value, device, data, country)
      SELECT * FROM unnest(${e('id')}::text[], ${e('website_id')}::text[], ${e('at')}::bigint[],
        ${e('day')}::integer[], ${e('kind')}::text[], ${e('name')}::text[], ${e('visitor_id')}::text[],
        ${e('visit_count')}::integer[], ${e('path')}::text[], ${e('referrer')}::text[], ${e('item_id')}::text[],
        ${e('value')}::double precision[], ${e('device')}::text[], ${e('data')}::text[], ${e('country')}::text[])
    ), v AS (
      INSERT INTO analytics_visits (website_id, visitor_id, visit_count, day)
      SELECT * FROM unnest(${column(visits, 'website_id')}::text[], ${column(visits, 'visitor_id')}::text[],
        ${column(visits, 'visit_count')}::integer[], ${column(visits, 'day')}::integer[])
      ON CONFLICT (website_id, visitor_id, visit_count) DO NOTHING
      RETURNING website_id, visitor_id, visit_count, day
    ), d AS (
      INSERT INTO analytics_visitor_days (website_id, day, visitor_id)
      SELECT * FROM unnest(${column(visitorDays, 'website_id')}::text[], ${column(visitorDays, 'day')}::integer[],
        ${column(visitorDays, 'visitor_id')}::text[])
      ON CONFLICT (website_id, day, visitor_id) DO NOTHING
      RETURNING website_id, day, visitor_id
    )
    SELECT 'v' AS t, website_id, visitor_id, visit_count, day FROM v
    UNION ALL SELECT 'd', website_id, visitor_id, NULL, day FROM d`.execute(trx);
  const inserted: Inserted = { newVisits: [], newDays: [] };
  for (const { t, website_id, visitor_id, visit_count, day } of rows) {
    if (t === 'v') inserted.newVisits.push({ website_id, visitor_id, visit_count, day });
    else inserted.newDays.push({ website_id, visitor_id, day });
  }
  return inserted;
}

/**
 * Writes one batch in one transaction: the events, the visits and visitor-days not seen before,
 * and the rollups `rollups` computes from what was new. Keys are written in one order, so two
 * batches committing at once (PostgreSQL) wait on each other's rows instead of deadlocking.
 */
export async function writeBatch(
  db: Kysely<DB>,
  events: EventRow[],
  visits: VisitKey[],
  visitorDays: VisitorDayKey[],
  rollups: (newVisits: VisitKey[], newVisitorDays: VisitorDayKey[]) => RollupRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sortedVisits = [...visits].sort(visitOrder);
    const sortedDays = [...visitorDays].sort(dayOrder);
    const { newVisits, newDays } =
      trx.getExecutor().adapter instanceof PostgresAdapter
        ? await insertPostgres(trx, events, sortedVisits, sortedDays)
        : await insertInChunks(trx, events, sortedVisits, sortedDays);
    if (newDays.length > 0) await linkVisitorDays(trx, newDays);
    for (const part of chunks(rollups(newVisits, newDays).sort(rollupOrder))) {
      await trx
        .insertInto('analytics_daily')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['website_id', 'metric', 'day', 'key']).doUpdateSet({
            count: sql`analytics_daily.count + excluded.count`,
            total: sql`analytics_daily.total + excluded.total`,
          }),
        )
        .execute();
    }
  });
}

/** Sums of one metric over a range of days, by key, largest count first. */
export function rollupByKey(
  db: Kysely<DB>,
  websiteId: string,
  metric: string,
  from: number,
  to: number,
  limit?: number,
) {
  let q = db
    .selectFrom('analytics_daily')
    .select(['key', sql<number>`sum(count)`.as('count'), sql<number>`sum(total)`.as('total')])
    .where('website_id', '=', websiteId)
    .where('metric', '=', metric)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('key')
    .orderBy(sql`sum(count)`, 'desc')
    .orderBy('key');
  if (limit) q = q.limit(limit);
  return q.execute();
}

/** Sum of one metric's counts over a range of days, all keys together. */
export async function rollupTotal(
  db: Kysely<DB>,
  websiteId: string,
  metric: string,
  from: number,
  to: number,
) {
  const row = await db
    .selectFrom('analytics_daily')
    .select(sql<number>`coalesce(sum(count), 0)`.as('count'))
    .where('website_id', '=', websiteId)
    .where('metric', '=', metric)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Sums of one metric by day. */
export function rollupByDay(db: Kysely<DB>, websiteId: string, metric: string, from: number, to: number) {
  return db
    .selectFrom('analytics_daily')
    .select(['day', sql<number>`sum(count)`.as('count'), sql<number>`sum(total)`.as('total')])
    .where('website_id', '=', websiteId)
    .where('metric', '=', metric)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
}

/**
 * Visitors active in the range: each counted on its first day in it (no earlier day, or one
 * before `from`), from the per-day rollup by previous day.
 */
export async function uniqueVisitors(db: Kysely<DB>, websiteId: string, from: number, to: number) {
  const row = await db
    .selectFrom('analytics_visitor_days_daily')
    .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
    .where('website_id', '=', websiteId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('previous_day', '<', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Raw events of a range, oldest first, for the CSV export. */
export function eventsBetween(
  db: Kysely<DB>,
  websiteId: string,
  fromMs: number,
  toMs: number,
  limit: number,
) {
  return db
    .selectFrom('analytics_events')
    .select(['at', 'kind', 'name', 'path', 'referrer', 'item_id', 'value', 'device', 'visitor_id', 'country'])
    .where('website_id', '=', websiteId)
    .where('at', '>=', fromMs)
    .where('at', '<', toMs)
    .orderBy('at')
    .limit(limit)
    .execute();
}

export async function countEvents(db: Kysely<DB>, websiteId: string) {
  const row = await db
    .selectFrom('analytics_events')
    .select(sql<number>`count(*)`.as('n'))
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function saveAnalyticsSettings(
  db: Kysely<DB>,
  websiteId: string,
  settings: {
    census_disabled?: number;
    cookie_consent?: string;
    analytics_test_purchases?: number;
    meta_pixel_id?: string | null;
    google_tag_id?: string | null;
  },
) {
  return db.updateTable('websites').set(settings).where('id', '=', websiteId).execute();
}
