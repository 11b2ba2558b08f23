import type { Kysely } from 'kysely';

/**
 * Member collections (issue 16): a blog, events or page collection names the paywall products
 * whose purchase opens the whole collection (its lists, feed and every item) to the buyer's account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** JSON array of product ids; null: the collection is open to everyone. */
  await db.schema.alterTable('collections').addColumn('member_products', 'text').execute();
}
