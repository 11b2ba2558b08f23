import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Unique visitors of a range come from a per-day rollup of visitor-days by their previous active
 * day (a few thousand rows for 90 days) instead of every visitor-day of the range (~900,000 for a
 * busy shop's 90 days). A visitor-day without a previous day is kept under -1 (a key can't be null).
 * The index 0022 made for counting over the visitor-days is no longer read: writes skip it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_visitor_days_daily')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('previous_day', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitor_days_daily_pk', ['website_id', 'day', 'previous_day'])
    // SQLite: rows in key order, so a range of days is one run of the table.
    .$call((t) => (db.getExecutor().adapter instanceof PostgresAdapter ? t : t.modifyEnd(sql`WITHOUT ROWID`)))
    .execute();
  await sql`INSERT INTO analytics_visitor_days_daily (website_id, day, previous_day, count)
      SELECT website_id, day, coalesce(previous_day, -1), count(*) FROM analytics_visitor_days
      GROUP BY website_id, day, coalesce(previous_day, -1)`.execute(db);
  await db.schema.dropIndex('analytics_visitor_days_first_idx').execute();
}
