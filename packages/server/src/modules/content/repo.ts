import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  ContentCommentTable,
  ContentItemTable,
  ContentTaxonomyTable,
  ContentTermTable,
  DB,
} from '../../db/schema.js';

export type ContentItemRow = Selectable<ContentItemTable>;
export type ContentTermRow = Selectable<ContentTermTable>;
export type ContentCommentRow = Selectable<ContentCommentTable>;
type Db = Kysely<DB> | Transaction<DB>;

const PUBLISHED = 'published';

/** Published items behind paywall products (member areas). */
export function findMemberItems(db: Db, websiteId: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('status', '=', PUBLISHED)
    .where('member_products', 'is not', null)
    .execute();
}

/** A collection's published items (search reindexes them when the collection's access changes). */
export function publishedItemsOf(db: Db, collectionId: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('status', '=', PUBLISHED)
    .execute();
}

export function findItem(db: Db, websiteId: string, id: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findItemsByIds(db: Db, websiteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as ContentItemRow[]);
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', 'in', ids)
    .execute();
}

export function findItemBySlug(db: Db, collectionId: string, slug: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('url_slug', '=', slug)
    .executeTakeFirst();
}

export function findItemBySource(db: Db, websiteId: string, sourceId: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/** A page collection's item: its first published item (by position). */
export function firstPublishedItem(db: Db, collectionId: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('status', '=', PUBLISHED)
    .orderBy('position')
    .orderBy('created_at')
    .executeTakeFirst();
}

/** A collection's published items that are events (an item with its dates). */
export function publishedEvents(db: Db, collectionId: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('status', '=', PUBLISHED)
    .where('event_start', 'is not', null)
    .execute();
}

export interface PostFilter {
  collectionId: string;
  term?: { kind: string; slug: string };
}

function publishedPosts(db: Db, filter: PostFilter) {
  let q = db
    .selectFrom('content_items as i')
    .where('i.collection_id', '=', filter.collectionId)
    .where('i.status', '=', PUBLISHED);
  if (filter.term) {
    const { kind, slug } = filter.term;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('content_terms as t')
          .select('t.item_id')
          .whereRef('t.item_id', '=', 'i.id')
          .where('t.kind', '=', kind)
          .where('t.slug', '=', slug),
      ),
    );
  }
  return q;
}

