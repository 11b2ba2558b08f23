import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findVariantsBySkus(db: Kysely<DB>, websiteId: string, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variants')
    .select([
      'id',
      'sku',
      'product_id',
      'price_cents',
      'sale_price_cents',
      'on_sale',
      'qty_in_stock',
      'unlimited',
      'attributes',
    ])
    .where('website_id', '=', websiteId)
    .where('sku', 'in', skus)
    .execute();
}

export function findVariantBySku(db: Kysely<DB>, websiteId: string, sku: string) {
  return db
    .selectFrom('variants')
    .select(['id', 'unlimited'])
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .executeTakeFirst();
}

/**
 * Takes `quantity` off a counted variant in one conditional statement; answers false (and changes
 * nothing) when fewer are left. Concurrent callers serialise on the row, so stock never goes negative.
 */
export async function decrementStock(
  db: Kysely<DB>,
  websiteId: string,
  sku: string,
  quantity: number,
): Promise<boolean> {
  const result = await db
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', quantity) }))
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .where('unlimited', '=', 0)
    .where('qty_in_stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts back what a released reservation took. */
export async function incrementStock(db: Kysely<DB>, websiteId: string, sku: string, quantity: number) {
  await db
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', quantity) }))
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .where('unlimited', '=', 0)
    .execute();
}
