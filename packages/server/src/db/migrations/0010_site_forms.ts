import type { Kysely } from 'kysely';

/**
 * Site form submissions: who a form notifies, the single-use submission keys (stored hashed) and
 * the submissions themselves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** JSON array of the addresses a submission is emailed to. */
  await db.schema
    .alterTable('forms')
    .addColumn('notification_emails', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('form_submission_keys')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_submission_keys_expiry_idx')
    .on('form_submission_keys')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('form_id', 'varchar(64)', (c) => c.notNull())
    /** JSON object of the answers keyed by field id, as validated. */
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_submissions_form_idx')
    .on('form_submissions')
    .columns(['website_id', 'form_id', 'created_at'])
    .execute();
}