/** Published posts newest first (publish time, then id so equal times keep one order). */
export function listPublishedPosts(db: Db, filter: PostFilter, offset: number, limit: number) {
  return publishedPosts(db, filter)
    .selectAll('i')
    .orderBy('i.publish_on', 'desc')
    .orderBy('i.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPublishedPosts(db: Db, filter: PostFilter): Promise<number> {
  const row = await publishedPosts(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The published post just newer (`newer`) or just older than the one at (publishOn, id). */
export function adjacentPost(db: Db, collectionId: string, publishOn: number, id: string, newer: boolean) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('status', '=', PUBLISHED)
    .where((eb) =>
      newer
        ? eb.or([
            eb('publish_on', '>', publishOn),
            eb.and([eb('publish_on', '=', publishOn), eb('id', '>', id)]),
          ])
        : eb.or([
            eb('publish_on', '<', publishOn),
            eb.and([eb('publish_on', '=', publishOn), eb('id', '<', id)]),
          ]),
    )
    .orderBy('publish_on', newer ? 'asc' : 'desc')
    .orderBy('id', newer ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Items of a collection for the owner's list, any status, newest change first. */
export function listItems(
  db: Db,
  websiteId: string,
  collectionId: string | undefined,
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('content_items').selectAll().where('website_id', '=', websiteId);
  if (collectionId) q = q.where('collection_id', '=', collectionId);
  return q.orderBy('updated_at', 'desc').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countItems(
  db: Db,
  websiteId: string,
  collectionId: string | undefined,
): Promise<number> {
  let q = db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('website_id', '=', websiteId);
  if (collectionId) q = q.where('collection_id', '=', collectionId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function termsOf(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([] as ContentTermRow[]);
  return db
    .selectFrom('content_terms')
    .selectAll()
    .where('item_id', 'in', itemIds)
    .orderBy('kind')
    .orderBy('name')
    .execute();
}

/** A category or tag of a collection. */
export function findTerm(db: Db, collectionId: string, kind: string, slug: string) {
  return db
    .selectFrom('content_taxonomy')
    .select(['name', 'slug', 'kind'])
    .where('collection_id', '=', collectionId)
    .where('kind', '=', kind)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export function listTaxonomy(db: Db, collectionId: string) {
  return db
    .selectFrom('content_taxonomy')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('kind')
    .orderBy('slug')
    .execute();
}

/** Adds the terms a collection does not have yet; known ones keep their name and description. */
export async function addTaxonomy(db: Db, rows: Insertable<ContentTaxonomyTable>[]) {
  for (const row of rows)
    await db
      .insertInto('content_taxonomy')
      .values(row)
      .onConflict((oc) => oc.columns(['collection_id', 'kind', 'slug']).doNothing())
      .execute();
}

export async function insertItem(db: Db, row: Insertable<ContentItemTable>) {
  await db.insertInto('content_items').values(row).execute();
}

export async function updateItem(db: Db, id: string, row: Partial<Insertable<ContentItemTable>>) {
  await db.updateTable('content_items').set(row).where('id', '=', id).execute();
}

export async function deleteItem(db: Db, id: string) {
  await db.deleteFrom('content_items').where('id', '=', id).execute();
}

export async function replaceTerms(db: Db, itemId: string, terms: Insertable<ContentTermTable>[]) {
  await db.deleteFrom('content_terms').where('item_id', '=', itemId).execute();
  if (terms.length > 0) await db.insertInto('content_terms').values(terms).execute();
}

/** Scheduled items whose time has come, to be published. */
export function dueItems(db: Db, websiteId: string, now: number) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('status', '=', 'scheduled')
    .where('publish_on', '<=', now)
    .execute();
}

/** The earliest time a scheduled item publishes, or null when none is scheduled. */
export async function nextScheduledAt(db: Db, websiteId: string): Promise<number | null> {
  const row = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.min('publish_on').as('at'))
    .where('website_id', '=', websiteId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function approvedCommentCounts(
  db: Db,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('content_comments')
    .select(['item_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('item_id', 'in', itemIds)
    .where('status', '=', 'approved')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

export function approvedComments(db: Db, itemId: string) {
  return db
    .selectFrom('content_comments')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function commentsOfWebsite(db: Db, websiteId: string) {
  return db.selectFrom('content_comments').selectAll().where('website_id', '=', websiteId).execute();
}

export function findCommentBySource(db: Db, websiteId: string, sourceId: string) {
  return db
    .selectFrom('content_comments')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

export async function insertComment(db: Db, row: Insertable<ContentCommentTable>) {
  await db.insertInto('content_comments').values(row).execute();
}

export async function updateComment(db: Db, id: string, row: Partial<Insertable<ContentCommentTable>>) {
  await db.updateTable('content_comments').set(row).where('id', '=', id).execute();
}

// ---- Search index ----------------------------------------------------------------------------

export async function upsertSearchDocument(
  db: Db,
  doc: { item_id: string; website_id: string; title: string; body: string },
) {
  await db
    .insertInto('search_documents')
    .values(doc)
    .onConflict((oc) => oc.column('item_id').doUpdateSet({ title: doc.title, body: doc.body }))
    .execute();
}

export async function deleteSearchDocument(db: Db, itemId: string) {
  await db.deleteFrom('search_documents').where('item_id', '=', itemId).execute();
}

export interface SearchHit {
  item_id: string;
  snippet: string;
}

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
/** Characters around a match that a snippet shows. */
const SNIPPET_TOKENS = 24;

/**
 * Published items matching `terms` (words ANDed, each a prefix), best first, with a snippet
 * whose matches sit between \u0001 and \u0002 (the caller escapes, then marks them).
 */
export async function searchDocuments(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  websiteId: string,
  words: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  if (words.length === 0) return [];
  if (dialect === 'sqlite') {
    const match = words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ');
    const { rows } = await sql<SearchHit>`
      SELECT d.item_id AS item_id,
        snippet(search_fts, 1, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${SNIPPET_TOKENS}) AS snippet
      FROM search_fts JOIN search_documents d ON d.doc_id = search_fts.rowid
      WHERE search_fts MATCH ${match} AND d.website_id = ${websiteId}
      ORDER BY bm25(search_fts, 10.0, 1.0) LIMIT ${limit}`.execute(db);
    return rows;
  }
  const query = words
    .map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`)
    .filter((w) => w !== ':*')
    .join(' & ');
  if (query === '') return [];
  const { rows } = await sql<SearchHit>`
    SELECT item_id,
      ts_headline('english', body, q, ${`StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, MaxWords=${SNIPPET_TOKENS}, MinWords=8`}) AS snippet
    FROM search_documents, to_tsquery('english', ${query}) q
    WHERE website_id = ${websiteId} AND tsv @@ q
    ORDER BY ts_rank(tsv, q) DESC LIMIT ${limit}`.execute(db);
  return rows;
}

export const SNIPPET_MARKS = { open: MARK_OPEN, close: MARK_CLOSE } as const;

// ---- Moderation and likes ---------------------------------------------------------------------

export function findComment(db: Db, websiteId: string, id: string) {
  return db
    .selectFrom('content_comments')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A status's comments, newest first, with the title and place of the item each is on. */
export function commentsByStatus(db: Db, websiteId: string, status: string, offset: number, limit: number) {
  return db
    .selectFrom('content_comments as c')
    .innerJoin('content_items as i', 'i.id', 'c.item_id')
    .selectAll('c')
    .select(['i.title as item_title', 'i.url_slug as item_slug', 'i.collection_id as item_collection_id'])
    .where('c.website_id', '=', websiteId)
    .where('c.status', '=', status)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How many comments each status has. */
export async function commentStatusCounts(db: Db, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('content_comments')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Deletes a comment; its replies stay, shown at the top level of the thread. */
export async function deleteComment(db: Db, id: string) {
  await db.updateTable('content_comments').set({ parent_id: null }).where('parent_id', '=', id).execute();
  await db.deleteFrom('content_comments').where('id', '=', id).execute();
}

/** Records a visitor's like: true when it is new (a visitor likes an item once). */
export async function insertLike(db: Db, row: { item_id: string; visitor_hash: string; created_at: number }) {
  const result = await db
    .insertInto('content_likes')
    .values(row)
    .onConflict((oc) => oc.columns(['item_id', 'visitor_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Sets an item's like count to its likes, counted in the same statement (no lost update). */
export async function refreshLikeCount(db: Db, itemId: string): Promise<number> {
  await db
    .updateTable('content_items')
    .set((eb) => ({
      like_count: eb
        .selectFrom('content_likes')
        .select((x) => x.fn.countAll<number>().as('n'))
        .where('item_id', '=', itemId),
    }))
    .where('id', '=', itemId)
    .execute();
  const row = await db
    .selectFrom('content_items')
    .select('like_count')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.like_count;
}

export async function hasLiked(db: Db, itemId: string, visitorHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('content_likes')
    .select('item_id')
    .where('item_id', '=', itemId)
    .where('visitor_hash', '=', visitorHash)
    .executeTakeFirst();
  return !!row;
}

/** Every published item's place and last change (the sitemap). */
export function publishedItemsForSitemap(db: Db, websiteId: string) {
  return db
    .selectFrom('content_items')
    .select(['id', 'collection_id', 'url_slug', 'updated_at', 'password_hash', 'member_products'])
    .where('website_id', '=', websiteId)
    .where('status', '=', PUBLISHED)
    .orderBy('collection_id')
    .orderBy('publish_on', 'desc')
    .execute();
}
