import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { pageVitalsMetric, vitalBucket } from '../../modules/analytics/service.js';

/** Rows per INSERT of the re-keyed vitals: under both databases' bound-parameter limits. */
const CHUNK = 500;

/**
 * Vitals rollups were one key per (vital, page, 10 ms step); they become (vital, two-digit value)
 * for all pages, plus the same under each page's own metric, so the dashboard reads a few
 * hundred rows for all pages and one index range per page it lists.
 */
async function rekeyVitals(db: Kysely<any>): Promise<void> {
  const old = await db
    .selectFrom('analytics_daily')
    .select(['website_id', 'day', 'key', 'count', 'total'])
    .where('metric', '=', 'vitals')
    .execute();
  const sums = new Map<
    string,
    { website_id: string; day: number; metric: string; key: string; count: number; total: number }
  >();
  for (const r of old) {
    const [name, path, bucket] = String(r.key).split('\t');
    if (bucket === undefined) continue;
    const key = `${name}\t${vitalBucket(Number(bucket))}`;
    for (const metric of ['vitals', pageVitalsMetric(path)]) {
      const k = `${r.website_id}\n${r.day}\n${metric}\n${key}`;
      const row = sums.get(k) ?? {
        website_id: r.website_id,
        day: Number(r.day),
        metric,
        key,
        count: 0,
        total: 0,
      };
      row.count += Number(r.count);
      row.total += Number(r.total);
      sums.set(k, row);
    }
  }
  await db.deleteFrom('analytics_daily').where('metric', '=', 'vitals').execute();
  const rows = [...sums.values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('analytics_daily')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** The first millisecond (UTC) of the month holding `ms`, and of the month after it. */
function monthBounds(ms: number): [number, number] {
  const d = new Date(ms);
  return [
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  ];
}

/**
 * PostgreSQL: the append-only analytics events become a table partitioned by month (of `at`), so
 * old months can be detached, archived or moved to a column store without touching new ones. The
 * rows are copied over; the ingestion writer creates each new month's partition before its first
 * event (modules/analytics/repo.ts). SQLite keeps one table: it has no partitions.
 * Vitals rollups are re-keyed (rekeyVitals). Events get the visitor's country and the merchant chooses whether test purchases count.
 * SQLite's rollups are stored in key order instead. Both: visitor-days carry the visitor's previous active day, so unique visitors of a range
 * are counted without a distinct over every visitor-day of it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** The visitor's country, from a proxy's header (CF-IPCountry, X-Country); no address lookup. */
  await db.schema.alterTable('analytics_events').addColumn('country', 'varchar(2)').execute();
  /** 0: purchases of test-mode orders are left out of the funnel and revenue. */
  await db.schema
    .alterTable('websites')
    .addColumn('analytics_test_purchases', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('analytics_visitor_days').addColumn('previous_day', 'integer').execute();
  await db.schema
    .createIndex('analytics_visitor_days_first_idx')
    .on('analytics_visitor_days')
    .columns(['website_id', 'day', 'previous_day'])
    .execute();
  await db.schema
    .createIndex('analytics_visitor_days_visitor_idx')
    .on('analytics_visitor_days')
    .columns(['website_id', 'visitor_id', 'day'])
    .execute();
  await sql`UPDATE analytics_visitor_days SET previous_day = (
      SELECT max(p.day) FROM analytics_visitor_days p
      WHERE p.website_id = analytics_visitor_days.website_id
        AND p.visitor_id = analytics_visitor_days.visitor_id
        AND p.day < analytics_visitor_days.day)`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) await rekeyVitals(db);
  else {
    // SQLite: the rollups are kept in their key's order (WITHOUT ROWID), so the dashboard reads a
    // range of days as one run of rows, with no lookup from the key's index into the table.
    await db.schema
      .createTable('analytics_daily_clustered')
      .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('metric', 'varchar(32)', (c) => c.notNull())
      .addColumn('key', 'varchar(600)', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addColumn('total', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_pk', ['website_id', 'metric', 'day', 'key'])
      .modifyEnd(sql`WITHOUT ROWID`)
      .execute();
    await sql`INSERT INTO analytics_daily_clustered (website_id, day, metric, key, count, total)
        SELECT website_id, day, metric, key, count, total FROM analytics_daily`.execute(db);
    await db.schema.dropTable('analytics_daily').execute();
    await sql`ALTER TABLE analytics_daily_clustered RENAME TO analytics_daily`.execute(db);
    await rekeyVitals(db);
    return;
  }
  await sql`ALTER TABLE analytics_events RENAME TO analytics_events_unpartitioned`.execute(db);
  await sql`ALTER INDEX analytics_events_time_idx RENAME TO analytics_events_unpartitioned_time_idx`.execute(
    db,
  );
  await sql`ALTER TABLE analytics_events_unpartitioned RENAME CONSTRAINT analytics_events_pkey TO analytics_events_unpartitioned_pkey`.execute(
    db,
  );
  // A partitioned table's primary key must hold the partition key.
  await sql`CREATE TABLE analytics_events (LIKE analytics_events_unpartitioned INCLUDING DEFAULTS,
      PRIMARY KEY (id, at)) PARTITION BY RANGE (at)`.execute(db);
  await sql`CREATE INDEX analytics_events_time_idx ON analytics_events (website_id, at)`.execute(db);
  const span = await sql<{ first: number | null; last: number | null }>`
    SELECT min(at) AS first, max(at) AS last FROM analytics_events_unpartitioned`.execute(db);
  const first = Number(span.rows[0]?.first ?? Date.now());
  const last = Math.max(Number(span.rows[0]?.last ?? Date.now()), Date.now());
  for (let [from, to] = monthBounds(first); from <= last; [from, to] = monthBounds(to)) {
    const name = `analytics_events_m${new Date(from).toISOString().slice(0, 7).replace('-', '')}`;
    await sql`CREATE TABLE ${sql.id(name)} PARTITION OF analytics_events
        FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(db);
  }
  await sql`INSERT INTO analytics_events SELECT * FROM analytics_events_unpartitioned`.execute(db);
  await sql`DROP TABLE analytics_events_unpartitioned`.execute(db);
}
