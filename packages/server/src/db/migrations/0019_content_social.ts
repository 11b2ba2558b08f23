import type { Kysely } from 'kysely';

/**
 * What visitors do with the site's content (spec §3 site settings commentsEnabled,
 * simpleLikingEnabled, shareButtonOptions): the site's switches, likes (one per visitor and
 * item), and when a moderator last decided on a comment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('websites')
    .addColumn('comments_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('websites')
    .addColumn('simple_liking_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  /** JSON array of the share services shown under posts (SHARE_SERVICES); '[]' shows none. */
  await db.schema
    .alterTable('websites')
    .addColumn('share_button_options', 'text', (c) =>
      c.notNull().defaultTo('["facebook","x","linkedin","email"]'),
    )
    .execute();

  await db.schema
    .createTable('content_likes')
    .addColumn('item_id', 'varchar(64)', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    /** A hash of the visitor's like cookie: the same visitor likes an item once. */
    .addColumn('visitor_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_likes_pk', ['item_id', 'visitor_hash'])
    .execute();

  await db.schema.alterTable('content_comments').addColumn('moderated_at', 'bigint').execute();
  await db.schema
    .createIndex('content_comments_queue_idx')
    .on('content_comments')
    .columns(['website_id', 'status', 'created_at'])
    .execute();
}
