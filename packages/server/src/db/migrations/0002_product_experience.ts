import type { Kysely } from 'kysely';

/**
 * Product experience: installment settings on the store, express checkout per product, the
 * back-in-stock waitlist, subscription carts and quick-view analytics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Defaults of the installment context: available, $1.00 to $2,000.00, US account, English.
  await db.schema
    .alterTable('store_settings')
    .addColumn('installments_available', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('installments_min_cents', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('installments_max_cents', 'integer', (c) => c.notNull().defaultTo(200_000))
    .execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('installments_account_country', 'varchar(2)', (c) => c.notNull().defaultTo('US'))
    .execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('installments_shopper_language', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('express_checkout', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('restock_signups')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('is_join_mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(35)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('notified_at', 'bigint')
    .addUniqueConstraint('restock_signups_unique', ['website_id', 'product_id', 'variant_id', 'email'])
    .execute();

  await db.schema
    .createTable('subscription_carts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('additional_fields', 'text')
    .addColumn('subscription_option_id', 'varchar(64)')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('census_quick_views')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('census_quick_views_item_idx')
    .on('census_quick_views')
    .columns(['website_id', 'item_id', 'at'])
    .execute();
}
