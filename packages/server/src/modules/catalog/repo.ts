import type { Insertable, Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { CollectionTable, DB, ProductTable, VariantTable } from '../../db/schema.js';

export type CollectionRow = Selectable<CollectionTable>;
export type ProductRow = Selectable<ProductTable>;
export type VariantRow = Selectable<VariantTable>;

export function listCollections(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findCollectionBySlug(db: Kysely<DB>, websiteId: string, slug: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('url_slug', '=', slug)
    .executeTakeFirst();
}

// The storefront's reads see published products only: a draft is the owner's until published.

export function listProductsInCollection(db: Kysely<DB>, collectionId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('published', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findProductBySlug(db: Kysely<DB>, collectionId: string, slug: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('url_slug', '=', slug)
    .where('published', '=', 1)
    .executeTakeFirst();
}

const publishedProductById = prepared((db, p: { websiteId: string; id: string }) =>
  db
    .selectFrom('products')
    .leftJoin('collections', 'collections.id', 'products.collection_id')
    .selectAll('products')
    .select('collections.url_slug as collection_slug')
    .where('products.website_id', '=', p.websiteId)
    .where('products.id', '=', p.id)
    .where('products.published', '=', 1),
);

/** A published product and its collection's URL slug, in one statement (every add to cart reads one). */
export async function findProductById(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
): Promise<{ row: ProductRow; collectionSlug: string | null } | undefined> {
  const found = (await publishedProductById(db, { websiteId, id }))[0];
  if (!found) return undefined;
  const { collection_slug: collectionSlug, ...row } = found;
  return { row, collectionSlug };
}

export function findCollectionSlugs(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; url_slug: string }[]);
  return db.selectFrom('collections').select(['id', 'url_slug']).where('id', 'in', ids).execute();
}

export function findProductsByIds(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as ProductRow[]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

const variantsOfProduct = prepared((db, p: { productId: string }) =>
  db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', p.productId)
    .orderBy('position')
    .orderBy('id'),
);

export function listVariants(db: Kysely<DB>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([] as VariantRow[]);
  // One product (a product page, an add to cart) is the common case, and one statement shape.
  if (productIds.length === 1) return variantsOfProduct(db, { productId: productIds[0]! });
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function updateCollectionMemberProducts(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  memberProducts: string | null,
) {
  await db
    .updateTable('collections')
    .set({ member_products: memberProducts })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

export async function upsertCollection(db: Kysely<DB>, row: Insertable<CollectionTable>) {
  const { id: _id, ...rest } = row;
  await db
    .insertInto('collections')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

/** Published products whose name or description contains every word (lower-case letters and digits, so no LIKE wildcards). */
export function searchProductRows(
  db: Kysely<DB>,
  websiteId: string,
  words: readonly string[],
  limit: number,
) {
  let q = db
    .selectFrom('products')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('published', '=', 1);
  for (const word of words) {
    const like = `%${word}%`;
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['description']), 'like', like)]),
    );
  }
  return q.orderBy('position').orderBy('id').limit(limit).execute();
}
