import type { Kysely } from 'kysely';

/**
 * Subscriptions bought at checkout: the plan and price they were bought at, where they ship, the
 * provider's reusable payment token, and when the renewal worker next bills them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('cycles_billed', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('next_billing_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sku', 'varchar(200)', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('additional_fields', 'text')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('shipping_address', 'text')
    .addColumn('shipping_option_id', 'varchar(64)')
    .addColumn('payment_provider', 'varchar(32)')
    .addColumn('payment_token', 'varchar(256)')
    .addColumn('access_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addUniqueConstraint('subscriptions_order_unique', ['order_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_due_idx')
    .on('subscriptions')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
