import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findForm(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('forms')
    .select(['id', 'name', 'fields'])
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}
