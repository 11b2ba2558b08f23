import {
  BLOG_PAGE_SIZE,
  CONTENT_MESSAGES,
  CONTENT_STATUS,
  type ContentStatus,
  EVENT_MESSAGES,
  EVENT_PAGE_SIZE,
  type EventLocation,
  type EventView,
  hasMemberAccess,
  isDue,
  locationText,
  MAX_SLUG_LENGTH,
  MEMBER_MESSAGES,
  ProductType,
  RECORD_TYPE,
  slugify,
  splitEvents,
  statusesFor,
  textOfHtml,
} from '@storefront/commerce';
import type { Insertable } from 'kysely';
import type { ContentItemTable } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import {
  type Collection,
  getCollections,
  getProductsByIds,
  setCollectionMemberProducts,
} from '../catalog/service.js';
import { memberOrders } from '../site-users/service.js';
import {
  addTaxonomy,
  adjacentPost,
  approvedCommentCounts,
  approvedComments,
  type ContentItemRow,
  type ContentTermRow,
  countItems,
  countPublishedPosts,
  deleteItem,
  deleteSearchDocument,
  dueItems,
  findItem,
  findItemBySlug,
  findItemsByIds,
  findMemberItems,
  findTerm,
  firstPublishedItem,
  insertItem,
  listItems,
  listPublishedPosts,
  nextScheduledAt,
  type PostFilter,
  publishedEvents,
  publishedItemsForSitemap,
  publishedItemsOf,
  replaceTerms,
  SNIPPET_MARKS,
  searchDocuments,
  termsOf,
  updateItem,
  upsertSearchDocument,
} from './repo.js';
import { type Block, CONTENT_PAGE_SIZE, type ItemBody } from './schema.js';

export type TermKind = 'category' | 'tag';

export interface Term {
  name: string;
  slug: string;
}

/** An item as services hand it on: the row's fields read, with its terms and public comment count. */
export interface ContentItem {
  id: string;
  collectionId: string;
  recordType: number;
  title: string;
  urlSlug: string;
  excerpt: string;
  blocks: Block[];
  status: ContentStatus;
  publishOn: number | null;
  authorName: string;
  mainImageId: string | null;
  assetUrl: string;
  externalLink: string;
  promotedBlockType: string;
  commentState: number;
  likeCount: number;
  starred: boolean;
  position: number;
  categories: Term[];
  tags: Term[];
  publicCommentCount: number;
  createdAt: number;
  updatedAt: number;
  /** Spec §3 Event of an events collection's item; null for any other. */
  event: ContentEvent | null;
  /** The page asks for its own password (spec §2 protected content). */
  hasPassword: boolean;
  /** The item's own paywall products (what the owner's editor sets); empty: none of its own. */
  memberProducts: string[];
  /**
   * The paywall products whose buyers may read the item: its own and its collection's (a member
   * collection makes every item in it a member area); empty: open to everyone.
   */
  memberAreaProducts: string[];
}

export interface ContentEvent {
  startDate: number;
  endDate: number;
  location: EventLocation;
}

function eventOf(row: ContentItemRow): ContentEvent | null {
  if (row.event_start == null || row.event_end == null) return null;
  return {
    startDate: Number(row.event_start),
    endDate: Number(row.event_end),
    location: row.location ? (JSON.parse(row.location) as EventLocation) : {},
  };
}

