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
 * featured images' addresses; menus are left out.
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

/** '2023-01-13 18:38:05' (GMT) as ms; WordPress writes zeros for a draft never dated. */
function gmt(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m || m[1] === '0000') return null;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** Classic posts keep paragraphs as blank lines; block-editor posts are already HTML. */
function paragraphs(html: string): string {
  const clean = html.replace(/<!--[\s\S]*?-->/g, '').trim();
  if (clean === '' || /<(p|div|h[1-6]|ul|ol|figure|blockquote|pre|table)\b/i.test(clean)) return clean;
  return clean
    .split(/\n\s*\n/)
    .map((para) => `<p>${para.trim().replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export type WxrRead = { ok: true; file: ContentFile } | { ok: false; errors: ContentImportError[] };

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

  const authors = new Map(
    list(channel['wp:author']).map((a) => [text(a['wp:author_login']), text(a['wp:author_display_name'])]),
  );
  const items = list(channel.item);
  const attachments = new Map(
    items
      .filter((i) => text(i['wp:post_type']) === 'attachment')
      .map((i) => [text(i['wp:post_id']), text(i['wp:attachment_url'])]),
  );

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
      ...list(channel['wp:category']).map((c) => ({
        collectionId: blogId,
        kind: 'category' as const,
        name: text(c['wp:cat_name']).trim() || text(c['wp:category_nicename']),
        slug: text(c['wp:category_nicename']),
        description: text(c['wp:category_description']),
      })),
      ...list(channel['wp:tag']).map((t) => ({
        collectionId: blogId,
        kind: 'tag' as const,
        name: text(t['wp:tag_name']).trim() || text(t['wp:tag_slug']),
        slug: text(t['wp:tag_slug']),
        description: text(t['wp:tag_description']),
      })),
    ],
    items: [],
  };

  for (const item of items) {
    const type = text(item['wp:post_type']);
    if (type !== 'post' && type !== 'page') continue;
    const postId = text(item['wp:post_id']);
    const wpStatus = text(item['wp:status']);
    if (wpStatus === 'trash') continue;
    // A password-protected item keeps its status and asks visitors for its password (spec §2, 105).
    const password = text(item['wp:post_password']);
    const status = STATUS[wpStatus] ?? CONTENT_STATUS.draft;
    const title = text(item.title).trim();
    const slug = text(item['wp:post_name']) || title || `${type}-${postId}`;
    let collectionId = blogId;
    if (type === 'page') {
      collectionId = `wxr-page-${postId}`;
      file.collections.push({
        id: collectionId,
        title: title || `Page ${postId}`,
        urlSlug: collectionSlug(collectionId, slug),
        typeName: 'page',
        position: 20 + Number(text(item['wp:menu_order']) || 0),
      });
    }
    const terms = (domain: string) =>
      list(item.category)
        .filter((c) => c['@domain'] === domain)
        .map((c) => ({ name: text(c).trim(), slug: text(c['@nicename']) }))
        .filter((t) => t.name !== '');
    const thumbnail = list(item['wp:postmeta']).find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
    const assetUrl = thumbnail ? attachments.get(text(thumbnail['wp:meta_value'])) : undefined;
    const html = paragraphs(text(item['content:encoded']));
    file.items.push({
      sourceId: `wxr:${type}:${postId}`,
      collectionId,
      title,
      urlSlug: slug,
      status,
      publishOn: gmt(text(item['wp:post_date_gmt'])) ?? gmt(text(item['wp:post_date'])),
      authorName: authors.get(text(item['dc:creator'])) || text(item['dc:creator']),
      excerpt: paragraphs(text(item['excerpt:encoded'])),
      blocks: html ? [{ type: 2, html }] : [],
      categories: type === 'post' ? terms('category') : [],
      tags: type === 'post' ? terms('post_tag') : [],
      commentState: text(item['wp:comment_status']) === 'open' ? COMMENT_STATE.open : COMMENT_STATE.closed,
      ...(assetUrl ? { assetUrl } : {}),
      ...(password ? { password } : {}),
      comments: list(item['wp:comment']).flatMap((c) => {
        const approved = COMMENT_STATUS[text(c['wp:comment_approved'])];
        if (!approved) return [];
        const parent = text(c['wp:comment_parent']);
        return [
          {
            sourceId: `wxr:comment:${text(c['wp:comment_id'])}`,
            parentSourceId: parent && parent !== '0' ? `wxr:comment:${parent}` : null,
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
  return { ok: true, file };
}

/** `storefront import-wxr FILE`: reads the export and imports it in one transaction (nothing on an error). */
export async function importWxr(
  ctx: RequestContext,
  xml: string,
): Promise<{ ok: true; counts: ContentImportCounts } | { ok: false; errors: ContentImportError[] }> {
  const taken = new Map((await getCollections(ctx)).map((c) => [c.urlSlug, c.id]));
  const read = readWxr(xml, taken);
  if (!read.ok) return read;
  return importContent(ctx, read.file);
}
