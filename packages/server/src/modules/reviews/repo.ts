import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type CompanionWrite, companionWrite } from '../../db/companion.js';
import { prepared } from '../../db/prepared.js';
import type { DB, ProductReviewTable, ReviewRequestTable } from '../../db/schema.js';

export type ProductReviewRow = Selectable<ProductReviewTable>;
type Db = Kysely<DB> | Transaction<DB>;

/** Every column by name, so the statement is built and compiled once (every paid order writes one). */
const insertReviewRequestStatement = prepared((db, p: Selectable<ReviewRequestTable>) =>
  db
    .insertInto('review_requests')
    .values({
      id: p.id,
      website_id: p.website_id,
      order_id: p.order_id,
      created_at: p.created_at,
      expires_at: p.expires_at,
    })
    .onConflict((oc) => oc.column('order_id').doNothing()),
);

/** The request as a companion of the statement that settles its order (PostgreSQL). */
export function reviewRequestCompanion(row: Selectable<ReviewRequestTable>): CompanionWrite {
  return companionWrite('review_request', row, (qb, p) =>
    qb
      .insertInto('review_requests')
      .columns(['id', 'website_id', 'order_id', 'created_at', 'expires_at'])
      .expression((eb) =>
        eb
          .selectFrom('carried')
          .select([
            sql<string>`${p.id}`.as('id'),
            sql<string>`${p.website_id}`.as('website_id'),
            sql<string>`${p.order_id}`.as('order_id'),
            sql<number>`${p.created_at}`.as('created_at'),
            sql<number>`${p.expires_at}`.as('expires_at'),
          ]),
      )
      .onConflict((oc) => oc.column('order_id').doNothing()),
  );
}

export async function insertReviewRequest(db: Db, row: Selectable<ReviewRequestTable>) {
  await insertReviewRequestStatement(db, row);
}

export function findReviewRequest(db: Db, websiteId: string, id: string) {
  return db
    .selectFrom('review_requests')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertReview(db: Db, row: Insertable<ProductReviewTable>): Promise<boolean> {
  const result = await db
    .insertInto('product_reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The products of an order already reviewed through its link. */
export async function reviewedProductIds(db: Db, orderId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('product_reviews')
    .select('product_id')
    .where('order_id', '=', orderId)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export function findReview(db: Db, websiteId: string, id: string) {
  return db
    .selectFrom('product_reviews')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateReviewStatus(db: Db, id: string, status: ProductReviewRow['status'], at: number) {
  await db.updateTable('product_reviews').set({ status, moderated_at: at }).where('id', '=', id).execute();
}

export function reviewsByStatus(
  db: Db,
  websiteId: string,
  status: ProductReviewRow['status'],
  offset: number,
  limit: number,
) {
  return db
    .selectFrom('product_reviews')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function reviewStatusCounts(db: Db, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('product_reviews')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** A product's approved reviews of the given sources: how many, and the sum of their ratings. */
export async function approvedSummary(
  db: Db,
  productId: string,
  sources: readonly ProductReviewRow['source'][],
) {
  const row = await db
    .selectFrom('product_reviews')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string | null>('rating').as('total'),
    ])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .where('source', 'in', sources)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), total: Number(row.total ?? 0) };
}

export function approvedReviews(
  db: Db,
  productId: string,
  sources: readonly ProductReviewRow['source'][],
  offset: number,
  limit: number,
) {
  return db
    .selectFrom('product_reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .where('source', 'in', sources)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The imported reviews already there among `keys` (a re-import leaves them as they are). */
export async function existingImportKeys(db: Db, websiteId: string, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('product_reviews')
    .select('import_key')
    .where('website_id', '=', websiteId)
    .where('import_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.import_key));
}

/** Products of the store by URL slug and by variant SKU, for the rows of an imported file. */
export async function productRefs(db: Db, websiteId: string) {
  const [products, variants] = await Promise.all([
    db.selectFrom('products').select(['id', 'url_slug']).where('website_id', '=', websiteId).execute(),
    db.selectFrom('variants').select(['product_id', 'sku']).where('website_id', '=', websiteId).execute(),
  ]);
  return {
    bySlug: new Map(products.map((p) => [p.url_slug, p.id])),
    bySku: new Map(variants.map((v) => [v.sku, v.product_id])),
  };
}

export async function requestDelayDays(db: Db, websiteId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('store_settings')
    .select('reviews_request_delay_days')
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return row?.reviews_request_delay_days;
}

export async function setRequestDelayDays(db: Db, websiteId: string, days: number) {
  await db
    .updateTable('store_settings')
    .set({ reviews_request_delay_days: days })
    .where('website_id', '=', websiteId)
    .execute();
}
