import type { Kysely } from 'kysely';

/**
 * Donations: a product whose price the visitor types, within the merchant's range. JSON
 * { minCents, maxCents, presetsCents } or null for every other product. The typed amount is the
 * cart line's purchase price.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('donation', 'text').execute();
}
