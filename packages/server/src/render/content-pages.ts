import { BLOG_PAGE_SIZE, FOLDER_BEHAVIOR } from '@storefront/commerce';
import { type Collection, searchProducts } from '../modules/catalog/service.js';
import {
  type ContentItem,
  getPage,
  getPost,
  listPosts,
  SEARCH_LIMIT,
  SNIPPET_MARKS,
  searchItems,
  searchWords,
  type TermKind,
} from '../modules/content/service.js';
import { escapeHtml } from '../platform/html.js';
import type { AppServices, SiteContext } from '../services.js';
import { blocksContext, dateText, itemContext } from './content-context.js';
import { productCardContext } from './context.js';
import { PAGE_TYPE } from './page-types.js';
import type { TemplateName } from './theme.js';

export interface ContentPageSpec {
  status: number;
  pageType: number;
  template: TemplateName;
  title: string;
  collection?: Collection;
  data: Record<string, unknown>;
}

export type ContentResolution = ContentPageSpec | { redirect: string } | null;

/** A page's or post's page: the item with its rendered blocks (used for previews too, whatever the status). */
export async function itemPage(
  services: AppServices,
  ctx: SiteContext,
  item: ContentItem,
  collection: Collection,
  crumb: string,
  around?: Pick<NonNullable<Awaited<ReturnType<typeof getPost>>>, 'newer' | 'older' | 'comments'>,
): Promise<ContentPageSpec> {
  const siteTitle = ctx.site.website.siteTitle;
  const isPage = collection.typeName === 'page';
  const link = (p: { title: string; urlSlug: string } | null | undefined) =>
    p ? { title: p.title, url: `${collection.fullUrl}/${p.urlSlug}` } : null;
  return {
    status: 200,
    pageType: isPage ? PAGE_TYPE.PAGE : PAGE_TYPE.CONTENT_ITEM,
    template: isPage ? 'contentPage' : 'blogItem',
    title: `${item.title} — ${siteTitle}`,
    collection,
    data: {
      item: {
        ...(await itemContext(ctx, item, collection)),
        blocks: await blocksContext(ctx, item.blocks, crumb, services.formBlockRenderer),
        commentList: (around?.comments ?? []).map((c) => ({
          ...c,
          reply: c.parentId !== null,
          dateText: dateText(c.createdAt, ctx.site),
        })),
      },
      pagination: {
        newer: link(around?.newer),
        older: link(around?.older),
        any: !!(around?.newer || around?.older),
      },
    },
  };
}

/** /blog, /blog/page/N, /blog/category/x, /blog/tag/x (and their pages). */
async function blogListPage(
  ctx: SiteContext,
  collection: Collection,
  rest: string[],
): Promise<ContentPageSpec | null> {
  let term: { kind: TermKind; slug: string } | undefined;
  let tail = rest;
  if ((rest[0] === 'category' || rest[0] === 'tag') && rest[1]) {
    term = { kind: rest[0], slug: rest[1] };
    tail = rest.slice(2);
  }
  let page = 1;
  if (tail.length === 2 && tail[0] === 'page' && /^[1-9]\d{0,5}$/.test(tail[1])) page = Number(tail[1]);
  else if (tail.length > 0) return null;
  const list = await listPosts(ctx, collection, page, term);
  if (!list) return null;
  const base = term
    ? `${collection.fullUrl}/${term.kind}/${encodeURIComponent(term.slug)}`
    : collection.fullUrl;
  const pageUrl = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const heading = list.term
    ? `${list.term.kind === 'category' ? 'Category' : 'Tag'}: ${list.term.name}`
    : collection.title;
  return {
    status: 200,
    pageType: PAGE_TYPE.CONTENT_COLLECTION,
    template: 'blogList',
    title: `${heading}${page > 1 ? ` (page ${page})` : ''} — ${ctx.site.website.siteTitle}`,
    collection,
    data: {
      heading,
      description: list.term ? '' : (collection.description ?? ''),
      items: await Promise.all(list.posts.map((p) => itemContext(ctx, p, collection))),
      rssUrl: `${collection.fullUrl}/rss.xml`,
      pagination: {
        page,
        pageCount: list.pageCount,
        multiple: list.pageCount > 1,
        newerUrl: page > 1 ? pageUrl(page - 1) : '',
        olderUrl: page < list.pageCount ? pageUrl(page + 1) : '',
      },
      pageSize: BLOG_PAGE_SIZE,
    },
  };
}

/**
 * The site's content at `segments`: pages, blogs (lists, category and tag pages, posts) and
 * folders (index shows the first collection inside, redirect sends to it, the others have no page).
 */
export async function resolveContentPage(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  segments: string[],
  crumb: string,
): Promise<ContentResolution> {
  if (segments.length === 0) return null;
  let collection = collections.find((c) => c.urlSlug === segments[0] && c.typeName !== 'products');
  if (!collection) return null;
  if (collection.folder) {
    if (segments.length > 1) return null;
    const first = collections.find((c) => c.parentId === collection!.id);
    if (!first) return null;
    if (collection.folderBehavior === FOLDER_BEHAVIOR.redirect) return { redirect: first.fullUrl };
    if (collection.folderBehavior !== FOLDER_BEHAVIOR.index) return null;
    collection = first;
    if (collection.typeName === 'products') return null;
  }
  const rest = segments.slice(1);
  if (collection.typeName === 'page') {
    if (rest.length > 0) return null;
    const item = await getPage(ctx, collection);
    return item ? itemPage(services, ctx, item, collection, crumb) : null;
  }
  if (collection.typeName === 'blog') {
    if (rest.length === 1 && rest[0] !== 'page') {
      const post = await getPost(ctx, collection, rest[0]);
      return post ? itemPage(services, ctx, post.item, collection, crumb, post) : null;
    }
    return blogListPage(ctx, collection, rest);
  }
  return null;
}

/** A snippet's text escaped, its matches in <mark>. */
function markSnippet(snippet: string): string {
  return escapeHtml(snippet)
    .replaceAll(SNIPPET_MARKS.open, '<mark>')
    .replaceAll(SNIPPET_MARKS.close, '</mark>');
}

/** /search?q=: published pages and posts (ranked, with highlighted snippets) and products. */
export async function searchPage(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  query: string,
) {
  const q = query.trim();
  const byId = new Map(collections.map((c) => [c.id, c]));
  const hits = q ? await searchItems(ctx, services.database.dialect, q) : [];
  const items = await Promise.all(
    hits
      .filter((h) => byId.has(h.item.collectionId))
      .map(async (h) => ({
        ...(await itemContext(ctx, h.item, byId.get(h.item.collectionId)!)),
        snippet: markSnippet(h.snippet),
      })),
  );
  const products = q ? await searchProducts(ctx, searchWords(q), SEARCH_LIMIT) : [];
  const count = items.length + products.length;
  return {
    status: 200,
    pageType: PAGE_TYPE.SEARCH,
    template: 'search' as const,
    title: `${q ? `Search: ${q}` : 'Search'} — ${ctx.site.website.siteTitle}`,
    data: {
      query: q,
      searched: q !== '',
      items,
      products: products.map((p) => productCardContext(p, ctx.site)),
      countText: count === 1 ? '1 result' : `${count} results`,
      empty: q !== '' && count === 0,
    },
  };
}
