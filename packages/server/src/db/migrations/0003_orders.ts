import { type Kysely, sql } from 'kysely';

/**
 * Orders and what placing one writes: order lines, idempotency keys of checkout requests,
 * gift cards with their redemptions, and download links of digital items.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('purchased_cart_id', 'varchar(64)')
    .addColumn('source_kind', 'varchar(16)', (c) => c.notNull())
    // 'cart:{id}', 'subscription:{id}' or 'gift-card:{order id}': one order per cart at most.
    .addColumn('source_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('shipping_address', 'text')
    .addColumn('shipping_option', 'text')
    .addColumn('coupon_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
    .addColumn('gift_card_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_paid_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_provider', 'varchar(32)')
    .addColumn('payment_reference', 'varchar(128)')
    .addColumn('access_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('orders_source_unique', ['website_id', 'source_key'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('additional_fields', 'text')
    .execute();
  await db.schema
    .createIndex('order_items_order_idx')
    .on('order_items')
    .columns(['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['website_id', 'key'])
    .execute();

  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('initial_cents', 'integer', (c) => c.notNull())
    .addColumn('balance_cents', 'integer', (c) => c.notNull())
    .addColumn('issued_order_id', 'varchar(64)')
    .addColumn('recipient_email', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('gift_cards_code_unique', ['website_id', 'code'])
    .addCheckConstraint('gift_cards_balance_nonnegative', sql`balance_cents >= 0`)
    .execute();
  await db.schema.createIndex('gift_cards_order_idx').on('gift_cards').column('issued_order_id').execute();

  await db.schema
    .createTable('gift_card_redemptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('gift_card_id', 'varchar(64)', (c) =>
      c.notNull().references('gift_cards.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('downloads')
    .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('downloads_order_idx').on('downloads').column('order_id').execute();
}
