import type { Kysely } from 'kysely';

/**
 * The merchant's coupon rules: whether a coupon discounts gift cards (never by default), whether it
 * combines with other coupons, how often it may be used overall and per customer; and the
 * redemptions that count those uses. Orders gain the stock their reservation took, so a
 * reservation whose payment never completed can be released.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('applies_to_gift_cards', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('combinable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('coupons').addColumn('max_uses', 'integer').execute();
  await db.schema.alterTable('coupons').addColumn('max_uses_per_customer', 'integer').execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('coupon_id', 'varchar(64)', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    /** Lower-cased: one customer is one address, however it is typed. */
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('coupon_redemptions_order_unique', ['coupon_id', 'order_id'])
    .execute();
  await db.schema.alterTable('orders').addColumn('reserved_stock', 'text').execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createIndex('coupon_redemptions_customer_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'email'])
    .execute();
}
