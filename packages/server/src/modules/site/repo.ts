import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, StoreSettingsTable, WebsiteTable } from '../../db/schema.js';

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

export async function updateWebsite(
  db: Kysely<DB>,
  id: string,
  change: Updateable<WebsiteTable>,
): Promise<void> {
  if (Object.keys(change).length > 0)
    await db.updateTable('websites').set(change).where('id', '=', id).execute();
}

/** Writes the store settings row, creating it when the site has none yet. */
export async function saveStoreSettings(db: Kysely<DB>, row: Insertable<StoreSettingsTable>): Promise<void> {
  const { website_id: _, ...rest } = row;
  await db
    .insertInto('store_settings')
    .values(row)
    .onConflict((oc) => oc.column('website_id').doUpdateSet(rest))
    .execute();
}

export function findMailFrom(db: Kysely<DB>, websiteIds: readonly string[]) {
  return db
    .selectFrom('websites')
    .select(['id', 'site_title', 'mail_from'])
    .where('id', 'in', [...websiteIds])
    .execute();
}
