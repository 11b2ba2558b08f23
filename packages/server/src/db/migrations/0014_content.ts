import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The website's content (spec §1–§3): collections grow folders; items (pages, posts, events …)
 * with their status and schedule, categories and tags, comments, and the search index of
 * published items (FTS5 on SQLite, a weighted tsvector with a GIN index on PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** Spec §3 Collection: folder, folderBehavior; a collection inside a folder names it. */
  await db.schema
    .alterTable('collections')
    .addColumn('folder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('collections').addColumn('folder_behavior', 'integer').execute();
  await db.schema.alterTable('collections').addColumn('parent_id', 'varchar(64)').execute();

  await db.schema
    .createTable('content_items')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(64)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('record_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url_slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON array of blocks ({ type, … }); a post's body is blocks too. */
    .addColumn('blocks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** When the item is (or was) published: the post date; a scheduled item's time. */
    .addColumn('publish_on', 'bigint')
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('main_image_id', 'varchar(64)')
    .addColumn('asset_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('external_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('promoted_block_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    /** Where an imported item came from (a WXR post id), so a re-import finds it. */
    .addColumn('source_id', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('content_items_slug_unique', ['collection_id', 'url_slug'])
    .execute();
  await db.schema
    .createIndex('content_items_list_idx')
    .on('content_items')
    .columns(['collection_id', 'status', 'publish_on'])
    .execute();
  await db.schema
    .createIndex('content_items_due_idx')
    .on('content_items')
    .columns(['website_id', 'status', 'publish_on'])
    .execute();
  await db.schema
    .createIndex('content_items_source_idx')
    .on('content_items')
    .columns(['website_id', 'source_id'])
    .execute();

  /** A collection's categories and tags, with or without posts (an import brings them all). */
  await db.schema
    .createTable('content_taxonomy')
    .addColumn('collection_id', 'varchar(64)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('content_taxonomy_pk', ['collection_id', 'kind', 'slug'])
    .execute();

  /** Categories and tags of items: one row per item and term. */
  await db.schema
    .createTable('content_terms')
    .addColumn('item_id', 'varchar(64)', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_terms_pk', ['item_id', 'kind', 'slug'])
    .execute();
  await db.schema
    .createIndex('content_terms_slug_idx')
    .on('content_terms')
    .columns(['kind', 'slug'])
    .execute();

  await db.schema
    .createTable('content_comments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(64)', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'varchar(64)')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    /** 'approved' (shown), 'pending' (the moderation queue) or 'spam'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_comments_item_idx')
    .on('content_comments')
    .columns(['item_id', 'status', 'created_at'])
    .execute();

  /** One row per published item: what search matches and shows. */
  await db.schema
    .createTable('search_documents')
    .addColumn('doc_id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('item_id', 'varchar(64)', (c) =>
      c.notNull().unique().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('website_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  if (postgres) {
    await sql`ALTER TABLE search_documents ADD COLUMN tsv tsvector GENERATED ALWAYS AS
      (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED`.execute(
      db,
    );
    await sql`CREATE INDEX search_documents_tsv_idx ON search_documents USING GIN (tsv)`.execute(db);
  } else {
    // An external-content FTS5 index kept equal to its table by triggers.
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content='search_documents', content_rowid='doc_id', tokenize='porter unicode61')`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_documents_ai AFTER INSERT ON search_documents BEGIN
      INSERT INTO search_fts(rowid, title, body) VALUES (new.doc_id, new.title, new.body); END`.execute(db);
    await sql`CREATE TRIGGER search_documents_ad AFTER DELETE ON search_documents BEGIN
      INSERT INTO search_fts(search_fts, rowid, title, body) VALUES ('delete', old.doc_id, old.title, old.body); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_documents_au AFTER UPDATE ON search_documents BEGIN
      INSERT INTO search_fts(search_fts, rowid, title, body) VALUES ('delete', old.doc_id, old.title, old.body);
      INSERT INTO search_fts(rowid, title, body) VALUES (new.doc_id, new.title, new.body); END`.execute(db);
  }
}
