import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

export type EventRow = Insertable<DB['analytics_events']>;
export type RollupRow = DB['analytics_daily'];

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

/**
 * Writes one batch in one transaction: the events, the visits and visitor-days not seen before,
 * and the rollups `rollups` computes from what was new.
 */
export async function writeBatch(
  db: Kysely<DB>,
  events: EventRow[],
  visits: VisitKey[],
  visitorDays: VisitorDayKey[],
  rollups: (newVisits: VisitKey[], newVisitorDays: VisitorDayKey[]) => RollupRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
    for (const part of chunks(rollups(newVisits, newDays))) {
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

export async function uniqueVisitors(db: Kysely<DB>, websiteId: string, from: number, to: number) {
  const row = await db
    .selectFrom('analytics_visitor_days')
    .select(sql<number>`count(distinct visitor_id)`.as('n'))
    .where('website_id', '=', websiteId)
    .where('day', '>=', from)
    .where('day', '<=', to)
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
    .select(['at', 'kind', 'name', 'path', 'referrer', 'item_id', 'value', 'device', 'visitor_id'])
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
  settings: { census_disabled?: number; cookie_consent?: string },
) {
  return db.updateTable('websites').set(settings).where('id', '=', websiteId).execute();
}
