import type { Kysely } from 'kysely';

/**
 * Built-in analytics: the append-only events (census hits, commerce events, web vitals, error
 * reports), the daily rollups the dashboard reads, the visits and visitor-days that make counts
 * of visits and unique visitors, and the merchant's analytics settings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** 1: the census-disable flag (spec §6): nothing is recorded. */
  await db.schema
    .alterTable('websites')
    .addColumn('census_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** 'off' or 'banner': the cookie-consent banner shoppers answer before analytics keeps cookies. */
  await db.schema
    .alterTable('websites')
    .addColumn('cookie_consent', 'varchar(16)', (c) => c.notNull().defaultTo('off'))
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** Days since 1970-01-01 UTC: the rollups' day. */
    .addColumn('day', 'integer', (c) => c.notNull())
    /** hit, event, button-click, button-render, form-render, overlay, vital, error. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('visitor_id', 'varchar(64)')
    .addColumn('visit_count', 'integer')
    .addColumn('path', 'varchar(2048)', (c) => c.notNull())
    .addColumn('referrer', 'varchar(2048)')
    .addColumn('item_id', 'varchar(64)')
    .addColumn('value', 'double precision')
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    /** The payload as received (JSON), for exports and later questions. */
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_time_idx')
    .on('analytics_events')
    .columns(['website_id', 'at'])
    .execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('metric', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(600)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', ['website_id', 'metric', 'day', 'key'])
    .execute();

  await db.schema
    .createTable('analytics_visits')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('visit_count', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visits_pk', ['website_id', 'visitor_id', 'visit_count'])
    .execute();

  await db.schema
    .createTable('analytics_visitor_days')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitor_days_pk', ['website_id', 'day', 'visitor_id'])
    .execute();
}