function toItem(
  row: ContentItemRow,
  terms: ContentTermRow[],
  commentCount: number,
  collectionProducts: readonly string[],
): ContentItem {
  const own = row.member_products ? (JSON.parse(row.member_products) as string[]) : [];
  const of = (kind: TermKind) =>
    terms.filter((t) => t.item_id === row.id && t.kind === kind).map((t) => ({ name: t.name, slug: t.slug }));
  return {
    id: row.id,
    collectionId: row.collection_id,
    recordType: row.record_type,
    title: row.title,
    urlSlug: row.url_slug,
    excerpt: row.excerpt,
    blocks: JSON.parse(row.blocks) as Block[],
    status: row.status as ContentStatus,
    publishOn: row.publish_on == null ? null : Number(row.publish_on),
    authorName: row.author_name,
    mainImageId: row.main_image_id,
    assetUrl: row.asset_url,
    externalLink: row.external_link,
    promotedBlockType: row.promoted_block_type,
    commentState: row.comment_state,
    likeCount: row.like_count,
    starred: !!row.starred,
    position: row.position,
    categories: of('category'),
    tags: of('tag'),
    publicCommentCount: commentCount,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    event: eventOf(row),
    hasPassword: row.password_hash !== null,
    memberProducts: own,
    memberAreaProducts: [...new Set([...own, ...collectionProducts])],
  };
}

async function withTerms(ctx: RequestContext, rows: ContentItemRow[]): Promise<ContentItem[]> {
  const ids = rows.map((r) => r.id);
  if (rows.length === 0) return [];
  const [terms, counts, collections] = await Promise.all([
    termsOf(ctx.db, ids),
    approvedCommentCounts(ctx.db, ids),
    getCollections(ctx),
  ]);
  const products = new Map(collections.map((c) => [c.id, c.memberProducts]));
  return rows.map((r) => toItem(r, terms, counts.get(r.id) ?? 0, products.get(r.collection_id) ?? []));
}

/** Collections that hold content (every one that is not the store's products). */
export function isContentCollection(c: Collection): boolean {
  return c.typeName === 'page' || c.typeName === 'blog' || c.typeName === 'events';
}

// ---- Scheduling -------------------------------------------------------------------------------

/** The text search finds an item by: its title, excerpt, an event's place and the text of its blocks. */
export function searchText(
  item: Pick<ContentItem, 'excerpt' | 'blocks'> & { event?: ContentEvent | null },
): string {
  const parts = [textOfHtml(item.excerpt), locationText(item.event?.location)];
  for (const b of item.blocks) {
    if (b.type === 2) parts.push(textOfHtml(b.html));
    else if (b.type === 31) parts.push(b.text, b.source ?? '');
    else if (b.type === 69) for (const i of b.items) parts.push(i.title, textOfHtml(i.html));
    else if (b.type === 23) parts.push(b.code);
  }
  return parts.filter(Boolean).join(' ');
}

/** Behind its own password or in a member area (its own or its collection's): lists show it locked. */
export function isProtected(item: Pick<ContentItem, 'hasPassword' | 'memberAreaProducts'>): boolean {
  return item.hasPassword || item.memberAreaProducts.length > 0;
}

/**
 * Published items are searchable; one behind its own password or in a member area is not (its
 * snippet would give it away).
 */
async function reindex(ctx: RequestContext, item: ContentItem) {
  if (item.status === CONTENT_STATUS.published && !isProtected(item))
    await upsertSearchDocument(ctx.db, {
      item_id: item.id,
      website_id: ctx.websiteId,
      title: item.title,
      body: searchText(item),
    });
  else await deleteSearchDocument(ctx.db, item.id);
}

/** Publishes every scheduled item whose time has come (by the context's clock); answers how many. */
export async function publishDueItems(ctx: RequestContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await dueItems(ctx.db, ctx.websiteId, now);
  for (const row of due) {
    await ctx.db.transaction().execute(async (tx) => {
      await updateItem(tx, row.id, { status: CONTENT_STATUS.published, updated_at: now });
      const [item] = await withTerms({ ...ctx, db: tx }, [{ ...row, status: CONTENT_STATUS.published }]);
      await reindex({ ...ctx, db: tx }, item);
    });
  }
  return due.length;
}

/**
 * Publishes scheduled items at their time without a timer: before a page is served, the
 * scheduler checks the clock against the earliest scheduled time it knows (read again after any
 * write of this process), and publishes what is due. Publishing writes, so cached pages go stale.
 */
