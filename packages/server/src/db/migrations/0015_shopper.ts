import { FIRST_ORDER_NUMBER } from '@storefront/commerce';
import type { Kysely } from 'kysely';

/**
 * What a shopper gives at checkout besides the shipping address (billing address, phone, note),
 * gift-card recipients, the variant options of each order line, and friendly order numbers:
 * sequential per store from #1001, taken from `order_counters` when an order is placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
  /** JSON address; null when it is the shipping address (or nothing ships and none was asked). */
  await db.schema.alterTable('orders').addColumn('billing_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('phone', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('note', 'text').execute();
  /** JSON {option name: value} of the variant bought, in the product's option order. */
  await db.schema.alterTable('order_items').addColumn('variant_options', 'text').execute();
  await db.schema.alterTable('gift_cards').addColumn('recipient_name', 'varchar(200)').execute();
  await db.schema.alterTable('gift_cards').addColumn('message', 'text').execute();

  await db.schema
    .createTable('order_counters')
    .addColumn('website_id', 'varchar(64)', (c) =>
      c.primaryKey().references('websites.id').onDelete('cascade'),
    )
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await numberPlacedOrders(db);

  await db.schema
    .createIndex('orders_number_unique')
    .on('orders')
    .columns(['website_id', 'number'])
    .unique()
    .execute();
}

/**
 * Numbers the placed orders that have none, per store in the order they were placed, and sets
 * each store's counter to its last number: the orders placed before numbers existed.
 */
export async function numberPlacedOrders(db: Kysely<any>): Promise<void> {
  const placed = await db
    .selectFrom('orders')
    .select(['id', 'website_id'])
    .where('status', '!=', 'reserved')
    .where('number', 'is', null)
    .orderBy('website_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const last = new Map<string, number>();
  for (const o of placed as { id: string; website_id: string }[]) {
    const number = (last.get(o.website_id) ?? FIRST_ORDER_NUMBER - 1) + 1;
    last.set(o.website_id, number);
    await db.updateTable('orders').set({ number }).where('id', '=', o.id).execute();
  }
  for (const [website_id, last_number] of last)
    await db.insertInto('order_counters').values({ website_id, last_number }).execute();
}
