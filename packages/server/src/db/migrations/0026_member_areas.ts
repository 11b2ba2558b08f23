import type { Kysely } from 'kysely';

/**
 * Member areas (issue 16): a page or post names the paywall products (product type 5) whose
 * purchase opens it to the buyer's customer account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** JSON array of product ids; null: the item is open to everyone. */
  await db.schema.alterTable('content_items').addColumn('member_products', 'text').execute();
}