export function createContentScheduler() {
  let known: { version: number; at: number | null } | null = null;
  return {
    async publishDue(ctx: RequestContext, version: number): Promise<void> {
      if (!known || known.version !== version)
        known = { version, at: await nextScheduledAt(ctx.db, ctx.websiteId) };
      if (known.at !== null && known.at <= ctx.clock.now()) {
        await publishDueItems(ctx);
        known = null;
      }
    },
    /** Whether `publishDue` would neither read nor publish: nothing scheduled is due at `now`. */
    settled(version: number, now: number): boolean {
      return known !== null && known.version === version && (known.at === null || known.at > now);
    },
  };
}
export type ContentScheduler = ReturnType<typeof createContentScheduler>;

// ---- The owner's calls ------------------------------------------------------------------------

async function contentCollection(ctx: RequestContext, id: string): Promise<Collection> {
  const c = (await getCollections(ctx)).find((x) => x.id === id);
  if (!c || !isContentCollection(c))
    throw new HttpError(400, CONTENT_MESSAGES.notContentCollection, undefined, {
      collectionId: CONTENT_MESSAGES.notContentCollection,
    });
  return c;
}

function uniqueTerms<T extends { kind: string; slug: string }>(terms: T[]): T[] {
  const seen = new Set<string>();
  return terms.filter((t) => !seen.has(`${t.kind}:${t.slug}`) && !!seen.add(`${t.kind}:${t.slug}`));
}

function termRows(itemId: string, kind: TermKind, names: string[]) {
  const bySlug = new Map<string, string>();
  for (const name of names) if (!bySlug.has(slugify(name))) bySlug.set(slugify(name), name);
  return [...bySlug].map(([slug, name]) => ({ item_id: itemId, kind, slug, name }));
}

/**
 * The status an item is saved with: the role must be allowed it (a draft editor drafts or asks
 * for review); a scheduled item needs its time, and one whose time has passed is published.
 */
function checkedStatus(
  role: number,
  body: ItemBody,
  now: number,
): { status: ContentStatus; publishOn: number | null } {
  const status = body.status as ContentStatus;
  if (!statusesFor(role).includes(status))
    throw new HttpError(403, CONTENT_MESSAGES.draftOnly, undefined, { status: CONTENT_MESSAGES.draftOnly });
  if (status === CONTENT_STATUS.scheduled) {
    if (body.publishOn === null)
      throw new HttpError(400, CONTENT_MESSAGES.scheduleNeedsTime, undefined, {
        publishOn: CONTENT_MESSAGES.scheduleNeedsTime,
      });
    return isDue(status, body.publishOn, now)
      ? { status: CONTENT_STATUS.published, publishOn: body.publishOn }
      : { status, publishOn: body.publishOn };
  }
  if (status === CONTENT_STATUS.published) return { status, publishOn: body.publishOn ?? now };
  return { status, publishOn: body.publishOn };
}

export interface SaveOptions {
  /** Kept by imports so a re-import finds the item. */
  sourceId?: string;
  assetUrl?: string;
  createdAt?: number;
  /** Terms with the slugs an import knows them by (else each name's slugify). */
  terms?: { kind: TermKind; name: string; slug: string }[];
}

/** Creates (no id) or replaces an item, in one transaction; see saveItemIn. */
export async function saveItem(
  ctx: RequestContext,
  actor: AuditActor,
  role: number,
  id: string | null,
  body: ItemBody,
  options: SaveOptions = {},
): Promise<ContentItem> {
  return ctx.db.transaction().execute((tx) => saveItemIn({ ...ctx, db: tx }, actor, role, id, body, options));
}

/**
 * Creates (no id) or replaces an item within the caller's transaction: checks the role's
 * statuses and that the slug is free in its collection, writes its terms, indexes it for search
 * and records the change in the audit log.
 */
