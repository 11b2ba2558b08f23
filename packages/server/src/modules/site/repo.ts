import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findFirstWebsite(db: Kysely<DB>) {
  return db
    .selectFrom('websites')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function findStoreSettings(db: Kysely<DB>, websiteId: string) {
  return db.selectFrom('store_settings').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
}
