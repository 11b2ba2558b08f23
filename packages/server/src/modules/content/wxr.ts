import { createHash } from 'node:crypto';
import { COMMENT_STATE, CONTENT_STATUS, type ContentStatus, slugify } from '@storefront/commerce';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RequestContext } from '../../platform/context.js';
import { getCollections } from '../catalog/service.js';
import {
  type ContentFile,
  type ContentImportCounts,
  type ContentImportError,
  importContent,
} from './import.js';

/**
 * WordPress eXtended RSS (WXR 1.0–1.2, which WordPress and Squarespace export) read into the
 * content import's shape: posts go to one blog, each page becomes a page collection, with their
 * categories, tags, authors, comments and featured images. Attachments are read only for the
 * featured images' addresses; what is not imported (menus, other post types, trashed items and
 * comments, custom fields, the category and page hierarchy) is listed in the answer's leftOut.
 */

/** WordPress post statuses and ours (spec §4). */
const STATUS: Record<string, ContentStatus> = {
  publish: CONTENT_STATUS.published,
  future: CONTENT_STATUS.scheduled,
  draft: CONTENT_STATUS.draft,
  'auto-draft': CONTENT_STATUS.draft,
  pending: CONTENT_STATUS.needsReview,
  private: CONTENT_STATUS.private,
};

/** WordPress comment approval: '1' shown, '0' awaiting moderation, 'spam'; trashed ones are left out. */
const COMMENT_STATUS: Record<string, 'approved' | 'pending' | 'spam'> = {
  '1': 'approved',
  '0': 'pending',
  spam: 'spam',
};

const ARRAYS = new Set([
  'item',
  'wp:category',
  'wp:tag',
  'wp:author',
  'category',
  'wp:comment',
  'wp:postmeta',
  'wp:term',
]);

type Node = Record<string, unknown>;

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v);
};
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** WordPress keeps term names HTML-escaped ('Bread &amp; Cake'); ours are plain text. */
function unescapeHtml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** WordPress percent-encodes a slug's letters outside ASCII ('%d0%bf…'). */
function decodeSlug(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A stray '%' that starts no escape: the slug as written.
    return raw;
  }
}