export async function saveItemIn(
  ctx: RequestContext,
  actor: AuditActor,
  role: number,
  id: string | null,
  body: ItemBody,
  options: SaveOptions = {},
): Promise<ContentItem> {
  const now = ctx.clock.now();
  const collection = await contentCollection(ctx, body.collectionId);
  const existing = id ? await findItem(ctx.db, ctx.websiteId, id) : undefined;
  if (id && !existing) throw new HttpError(404, CONTENT_MESSAGES.notFound);
  // A draft editor may not change an item an editor has published or scheduled.
  if (existing && !statusesFor(role).includes(existing.status as ContentStatus))
    throw new HttpError(403, CONTENT_MESSAGES.draftOnly, undefined, { status: CONTENT_MESSAGES.draftOnly });
  const { status, publishOn } = checkedStatus(role, body, now);
  const isEvents = collection.typeName === 'events';
  if (isEvents && !body.event)
    throw new HttpError(400, EVENT_MESSAGES.eventRequired, undefined, {
      event: EVENT_MESSAGES.eventRequired,
    });
  if (!isEvents && body.event)
    throw new HttpError(400, EVENT_MESSAGES.eventOnly, undefined, { event: EVENT_MESSAGES.eventOnly });
  // Absent keeps the page's password; '' takes it away.
  const passwordHash =
    body.password === undefined
      ? (existing?.password_hash ?? null)
      : body.password === ''
        ? null
        : await hashPassword(body.password);
  const memberProducts =
    body.memberProducts === undefined
      ? (existing?.member_products ?? null)
      : await checkedMemberProducts(ctx, body.memberProducts);
  const slug =
    body.urlSlug || existing?.url_slug || (await freeSlug(ctx, collection.id, slugify(body.title)));
  const taken = await findItemBySlug(ctx.db, collection.id, slug);
  if (taken && taken.id !== id)
    throw new HttpError(409, CONTENT_MESSAGES.slugTaken, undefined, { urlSlug: CONTENT_MESSAGES.slugTaken });
  const itemId = id ?? newId('ci');
  const row: Insertable<ContentItemTable> = {
    id: itemId,
    website_id: ctx.websiteId,
    collection_id: collection.id,
    record_type: isEvents ? RECORD_TYPE.event : body.recordType,
    title: body.title,
    url_slug: slug,
    excerpt: body.excerpt,
    blocks: JSON.stringify(body.blocks),
    status,
    publish_on: publishOn,
    author_name: body.authorName,
    main_image_id: body.mainImageId,
    asset_url: options.assetUrl ?? existing?.asset_url ?? '',
    external_link: body.externalLink,
    promoted_block_type: existing?.promoted_block_type ?? '',
    comment_state: body.commentState,
    like_count: existing?.like_count ?? 0,
    starred: body.starred ? 1 : 0,
    position: existing?.position ?? 0,
    source_id: options.sourceId ?? existing?.source_id ?? null,
    created_at: existing ? Number(existing.created_at) : (options.createdAt ?? now),
    updated_at: now,
    event_start: body.event?.startDate ?? null,
    event_end: body.event?.endDate ?? null,
    location: body.event ? JSON.stringify(body.event.location) : null,
    password_hash: passwordHash,
    member_products: memberProducts,
  };
  if (existing) await updateItem(ctx.db, itemId, row);
  else await insertItem(ctx.db, row);
  const terms = options.terms
    ? uniqueTerms(options.terms.map((t) => ({ item_id: itemId, ...t })))
    : [...termRows(itemId, 'category', body.categories), ...termRows(itemId, 'tag', body.tags)];
  await replaceTerms(ctx.db, itemId, terms);
  await addTaxonomy(
    ctx.db,
    terms.map((t) => ({
      collection_id: collection.id,
      kind: t.kind,
      slug: t.slug,
      name: t.name,
      description: '',
    })),
  );
  const item = (await getItem(ctx, itemId))!;
  await reindex(ctx, item);
  await recordAudit(ctx, actor, existing ? 'content.update' : 'content.create', itemId, {
    status,
    title: body.title,
  });
  return item;
}

