import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * What the owner's area runs orders and the store with: refunds and fulfilments of an order, the
 * order's refunded total and fulfilment state, the link from an outbox mail to what it is about
 * (so an order shows the mails it sent), and the site's sender address and public URL overrides.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // 'partially_refunded' is longer than varchar(16); SQLite does not enforce the length, PostgreSQL does.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await db.schema
      .alterTable('orders')
      .alterColumn('status', (c) => c.setDataType('varchar(32)'))
      .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('fulfilment_status', 'varchar(16)', (c) => c.notNull().defaultTo('unfulfilled'))
    .execute();
  await db.schema.alterTable('orders').addColumn('restocked_at', 'bigint').execute();
  await db.schema
    .createIndex('orders_created_idx')
    .on('orders')
    .columns(['website_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'pending' while the payment provider is asked (no lock held), then 'done'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('done'))
    .addColumn('reason', 'text')
    .addColumn('contributor_email', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunds_order_idx').on('order_refunds').column('order_id').execute();

  await db.schema
    .createTable('order_fulfilments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'varchar(100)', (c) => c.notNull())
    .addColumn('tracking_number', 'varchar(100)', (c) => c.notNull())
    .addColumn('tracking_url', 'text')
    .addColumn('contributor_email', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_fulfilments_order_idx')
    .on('order_fulfilments')
    .column('order_id')
    .execute();

  await db.schema.alterTable('outbox').addColumn('ref', 'varchar(128)').execute();
  await db.schema.createIndex('outbox_ref_idx').on('outbox').columns(['website_id', 'ref']).execute();

  await db.schema.alterTable('websites').addColumn('mail_from', 'text').execute();
  await db.schema.alterTable('websites').addColumn('public_url', 'text').execute();
}
