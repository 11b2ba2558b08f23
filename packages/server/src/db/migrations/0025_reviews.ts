import type { Kysely } from 'kysely';

/**
 * Product reviews (issue 16): buyers' reviews from the reviews-request email (one per product per
 * order), reviews imported from a CSV file, each waiting for moderation; the one-time links of the
 * reviews-request emails; and how many days after an order its email goes out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('store_settings')
    .addColumn('reviews_request_delay_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();

  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull())
    /** 'native' (a buyer through the emailed link) or 'imported' (a CSV file). */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** The order a buyer reviewed from; null for imported reviews. */
    .addColumn('order_id', 'varchar(64)')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    /** 'pending', 'approved' or 'rejected'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** What identifies an imported row, so importing the same file again changes nothing. */
    .addColumn('import_key', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('moderated_at', 'bigint')
    .execute();
  // One review per product per order: a link used for a product cannot post it again.
  await db.schema
    .createIndex('product_reviews_order_product_uq')
    .on('product_reviews')
    .columns(['order_id', 'product_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('product_reviews_import_uq')
    .on('product_reviews')
    .columns(['website_id', 'import_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('product_reviews_shown_idx')
    .on('product_reviews')
    .columns(['product_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('product_reviews_queue_idx')
    .on('product_reviews')
    .columns(['website_id', 'status', 'created_at'])
    .execute();

  /** An order's reviews-request link; the id is the SHA-256 of the link's token, never the token. */
  await db.schema
    .createTable('review_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