/** The item's paywall products as stored (null: none), each checked to be a paywall product of the site. */
async function checkedMemberProducts(ctx: RequestContext, ids: string[]): Promise<string | null> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return null;
  const products = await getProductsByIds(ctx, unique);
  for (const id of unique) {
    const product = products.find((p) => p.id === id);
    if (!product)
      throw new HttpError(400, MEMBER_MESSAGES.unknownProduct, undefined, {
        memberProducts: MEMBER_MESSAGES.unknownProduct,
      });
    if (product.productType !== ProductType.PAYWALL)
      throw new HttpError(400, MEMBER_MESSAGES.notPaywall, undefined, {
        memberProducts: MEMBER_MESSAGES.notPaywall,
      });
  }
  return JSON.stringify(unique);
}

/**
 * The customer may open a member area named by `products` (an item's memberAreaProducts or a
 * collection's memberProducts): buying any one opens it; nobody signed out may open one.
 */
export async function memberAccess(
  ctx: RequestContext,
  products: readonly string[],
  siteUserId: string | null,
): Promise<boolean> {
  if (products.length === 0) return true;
  if (!siteUserId) return false;
  return hasMemberAccess([...products], await memberOrders(ctx, siteUserId));
}

/** Who asks to like or comment on an item: what of the request the access rules read. */
export interface ItemVisitor {
  /** The visitor entered the item's current password. */
  unlocked(itemId: string, passwordHash: string): boolean;
  /** The signed-in customer's account, null for a visitor. */
  siteUserId(): Promise<string | null>;
}

/**
 * Why the visitor may not open a published item (its page shows a form or an offer instead),
 * null when they may: likes and comments are refused on what the visitor cannot read.
 */
export async function closedReason(
  ctx: RequestContext,
  item: Pick<ContentItem, 'id' | 'memberAreaProducts'>,
  visitor: ItemVisitor,
): Promise<string | null> {
  const hash = await pagePasswordHash(ctx, item.id);
  if (hash && !visitor.unlocked(item.id, hash)) return CONTENT_MESSAGES.locked;
  if (
    item.memberAreaProducts.length > 0 &&
    !(await memberAccess(ctx, item.memberAreaProducts, await visitor.siteUserId()))
  )
    return CONTENT_MESSAGES.membersOnly;
  return null;
}

/** Published member areas that buying one of `productIds` opens: member collections and items. */
export async function memberAreasOf(
  ctx: RequestContext,
  productIds: readonly string[],
): Promise<{ collections: Collection[]; items: ContentItem[] }> {
  if (productIds.length === 0) return { collections: [], items: [] };
  const opens = (products: readonly string[]) => products.some((id) => productIds.includes(id));
  const collections = (await getCollections(ctx)).filter(
    (c) => isContentCollection(c) && opens(c.memberProducts),
  );
  const inThem = new Set(collections.map((c) => c.id));
  const rows = await findMemberItems(ctx.db, ctx.websiteId);
  const items = await withTerms(
    ctx,
    // An item of an opened collection is reached through it.
    rows.filter((r) => !inThem.has(r.collection_id) && opens(JSON.parse(r.member_products!) as string[])),
  );
  return { collections, items };
}

/**
 * The owner names the paywall products that open a whole content collection (empty: open to
 * everyone): its lists, feed and every item become a member area. Search leaves its items out.
 */
export async function saveCollectionMembers(
  ctx: RequestContext,
  actor: AuditActor,
  collectionId: string,
  productIds: string[],
): Promise<Collection> {
  await contentCollection(ctx, collectionId);
  return ctx.db.transaction().execute(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const stored = await checkedMemberProducts(txCtx, productIds);
    await setCollectionMemberProducts(txCtx, collectionId, stored);
    const rows = await publishedItemsOf(tx, collectionId);
    for (const item of await withTerms(txCtx, rows)) await reindex(txCtx, item);
    await recordAudit(txCtx, actor, 'content.collection.members', collectionId, {
      memberProducts: stored ? (JSON.parse(stored) as string[]) : [],
    });
    return (await getCollections(txCtx)).find((c) => c.id === collectionId)!;
  });
}

/** `base`, or `base-2`, `base-3` … : the first slug no item of the collection has. */
export async function freeSlug(ctx: RequestContext, collectionId: string, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (!(await findItemBySlug(ctx.db, collectionId, slug))) return slug;
  }
}

