import type { Kysely } from 'kysely';

/**
 * The template editor's storage: one working draft per theme template, and every published
 * version of each template (a publish, a rollback or a revert to the theme's file), with who
 * published it and when. The newest version of a template is the one the storefront renders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('template_drafts')
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    /** The theme file the draft replaces, e.g. `collections/products.item`. */
    .addColumn('template', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by_id', 'varchar(64)')
    .addColumn('updated_by_email', 'varchar(320)')
    .addPrimaryKeyConstraint('template_drafts_pk', ['website_id', 'template'])
    .execute();

  await db.schema
    .createTable('template_versions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('template', 'varchar(200)', (c) => c.notNull())
    /** 1, 2, 3 … per template. */
    .addColumn('number', 'integer', (c) => c.notNull())
    /** The template's source; null when this version is the theme's own file (a revert). */
    .addColumn('source', 'text')
    /** `publish`, `rollback` or `revert`. */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    /** The version a rollback brought back. */
    .addColumn('restored_number', 'integer')
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('published_by_id', 'varchar(64)')
    .addColumn('published_by_email', 'varchar(320)')
    .addUniqueConstraint('template_versions_number_unique', ['website_id', 'template', 'number'])
    .execute();
}
