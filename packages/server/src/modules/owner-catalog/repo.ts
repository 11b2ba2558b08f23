/** SQL of the owner's catalog editing: the list with its filters, and a product's writes. */
import { LOW_STOCK_THRESHOLD } from '@storefront/commerce';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface ProductFilter {
  search?: string;
  type?: number;
  stock?: 'in' | 'low' | 'out';
  limit: number;
  offset: number;
}

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Kysely<DB>, websiteId: string, filter: Omit<ProductFilter, 'limit' | 'offset'>) {
  let query = db.selectFrom('products').where('products.website_id', '=', websiteId);
  if (filter.type !== undefined) query = query.where('products.product_type', '=', filter.type);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('products.name')}) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('variants')
            .select('variants.id')
            .whereRef('variants.product_id', '=', 'products.id')
            .where(sql<boolean>`lower(${sql.ref('variants.sku')}) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (filter.stock) {
    const stock = filter.stock;
    query = query.where((eb) => {
      const variants = eb
        .selectFrom('variants')
        .select('variants.id')
        .whereRef('variants.product_id', '=', 'products.id');
      const available = variants.where((v) => v.or([v('unlimited', '=', 1), v('qty_in_stock', '>', 0)]));
      if (stock === 'in') return eb.exists(available);
      if (stock === 'out') return eb.not(eb.exists(available));
      return eb.exists(
        variants
          .where('unlimited', '=', 0)
          .where('qty_in_stock', '>', 0)
          .where('qty_in_stock', '<=', LOW_STOCK_THRESHOLD),
      );
    });
  }
  return query;
}

/** One page of the website's products matching the filter, most recently changed first. */
export function listProducts(db: Kysely<DB>, websiteId: string, filter: ProductFilter) {
  return filtered(db, websiteId, filter)
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .selectAll('products')
    .select('collections.url_slug as collection_slug')
    .orderBy('products.updated_at', 'desc')
    .orderBy('products.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function countProducts(
  db: Kysely<DB>,
  websiteId: string,
  filter: Omit<ProductFilter, 'limit' | 'offset'>,
): Promise<number> {
  const row = await filtered(db, websiteId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProduct(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .selectAll('products')
    .select('collections.url_slug as collection_slug')
    .where('products.website_id', '=', websiteId)
    .where('products.id', '=', id)
    .executeTakeFirst();
}

export function variantsOf(db: Kysely<DB>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

export function findCollection(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('collections')
    .select(['id', 'type_name', 'url_slug'])
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listCollectionsOfType(db: Kysely<DB>, websiteId: string, typeName: string) {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'url_slug'])
    .where('website_id', '=', websiteId)
    .where('type_name', '=', typeName)
    .orderBy('position')
    .execute();
}

export async function formExists(db: Kysely<DB>, websiteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('forms')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row;
}

/** The products other than `exceptId` whose additional-fields form is `formId`. */
export function productsUsingForm(db: Kysely<DB>, websiteId: string, formId: string, exceptId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('website_id', '=', websiteId)
    .where('additional_fields_form_id', '=', formId)
    .where('id', '<>', exceptId)
    .orderBy('name')
    .execute();
}

/** Another product of the collection with this URL slug, if any. */
export function findSlugHolder(db: Kysely<DB>, collectionId: string, slug: string, exceptId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('collection_id', '=', collectionId)
    .where('url_slug', '=', slug)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
}

/** SKUs among `skus` that variants of other products hold, with those products. */
export function findSkuHolders(db: Kysely<DB>, websiteId: string, skus: readonly string[], exceptId: string) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['variants.sku', 'products.name'])
    .where('variants.website_id', '=', websiteId)
    .where('variants.sku', 'in', skus)
    .where('variants.product_id', '<>', exceptId)
    .execute();
}

export async function nextPosition(db: Kysely<DB>, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

export async function insertProduct(
  trx: Transaction<DB>,
  product: Insertable<DB['products']>,
): Promise<void> {
  await trx.insertInto('products').values(product).execute();
}

/** The editable columns; id, website, position, created_at, published and the digital file stay. */
export async function updateProduct(
  trx: Transaction<DB>,
  product: Insertable<DB['products']>,
): Promise<void> {
  const { id, website_id, position: _position, created_at: _created, ...values } = product;
  await trx
    .updateTable('products')
    .set(values)
    .where('website_id', '=', website_id)
    .where('id', '=', id)
    .execute();
}

/** Deletes the product's variants whose SKU is not among `keep` (the editor's save). */
export async function deleteVariantsNotIn(
  trx: Transaction<DB>,
  websiteId: string,
  productId: string,
  keep: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('variants')
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('sku', 'not in', keep)
    .execute();
}

export async function setPublished(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  published: boolean,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ published: published ? 1 : 0, updated_at: now })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setDigitalFile(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  fileId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ digital_file_id: fileId, updated_at: now })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** Whether an order line or a subscription names the product: its record must then stay. */
export async function hasSales(db: Kysely<DB>, productId: string): Promise<boolean> {
  const [line, subscription] = await Promise.all([
    db.selectFrom('order_items').select('id').where('item_id', '=', productId).limit(1).executeTakeFirst(),
    db.selectFrom('subscriptions').select('id').where('item_id', '=', productId).limit(1).executeTakeFirst(),
  ]);
  return !!line || !!subscription;
}

/**
 * Erases a product: its variants and restock signups go with it (foreign keys), and carts
 * waiting to buy it lose it (their rows name it without a key).
 */
export async function deleteProduct(trx: Transaction<DB>, websiteId: string, id: string): Promise<void> {
  await trx.deleteFrom('cart_entries').where('item_id', '=', id).execute();
  await trx.deleteFrom('subscription_carts').where('item_id', '=', id).execute();
  await trx.deleteFrom('products').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

/** The products that show an image (by media id) or deliver a file, for the media library's delete. */
export function productsUsingMedia(db: Kysely<DB>, websiteId: string, mediaId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('website_id', '=', websiteId)
    .where((eb) =>
      eb.or([
        eb('digital_file_id', '=', mediaId),
        // Images are stored as JSON; a media id is hex after its prefix, so it never needs escaping.
        eb('images', 'like', `%"mediaId":"${mediaId}"%`),
      ]),
    )
    .orderBy('name')
    .execute();
}