/** The hash of an item's own password, null when it has none (or is not there). */
export async function pagePasswordHash(ctx: RequestContext, id: string): Promise<string | null> {
  return (await findItem(ctx.db, ctx.websiteId, id))?.password_hash ?? null;
}

export async function getItem(ctx: RequestContext, id: string): Promise<ContentItem | null> {
  const row = await findItem(ctx.db, ctx.websiteId, id);
  return row ? (await withTerms(ctx, [row]))[0] : null;
}

export async function removeItem(
  ctx: RequestContext,
  actor: AuditActor,
  role: number,
  id: string,
): Promise<void> {
  const row = await findItem(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, CONTENT_MESSAGES.notFound);
  if (!statusesFor(role).includes(row.status as ContentStatus))
    throw new HttpError(403, CONTENT_MESSAGES.draftOnly);
  await ctx.db.transaction().execute(async (tx) => {
    await deleteItem(tx, id);
    await recordAudit({ ...ctx, db: tx }, actor, 'content.delete', id, { title: row.title });
  });
}

/** The owner's list: every status, newest change first, paged. */
export async function listItemsForOwner(ctx: RequestContext, collectionId: string | undefined, page: number) {
  const offset = (page - 1) * CONTENT_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    listItems(ctx.db, ctx.websiteId, collectionId, offset, CONTENT_PAGE_SIZE),
    countItems(ctx.db, ctx.websiteId, collectionId),
  ]);
  return { items: await withTerms(ctx, rows), total, page, pageSize: CONTENT_PAGE_SIZE };
}

// ---- What visitors see ------------------------------------------------------------------------

/** A page collection's page: its first published item. */
export async function getPage(ctx: RequestContext, collection: Collection): Promise<ContentItem | null> {
  const row = await firstPublishedItem(ctx.db, collection.id);
  return row ? (await withTerms(ctx, [row]))[0] : null;
}

export interface PostList {
  posts: ContentItem[];
  page: number;
  pageCount: number;
  total: number;
  term: (Term & { kind: TermKind }) | null;
}

/** One page of a blog's published posts, newest first, optionally of one category or tag; null past the last page or for an unknown term. */
export async function listPosts(
  ctx: RequestContext,
  collection: Collection,
  page: number,
  termFilter?: { kind: TermKind; slug: string },
): Promise<PostList | null> {
  let term: PostList['term'] = null;
  if (termFilter) {
    const found = await findTerm(ctx.db, collection.id, termFilter.kind, termFilter.slug);
    if (!found) return null;
    term = { kind: termFilter.kind, name: found.name, slug: found.slug };
  }
  const filter: PostFilter = { collectionId: collection.id, ...(termFilter ? { term: termFilter } : {}) };
  const total = await countPublishedPosts(ctx.db, filter);
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pageCount) return null;
  const rows = await listPublishedPosts(ctx.db, filter, (page - 1) * BLOG_PAGE_SIZE, BLOG_PAGE_SIZE);
  return { posts: await withTerms(ctx, rows), page, pageCount, total, term };
}

/** A published post by its slug, with the newer and older posts around it. */
export async function getPost(ctx: RequestContext, collection: Collection, slug: string) {
  const row = await findItemBySlug(ctx.db, collection.id, slug);
  if (!row || row.status !== CONTENT_STATUS.published) return null;
  const [item] = await withTerms(ctx, [row]);
  const at = item.publishOn ?? item.createdAt;
  const [newer, older] = await Promise.all([
    adjacentPost(ctx.db, collection.id, at, item.id, true),
    adjacentPost(ctx.db, collection.id, at, item.id, false),
  ]);
  return {
    item,
    newer: newer ? { title: newer.title, urlSlug: newer.url_slug } : null,
    older: older ? { title: older.title, urlSlug: older.url_slug } : null,
    comments: (await approvedComments(ctx.db, item.id)).map((c) => ({
      id: c.id,
      parentId: c.parent_id,
      authorName: c.author_name,
      body: c.body,
      createdAt: Number(c.created_at),
    })),
  };
}

