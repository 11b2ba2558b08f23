import type { Kysely } from 'kysely';

/**
 * The merchant's ad pixels (issue 13): a Meta pixel id and a Google tag id per website, none by
 * default. The storefront loads a vendor's script only when its id is set and the visitor consents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** Meta (Facebook) pixel id: 15–16 digits; null: no Meta pixel. */
  await db.schema.alterTable('websites').addColumn('meta_pixel_id', 'varchar(16)').execute();
  /** Google tag id (G-… or AW-…); null: no Google tag. */
  await db.schema.alterTable('websites').addColumn('google_tag_id', 'varchar(32)').execute();
}
