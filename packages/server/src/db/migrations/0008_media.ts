import type { Kysely } from 'kysely';

/**
 * The owner's media library and catalog editing: uploaded images (their width variants live in
 * the media storage, not here), digital products' files, and whether a product is published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_assets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(256)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('ext', 'varchar(8)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('widths', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('focal_x', 'double precision', (c) => c.notNull().defaultTo(0.5))
    .addColumn('focal_y', 'double precision', (c) => c.notNull().defaultTo(0.5))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_assets_website_idx')
    .on('media_assets')
    .columns(['website_id', 'kind', 'created_at'])
    .execute();
  // Products that exist before this migration were on the storefront: they stay published.
  await db.schema
    .alterTable('products')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('products').addColumn('digital_file_id', 'varchar(64)').execute();
}
