import type { Kysely } from 'kysely';

/**
 * Events (spec §3 Event: startDate, endDate, location) on the items of an events collection, and
 * the site's and pages' passwords (spec §2 lock screen 103, protected content 105).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('event_start', 'bigint').execute();
  await db.schema.alterTable('content_items').addColumn('event_end', 'bigint').execute();
  /** JSON spec §3 Location (addressLine1, addressLine2, addressCountry, mapLat, mapLng); null: none. */
  await db.schema.alterTable('content_items').addColumn('location', 'text').execute();
  /** argon2id hash of the page's own password; null: the page is open. */
  await db.schema.alterTable('content_items').addColumn('password_hash', 'text').execute();
  await db.schema
    .createIndex('content_items_events_idx')
    .on('content_items')
    .columns(['collection_id', 'status', 'event_end'])
    .execute();
  /** argon2id hash of the site-wide password; null: the site is open. */
  await db.schema.alterTable('websites').addColumn('site_password_hash', 'text').execute();
}
