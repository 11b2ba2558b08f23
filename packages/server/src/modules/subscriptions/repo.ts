import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function insertSubscriptionCart(
  db: Kysely<DB>,
  row: Insertable<DB['subscription_carts']>,
): Promise<void> {
  await db.insertInto('subscription_carts').values(row).execute();
}

export function findSubscriptionCartByToken(db: Kysely<DB>, websiteId: string, token: string) {
  return db
    .selectFrom('subscription_carts')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('token', '=', token)
    .executeTakeFirst();
}
