import type { Kysely } from 'kysely';

/**
 * Customer accounts (site users): the shoppers of one website, their server-side sessions (apart
 * from the owner's), one-time sign-in and reset links (stored hashed) and saved addresses. Carts
 * and orders remember the account they belong to, a waitlist signup the account that made it, and
 * the store may send a variant's waitlist by itself once it is back in stock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_users_email_unique', ['website_id', 'email'])
    .execute();

  await db.schema
    .createTable('site_user_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_user_id', 'varchar(64)', (c) =>
      c.notNull().references('site_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_user_sessions_user_idx')
    .on('site_user_sessions')
    .column('site_user_id')
    .execute();

  await db.schema
    .createTable('site_user_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_user_id', 'varchar(64)', (c) =>
      c.notNull().references('site_users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('site_user_tokens_user_idx')
    .on('site_user_tokens')
    .column('site_user_id')
    .execute();

  await db.schema
    .createTable('site_user_addresses')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_user_id', 'varchar(64)', (c) =>
      c.notNull().references('site_users.id').onDelete('cascade'),
    )
    /** JSON shipping address (the checkout's shape). */
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_user_addresses_user_idx')
    .on('site_user_addresses')
    .column('site_user_id')
    .execute();

  await db.schema.alterTable('carts').addColumn('site_user_id', 'varchar(64)').execute();
  await db.schema.createIndex('carts_site_user_idx').on('carts').column('site_user_id').execute();
  await db.schema.alterTable('orders').addColumn('site_user_id', 'varchar(64)').execute();
  await db.schema.createIndex('orders_site_user_idx').on('orders').column('site_user_id').execute();
  await db.schema.alterTable('restock_signups').addColumn('site_user_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('restock_auto_send', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
