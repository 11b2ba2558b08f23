import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The product's variant named by its id or its sku (pages know variants by sku). */
export function findProductVariant(db: Kysely<DB>, websiteId: string, productId: string, variantId: string) {
  return db
    .selectFrom('variants')
    .select(['id', 'sku'])
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where((eb) => eb.or([eb('id', '=', variantId), eb('sku', '=', variantId)]))
    .executeTakeFirst();
}

/** Inserts the signup unless the same product, variant and email already waits (then nothing changes). */
export async function insertSignup(db: Kysely<DB>, row: Insertable<DB['restock_signups']>): Promise<void> {
  await db
    .insertInto('restock_signups')
    .values(row)
    .onConflict((oc) => oc.columns(['website_id', 'product_id', 'variant_id', 'email']).doNothing())
    .execute();
}
