import type { Kysely } from 'kysely';

/**
 * Site forms as the owner builds them (what a visitor sees after submitting, an optional page of
 * their own) and spent captcha answers, so each answer works once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').addColumn('success_text', 'text').execute();
  await db.schema.alterTable('forms').addColumn('post_submit_html', 'text').execute();
  /** The one-segment path the form is published at on its own page (e.g. contact → /contact). */
  await db.schema.alterTable('forms').addColumn('page_slug', 'varchar(128)').execute();
  await db.schema
    .createIndex('forms_page_slug_unique')
    .on('forms')
    .columns(['website_id', 'page_slug'])
    .unique()
    .execute();
  await db.schema
    .alterTable('forms')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('captcha_spent')
    .addColumn('answer_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    /** After this the answer has expired anyway and its row may go. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_spent_expiry_idx').on('captcha_spent').column('expires_at').execute();
}
