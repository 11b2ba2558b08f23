import { type Kysely, sql } from 'kysely';
import { type CompanionWrite, companionWrite } from '../../db/companion.js';
import { prepared, preparedStatement } from '../../db/prepared.js';
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
const decrementStatement = preparedStatement((db, p: { websiteId: string; sku: string; quantity: number }) =>
  db
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', p.quantity) }))
    .where('website_id', '=', p.websiteId)
    .where('sku', '=', p.sku)
    .where('unlimited', '=', 0)
    .where('qty_in_stock', '>=', p.quantity),
);

export async function decrementStock(
  db: Kysely<DB>,
  websiteId: string,
  sku: string,
  quantity: number,
): Promise<boolean> {
  const result = await decrementStatement(db, { websiteId, sku, quantity });
  return Number(result.numAffectedRows ?? 0) === 1;
}

/**
 * `decrementStock` as a companion of another statement (PostgreSQL: the order's insert), which
 * answers whether it took the stock (a row of its `returning`). It reads `carried` first, so the
 * variant row is locked after the carrier's own writes, for as short a time as can be.
 */
export function decrementStockAlong(websiteId: string, sku: string, quantity: number): CompanionWrite {
  return companionWrite('stock_take', { websiteId, sku, quantity }, (qb, p) =>
    qb
      .updateTable('variants')
      .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', p.quantity) }))
      .where('website_id', '=', p.websiteId)
      .where('sku', '=', p.sku)
      .where('unlimited', '=', 0)
      .where('qty_in_stock', '>=', p.quantity)
      .where((eb) => eb.exists(eb.selectFrom('carried').select(sql.lit(1).as('one'))))
      .returning('sku'),
  );
}

const incrementStatement = prepared((db, p: { websiteId: string; sku: string; quantity: number }) =>
  db
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', p.quantity) }))
    .where('website_id', '=', p.websiteId)
    .where('sku', '=', p.sku)
    .where('unlimited', '=', 0),
);

/** Puts back what a released reservation took. */
export async function incrementStock(db: Kysely<DB>, websiteId: string, sku: string, quantity: number) {
  await incrementStatement(db, { websiteId, sku, quantity });
}

/** Every variant of the website with its product, in catalog order. */
export function listAllStock(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select([
      'variants.sku',
      'variants.attributes',
      'variants.qty_in_stock',
      'variants.unlimited',
      'products.id as product_id',
      'products.name as product_name',
      'products.product_type',
    ])
    .where('variants.website_id', '=', websiteId)
    .orderBy('products.collection_id')
    .orderBy('products.position')
    .orderBy('products.id')
    .orderBy('variants.position')
    .execute();
}

/** The variants among `skus`, with their product's type (digital and gift-card stock is always unlimited). */
export function findStockBySkus(db: Kysely<DB>, websiteId: string, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['variants.sku', 'variants.qty_in_stock', 'variants.unlimited', 'products.product_type'])
    .where('variants.website_id', '=', websiteId)
    .where('variants.sku', 'in', skus)
    .execute();
}

/** Sets a variant's count (and makes it counted). */
export async function setStock(
  db: Kysely<DB>,
  websiteId: string,
  sku: string,
  quantity: number,
): Promise<void> {
  await db
    .updateTable('variants')
    .set({ qty_in_stock: quantity, unlimited: 0 })
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .execute();
}

/**
 * Adds `delta` (negative to take off) to a counted variant in one conditional statement; false,
 * changing nothing, when the count would go below zero or the variant is unlimited.
 */
export async function adjustStock(
  db: Kysely<DB>,
  websiteId: string,
  sku: string,
  delta: number,
): Promise<boolean> {
  const result = await db
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', delta) }))
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .where('unlimited', '=', 0)
    .where('qty_in_stock', '>=', -delta)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setUnlimited(db: Kysely<DB>, websiteId: string, sku: string): Promise<void> {
  await db
    .updateTable('variants')
    .set({ unlimited: 1, qty_in_stock: 0 })
    .where('website_id', '=', websiteId)
    .where('sku', '=', sku)
    .execute();
}
