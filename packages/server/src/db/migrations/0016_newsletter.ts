import type { Kysely } from 'kysely';

/**
 * Newsletters: mailing lists, their subscribers (double opt-in), the campaigns sent to a list and
 * one delivery row per subscriber and campaign, so a campaign reaches each address once. A site
 * form with a mailing list is a newsletter form: what it takes is a sign-up to that list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').addColumn('mailing_list_id', 'varchar(64)').execute();
  /** 1: a newsletter form shown under every form page's form. */
  await db.schema
    .alterTable('forms')
    .addColumn('newsletter_on_form_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** 1: a newsletter form offered in the popup overlay (page type 104). */
  await db.schema
    .alterTable('forms')
    .addColumn('newsletter_popup', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('mailing_lists')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('list_id', 'varchar(64)', (c) =>
      c.notNull().references('mailing_lists.id').onDelete('cascade'),
    )
    /** Trimmed and lower-cased: one row per address and list. */
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    /** pending (asked, not confirmed), subscribed, unsubscribed. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** Hash of the double opt-in link's token while pending. */
    .addColumn('confirm_token_hash', 'varchar(64)')
    /** When the last confirmation link was sent; it works for a while after. */
    .addColumn('confirm_sent_at', 'bigint')
    /** Random; the unsubscribe links of every mail to this subscriber carry it. */
    .addColumn('unsubscribe_token', 'varchar(64)', (c) => c.notNull().unique())
    /** form, popup, import. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_list_email')
    .on('newsletter_subscribers')
    .columns(['list_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_confirm')
    .on('newsletter_subscribers')
    .column('confirm_token_hash')
    .execute();

  await db.schema
    .createTable('newsletter_campaigns')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('list_id', 'varchar(64)')
    .addColumn('subject', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** Plain text; blank lines part paragraphs. */
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    /** 1: each mail carries an open-tracking image. Off unless the owner turns it on. */
    .addColumn('track_opens', 'integer', (c) => c.notNull().defaultTo(0))
    /** draft, sent. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('campaign_id', 'varchar(64)', (c) =>
      c.notNull().references('newsletter_campaigns.id').onDelete('cascade'),
    )
    .addColumn('subscriber_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('outbox_id', 'varchar(64)', (c) => c.notNull())
    /** Random; the open-tracking image's address, when the campaign tracks opens. */
    .addColumn('open_token', 'varchar(64)')
    .addColumn('opened_at', 'bigint')
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_open')
    .on('newsletter_deliveries')
    .column('open_token')
    .execute();
}