export interface EventList {
  view: Exclude<EventView, 'calendar'>;
  events: ContentItem[];
  page: number;
  pageCount: number;
  total: number;
}

/** A collection's published events, upcoming or past by the clock (spec §4). */
async function collectionEvents(ctx: RequestContext, collection: Collection) {
  const rows = await publishedEvents(ctx.db, collection.id);
  const items = (await withTerms(ctx, rows)).map((item) => ({ ...item, ...item.event! }));
  return splitEvents(items, ctx.clock.now());
}

/** One page of a collection's upcoming (soonest first) or past (newest first) events; null past the last page. */
export async function listEvents(
  ctx: RequestContext,
  collection: Collection,
  view: EventList['view'],
  page: number,
): Promise<EventList | null> {
  const all = (await collectionEvents(ctx, collection))[view];
  const pageCount = Math.max(1, Math.ceil(all.length / EVENT_PAGE_SIZE));
  if (page > pageCount) return null;
  const events = all.slice((page - 1) * EVENT_PAGE_SIZE, page * EVENT_PAGE_SIZE);
  return { view, events, page, pageCount, total: all.length };
}

/** Every published event of a collection, upcoming and past (the calendar picks its month's). */
export async function allEvents(ctx: RequestContext, collection: Collection): Promise<ContentItem[]> {
  const { upcoming, past } = await collectionEvents(ctx, collection);
  return [...upcoming, ...past];
}

/** A published event by its slug. */
export async function getEvent(ctx: RequestContext, collection: Collection, slug: string) {
  const row = await findItemBySlug(ctx.db, collection.id, slug);
  if (!row || row.status !== CONTENT_STATUS.published || row.event_start == null) return null;
  return (await withTerms(ctx, [row]))[0];
}

/** Most results a search answers. */
export const SEARCH_LIMIT = 30;
/** Longest query searched (words past it are dropped). */
export const MAX_SEARCH_WORDS = 12;

/** The words of a search query: letters and digits, lower-cased. */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

export interface ContentSearchHit {
  item: ContentItem;
  /** Plain text with the matches between SNIPPET_MARKS. */
  snippet: string;
}

/** Published items matching every word (as a prefix), best first. */
export async function searchItems(
  ctx: RequestContext,
  dialect: 'sqlite' | 'postgres',
  query: string,
): Promise<ContentSearchHit[]> {
  const hits = await searchDocuments(ctx.db, dialect, ctx.websiteId, searchWords(query), SEARCH_LIMIT);
  if (hits.length === 0) return [];
  const rows = await findItemsByIds(
    ctx.db,
    ctx.websiteId,
    hits.map((h) => h.item_id),
  );
  const items = await withTerms(
    ctx,
    rows.filter((r) => r.status === CONTENT_STATUS.published),
  );
  // The index leaves protected items out; one that became protected since is left out here too.
  const byId = new Map(items.filter((i) => !isProtected(i)).map((i) => [i.id, i]));
  return hits
    .filter((h) => byId.has(h.item_id))
    .map((h) => ({ item: byId.get(h.item_id)!, snippet: h.snippet }));
}

export { SNIPPET_MARKS };

/**
 * Where each published page and post lives and when it last changed (for sitemap.xml): items
 * behind a password or in a member area (their own or their collection's) are left out.
 */
export async function sitemapEntries(ctx: RequestContext, collections: Collection[]) {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const rows = await publishedItemsForSitemap(ctx.db, ctx.websiteId);
  return rows.flatMap((r) => {
    const c = byId.get(r.collection_id);
    if (!c || !isContentCollection(c) || c.memberProducts.length > 0) return [];
    if (r.password_hash !== null || r.member_products !== null) return [];
    return [
      {
        path: c.typeName === 'page' ? c.fullUrl : `${c.fullUrl}/${r.url_slug}`,
        lastModified: Number(r.updated_at),
      },
    ];
  });
}
