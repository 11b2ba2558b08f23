import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function productExists(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('products')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function insertQuickView(
  db: Kysely<DB>,
  row: Insertable<DB['census_quick_views']>,
): Promise<void> {
  await db.insertInto('census_quick_views').values(row).execute();
}