/** Our slug of a WordPress slug or title, or `fallback` when nothing of it is ASCII (Cyrillic, Japanese). */
function slugOr(value: string, fallback: string): string {
  return /[a-z0-9]/i.test(value.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    ? slugify(value)
    : fallback;
}

/** '2023-01-13 18:38:05' (GMT) as ms; WordPress writes zeros for a draft never dated. */
function gmt(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m || m[1] === '0000') return null;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** Classic posts keep paragraphs as blank lines; block-editor posts are already HTML. */
function paragraphs(html: string): string {
  // A block's comment goes with the line break after it, so blocks stay one blank line apart.
  const clean = html.replace(/<!--[\s\S]*?-->\n?/g, '').trim();
  if (clean === '' || /<(p|div|h[1-6]|ul|ol|figure|blockquote|pre|table)\b/i.test(clean)) return clean;
  return clean
    .split(/\n\s*\n/)
    .map((para) => `<p>${para.trim().replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Something of the export the import does not take over, with its place in the file. */
export interface WxrLeftOut {
  place: string;
  what: string;
}

export type WxrRead =
  | { ok: true; file: ContentFile; leftOut: WxrLeftOut[] }
  | { ok: false; errors: ContentImportError[] };

/**
 * What tells one exported site from another in the ids of what it imports: WordPress numbers every
 * site's posts, pages and comments from 1, so a second site's post 2 is not the first site's.
 */
export function wxrSiteKey(siteUrl: string): string {
  return createHash('sha256').update(siteUrl.trim().replace(/\/+$/, '')).digest('hex').slice(0, 8);
}

/** The site's existing collection slugs that the imported ones must not take (other than their own). */
export function readWxr(xml: string, taken: ReadonlyMap<string, string>): WxrRead {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return {
      ok: false,
      errors: [{ place: `line ${valid.err.line}, column ${valid.err.col}`, message: valid.err.msg }],
    };
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ARRAYS.has(name),
  }).parse(xml) as Node;
  const channel = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel || !text(channel['wp:wxr_version']))
    return {
      ok: false,
      errors: [
        { place: 'rss/channel', message: 'This is not a WordPress export (WXR): wp:wxr_version is missing.' },
      ],
    };

  const site = wxrSiteKey(
    text(channel['wp:base_blog_url']) || text(channel['wp:base_site_url']) || text(channel.link),
  );
  const used = new Set<string>();
  /** A collection slug no other collection of the site has (its own id may keep its slug). */
  const collectionSlug = (id: string, wanted: string) => {
    const base = slugify(wanted);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const owner = taken.get(slug);
      if (!used.has(slug) && (owner === undefined || owner === id)) {
        used.add(slug);
        return slug;
      }
    }
  };

  const leftOut: WxrLeftOut[] = [];
  const authors = new Map(
    list(channel['wp:author']).map((a) => [text(a['wp:author_login']), text(a['wp:author_display_name'])]),
  );
  const items = list(channel.item);
  const attachments = new Map(
    items
      .filter((i) => text(i['wp:post_type']) === 'attachment')
      .map((i) => [text(i['wp:post_id']), text(i['wp:attachment_url'])]),
  );
  const featured = new Set(
    items.flatMap((i) =>
      list(i['wp:postmeta'])
        .filter((m) => text(m['wp:meta_key']) === '_thumbnail_id')
        .map((m) => text(m['wp:meta_value'])),
    ),
  );
  // A tag or category whose slug has nothing left in ASCII is known by its term id.
  const termSlugs = new Map<string, string>();
  const termSlug = (kind: string, raw: string, termId: string) => {
    const slug = slugOr(decodeSlug(raw), termId ? `${kind}-${termId}` : slugify(raw));
    termSlugs.set(`${kind}:${raw}`, slug);
    return slug;
  };

  const blogId = 'wxr-blog';
  const file: Required<Pick<ContentFile, 'collections' | 'items' | 'terms'>> = {
    collections: [
      {
        id: blogId,
        title: 'Blog',
        urlSlug: collectionSlug(blogId, 'blog'),
        typeName: 'blog',
        description: text(channel.description),
        position: 10,
      },
    ],
    terms: [
      ...list(channel['wp:category']).map((c) => {
        const slug = text(c['wp:category_nicename']);
        const parent = text(c['wp:category_parent']);
        if (parent)
          leftOut.push({
            place: `wp:category ${slug}`,
            what: `its parent category (${parent}) is not kept: the blog's categories are one level`,
          });
        return {
          collectionId: blogId,
          kind: 'category' as const,
          name: unescapeHtml(text(c['wp:cat_name'])).trim() || slug,
          slug: termSlug('category', slug, text(c['wp:term_id'])),
          description: text(c['wp:category_description']),
        };
      }),
      ...list(channel['wp:tag']).map((t) => ({
        collectionId: blogId,
        kind: 'tag' as const,
        name: unescapeHtml(text(t['wp:tag_name'])).trim() || text(t['wp:tag_slug']),
        slug: termSlug('tag', text(t['wp:tag_slug']), text(t['wp:term_id'])),
        description: text(t['wp:tag_description']),
      })),
    ],
    items: [],
  };
  // WordPress 6 lists categories and tags again as wp:term (read above), and menus twice.
  const otherTerms = new Map<string, string>();
  for (const term of list(channel['wp:term'])) {
    const taxonomy = text(term['wp:term_taxonomy']);
    if (taxonomy !== 'category' && taxonomy !== 'post_tag')
      otherTerms.set(
        `wp:term ${text(term['wp:term_slug'])}`,
        `terms of ${taxonomy || 'other taxonomies'} are not imported`,
      );
  }
  for (const [place, what] of otherTerms) leftOut.push({ place, what });

  for (const item of items) {
    const type = text(item['wp:post_type']);
    const postId = text(item['wp:post_id']);
    const place = `item ${postId} (${type})`;
    if (type === 'attachment') {
      if (!featured.has(postId))
        leftOut.push({ place, what: 'attachments are imported only as featured images' });
      continue;
    }
    if (type === 'nav_menu_item') {
      leftOut.push({ place, what: 'navigation menus are not imported' });
      continue;
    }
    if (type !== 'post' && type !== 'page') {
      leftOut.push({ place, what: `items of post type ${type} are not imported` });
      continue;
    }
    const wpStatus = text(item['wp:status']);
    if (wpStatus === 'trash') {
      leftOut.push({ place, what: 'trashed items are not imported' });
      continue;
    }
    // A password-protected item keeps its status and asks visitors for its password (spec §2, 105).
    const password = text(item['wp:post_password']);
    const status = STATUS[wpStatus] ?? CONTENT_STATUS.draft;
    const title = text(item.title).trim();
    const postName = text(item['wp:post_name']);
    const slug = slugOr(postName ? decodeSlug(postName) : title, `${type}-${postId}`);
    let collectionId = blogId;
    if (type === 'page') {
      collectionId = `wxr-page-${site}-${postId}`;
      file.collections.push({
        id: collectionId,
        title: title || `Page ${postId}`,
        urlSlug: collectionSlug(collectionId, slug),
        typeName: 'page',
        position: 20 + Number(text(item['wp:menu_order']) || 0),
        // A draft or private page is no link in the site's header: its collection is served, not shown.
        notLinked: status !== CONTENT_STATUS.published,
      });
      const parent = text(item['wp:post_parent']);
      if (parent && parent !== '0')
        leftOut.push({
          place,
          what: `its parent page (${parent}) is not kept: pages are imported side by side`,
        });
    }
    const terms = (domain: string, kind: string) =>
      list(item.category)
        .filter((c) => c['@domain'] === domain)
        .map((c) => {
          const raw = text(c['@nicename']);
          return {
            name: unescapeHtml(text(c)).trim(),
            slug: termSlugs.get(`${kind}:${raw}`) ?? slugOr(decodeSlug(raw), slugify(raw)),
          };
        })
        .filter((t) => t.name !== '');
    const meta = list(item['wp:postmeta']);
    const thumbnail = meta.find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
    const assetUrl = thumbnail ? attachments.get(text(thumbnail['wp:meta_value'])) : undefined;
    // Keys starting with '_' are WordPress's own bookkeeping; the others are the author's custom fields.
    const customFields = meta.filter((m) => !text(m['wp:meta_key']).startsWith('_')).length;
    if (customFields > 0)
      leftOut.push({ place, what: `${customFields} custom field(s) (wp:postmeta) are not imported` });
    const html = paragraphs(text(item['content:encoded']));
    file.items.push({
      sourceId: `wxr:${site}:${type}:${postId}`,
      collectionId,
      title,
      urlSlug: slug,
      status,
      publishOn: gmt(text(item['wp:post_date_gmt'])) ?? gmt(text(item['wp:post_date'])),
      authorName: authors.get(text(item['dc:creator'])) || text(item['dc:creator']),
      excerpt: paragraphs(text(item['excerpt:encoded'])),
      blocks: html ? [{ type: 2, html }] : [],
      categories: type === 'post' ? terms('category', 'category') : [],
      tags: type === 'post' ? terms('post_tag', 'tag') : [],
      commentState: text(item['wp:comment_status']) === 'open' ? COMMENT_STATE.open : COMMENT_STATE.closed,
      // A sticky post stays at the top of the blog: our starred item (spec §3).
      starred: text(item['wp:is_sticky']) === '1',
      ...(assetUrl ? { assetUrl } : {}),
      ...(password ? { password } : {}),
      comments: list(item['wp:comment']).flatMap((c) => {
        const commentId = text(c['wp:comment_id']);
        const approved = COMMENT_STATUS[text(c['wp:comment_approved'])];
        if (!approved) {
          leftOut.push({
            place: `${place} wp:comment ${commentId}`,
            what: `comments marked ${text(c['wp:comment_approved'])} are not imported`,
          });
          return [];
        }
        const parent = text(c['wp:comment_parent']);
        return [
          {
            sourceId: `wxr:${site}:comment:${commentId}`,
            parentSourceId: parent && parent !== '0' ? `wxr:${site}:comment:${parent}` : null,
            authorName: text(c['wp:comment_author']),
            authorEmail: text(c['wp:comment_author_email']),
            authorUrl: text(c['wp:comment_author_url']),
            body: text(c['wp:comment_content']),
            status: approved,
            createdAt: gmt(text(c['wp:comment_date_gmt'])) ?? gmt(text(c['wp:comment_date'])) ?? 0,
          },
        ];
      }),
    });
  }
  return { ok: true, file, leftOut };
}

/** `storefront import-wxr FILE`: reads the export and imports it in one transaction (nothing on an error). */
export async function importWxr(
  ctx: RequestContext,
  xml: string,
): Promise<
  | { ok: true; counts: ContentImportCounts; leftOut: WxrLeftOut[] }
  | { ok: false; errors: ContentImportError[] }
> {
  const taken = new Map((await getCollections(ctx)).map((c) => [c.urlSlug, c.id]));
  const read = readWxr(xml, taken);
  if (!read.ok) return read;
  const imported = await importContent(ctx, read.file);
  return imported.ok ? { ...imported, leftOut: read.leftOut } : imported;
}
