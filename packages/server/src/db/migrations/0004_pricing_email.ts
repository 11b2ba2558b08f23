import type { Kysely } from 'kysely';

/**
 * Pricing (tax rules, shipping options, coupons, each cart's pricing choices) and the
 * transactional email outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tax_rules')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('region', 'varchar(16)')
    .addColumn('rate_percent', 'double precision', (c) => c.notNull())
    .addColumn('applies_to_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('tax_rules_place_idx')
    .on('tax_rules')
    .columns(['website_id', 'country'])
    .execute();

  await db.schema
    .createTable('shipping_options')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cost_cents', 'integer', (c) => c.notNull())
    .addColumn('free_over_cents', 'integer')
    .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('percent', 'double precision')
    .addColumn('amount_cents', 'integer')
    .addColumn('min_subtotal_cents', 'integer')
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_until', 'bigint')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('coupons_code_unique', ['website_id', 'code'])
    .execute();

  await db.schema
    .createTable('cart_pricing')
    .addColumn('cart_id', 'varchar(64)', (c) => c.primaryKey().references('carts.id').onDelete('cascade'))
    .addColumn('country', 'varchar(2)')
    .addColumn('region', 'varchar(16)')
    .addColumn('postal_code', 'varchar(32)')
    .addColumn('shipping_option_id', 'varchar(64)')
    .addColumn('coupon_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
}
