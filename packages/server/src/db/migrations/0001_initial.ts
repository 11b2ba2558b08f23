import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('websites')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_title', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('America/New_York'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_settings')
    .addColumn('website_id', 'varchar(64)', (c) =>
      c.primaryKey().references('websites.id').onDelete('cascade'),
    )
    .addColumn('use_light_cart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restock_notifications_success_text', 'text')
    .addColumn('display_native_product_reviews_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_imported_product_reviews_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('multiple_quantity_allowed_for_services', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('type_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url_slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('collections_slug_unique', ['website_id', 'url_slug'])
    .execute();

  await db.schema
    .createTable('forms')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('success_redirect', 'text')
    .addColumn('captcha_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(64)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('record_type', 'integer', (c) => c.notNull().defaultTo(11))
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url_slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('excerpt', 'text')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_subscribable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscription_plan', 'text')
    .addColumn('product_subscription_options', 'text')
    .addColumn('additional_fields_form_id', 'varchar(64)', (c) =>
      c.references('forms.id').onDelete('set null'),
    )
    .addColumn('use_custom_add_button_text', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom_add_button_text', 'text')
    .addColumn('audio_asset_url', 'text')
    .addColumn('variant_option_ordering', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('merchandising', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('products_slug_unique', ['collection_id', 'url_slug'])
    .execute();
  await db.schema
    .createIndex('products_collection_idx')
    .on('products')
    .columns(['collection_id', 'position'])
    .execute();

  await db.schema
    .createTable('variants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('variants_sku_unique', ['website_id', 'sku'])
    .addCheckConstraint('variants_stock_nonnegative', sql`qty_in_stock >= 0`)
    .execute();
  await db.schema
    .createIndex('variants_product_idx')
    .on('variants')
    .columns(['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(64)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('is_purchased', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_entries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cart_id', 'varchar(64)', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('additional_fields', 'text')
    .addColumn('fields_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('purchase_price_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_entries_merge_unique', ['cart_id', 'sku', 'fields_key'])
    .execute();
}
