import type { Kysely } from 'kysely';

/**
 * One licence per order: a digital product is one cart line of quantity 1 unless the merchant
 * allows more of it per order (1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('multiple_quantity_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
