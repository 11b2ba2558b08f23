import { type Insertable, type Kysely, sql } from 'kysely';
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

/** Variants with someone still waiting that can be bought again (counted stock above 0, or unlimited). */
export function listWaitingGroupsInStock(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('restock_signups')
    .innerJoin('variants', 'variants.id', 'restock_signups.variant_id')
    .select(['restock_signups.product_id', 'restock_signups.variant_id'])
    .distinct()
    .where('restock_signups.website_id', '=', websiteId)
    .where('restock_signups.notified_at', 'is', null)
    .where((eb) => eb.or([eb('variants.unlimited', '=', 1), eb('variants.qty_in_stock', '>', 0)]))
    .execute();
}

/**
 * Signups grouped by product and variant, in (product, variant) order after `after`, with how
 * many still wait and how many were told.
 */
export function listSignupGroups(
  db: Kysely<DB>,
  websiteId: string,
  after: { productId: string; variantId: string } | null,
  limit: number,
) {
  return db
    .selectFrom('restock_signups')
    .select((eb) => [
      'product_id',
      'variant_id',
      eb.fn.max('sku').as('sku'),
      eb.fn.sum<number>(sql`case when notified_at is null then 1 else 0 end`).as('waiting'),
      eb.fn.sum<number>(sql`case when notified_at is null then 0 else 1 end`).as('notified'),
    ])
    .where('website_id', '=', websiteId)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('product_id', '>', after!.productId),
          eb.and([eb('product_id', '=', after!.productId), eb('variant_id', '>', after!.variantId)]),
        ]),
      ),
    )
    .groupBy(['product_id', 'variant_id'])
    .orderBy('product_id')
    .orderBy('variant_id')
    .limit(limit)
    .execute();
}

/** One variant's signups, oldest first, after the (created_at, id) of `after`. */
export function listSignups(
  db: Kysely<DB>,
  websiteId: string,
  productId: string,
  variantId: string,
  after: { at: number; id: string } | null,
  limit: number,
) {
  return db
    .selectFrom('restock_signups')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('created_at', '>', after!.at),
          eb.and([eb('created_at', '=', after!.at), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Marks every waiting signup of a variant notified and answers them, in one UPDATE: a signup is
 * taken by exactly one caller, however many send at once (PostgreSQL re-checks `notified_at is
 * null` after waiting on a row another send holds; SQLite runs one write at a time).
 */
export function claimWaitingSignups(
  db: Kysely<DB>,
  websiteId: string,
  productId: string,
  variantId: string,
  now: number,
) {
  return db
    .updateTable('restock_signups')
    .set({ notified_at: now })
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('notified_at', 'is', null)
    .returningAll()
    .execute();
}
