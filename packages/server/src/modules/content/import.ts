import fs from 'node:fs/promises';
import {
  CONTENT_STATUSES,
  MAX_COLLECTION_TYPE,
  MIN_COLLECTION_TYPE,
  SITE_ROLES,
  slugify,
} from '@storefront/commerce';
import { z } from 'zod';
import type { Database } from '../../db/index.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { SERVER_PACKAGE_DIR } from '../../platform/package-dir.js';
import { getCollections, saveCollection } from '../catalog/service.js';
import { loadSite } from '../site/service.js';
import { addTaxonomy, findCommentBySource, findItemBySource, insertComment } from './repo.js';
import { blockSchema, itemBodySchema } from './schema.js';
import { freeSlug, saveItemIn } from './service.js';

export const COMMENT_STATUSES = ['approved', 'pending', 'spam'] as const;

const commentSchema = z.strictObject({
  sourceId: z.string().min(1).max(200),
  parentSourceId: z.string().max(200).nullable().default(null),
  authorName: z.string().max(200).default(''),
  authorEmail: z.string().max(320).default(''),
  authorUrl: z.string().max(2000).default(''),
  body: z.string().max(100_000),
  status: z.enum(COMMENT_STATUSES),
  createdAt: z.number().int().nonnegative(),
});

/** A category or tag of an item: its name, or its name and the slug its source gave it. */
const termRef = z.union([z.string(), z.strictObject({ name: z.string(), slug: z.string().max(200) })]);
const termOf = (t: z.output<typeof termRef>) =>
  typeof t === 'string'
    ? { name: t.trim(), slug: slugify(t) }
    : { name: t.name.trim(), slug: slugify(t.slug || t.name) };

/** A site's content as imports hand it over (the demo's file, a WXR export read). */
export const contentFileSchema = z.strictObject({
  collections: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(64),
        title: z.string().trim().min(1).max(200),
        urlSlug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
        type: z.number().int().min(MIN_COLLECTION_TYPE).max(MAX_COLLECTION_TYPE).default(1),
        typeName: z.enum(['page', 'blog', 'events']),
        description: z.string().max(2000).optional(),
        position: z.number().int().default(0),
        /** A page served at its URL with no header link (a policy the footer links to). */
        notLinked: z.boolean().default(false),
      }),
    )
    .default([]),
  /** Categories and tags of a collection, with or without posts. */
  terms: z
    .array(
      z.strictObject({
        collectionId: z.string().min(1).max(64),
        kind: z.enum(['category', 'tag']),
        name: z.string().trim().min(1).max(200),
        slug: z.string().max(200).optional(),
        description: z.string().max(2000).default(''),
      }),
    )
    .default([]),
  items: z
    .array(
      z.strictObject({
        sourceId: z.string().min(1).max(200),
        collectionId: z.string().min(1).max(64),
        title: z.string().max(500),
        urlSlug: z.string().max(200).default(''),
        status: z.enum(CONTENT_STATUSES as [string, ...string[]]),
        publishOn: z.number().int().nonnegative().nullable().default(null),
        authorName: z.string().max(200).default(''),
        excerpt: z.string().default(''),
        blocks: z.array(blockSchema).default([]),
        categories: z.array(termRef).default([]),
        tags: z.array(termRef).default([]),
        commentState: z.union([z.literal(0), z.literal(1)]).default(0),
        /** Kept at the top of its collection (a WordPress sticky post). */
        starred: z.boolean().default(false),
        assetUrl: z.string().max(2000).optional(),
        createdAt: z.number().int().nonnegative().optional(),
        comments: z.array(commentSchema).default([]),
        /** An events collection's item: its start, end and place (spec §3 Event). */
        event: z.unknown().optional(),
        /** The item's own password (a WXR post_password): visitors enter it to read the item. */
        password: z.string().optional(),
        /** The paywall products whose buyers may read the item (member areas). */
        memberProducts: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});
export type ContentFile = z.input<typeof contentFileSchema>;

export interface ContentImportCounts {
  collections: number;
  items: number;
  comments: number;
  /** Collections, items and comments already there from an earlier import, left as they are. */
  skipped: number;
}

export interface ContentImportError {
  /** Where in the input: the item's source id or its index. */
  place: string;
  message: string;
}

/** A title for an item that has none (WordPress allows untitled posts). */
const UNTITLED = '(untitled)';

/**
 * Imports collections, items and their comments in one transaction. Items and comments are
 * known by their source id: one imported before is left as it is (so a re-import changes
 * nothing and keeps the owner's edits). Any invalid part stops the import with nothing written.
 */
export async function importContent(
  ctx: RequestContext,
  input: unknown,
): Promise<{ ok: true; counts: ContentImportCounts } | { ok: false; errors: ContentImportError[] }> {
  const parsed = contentFileSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ place: i.path.join('.'), message: i.message })),
    };
  const file = parsed.data;
  const counts: ContentImportCounts = { collections: 0, items: 0, comments: 0, skipped: 0 };
  const errors: ContentImportError[] = [];
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      const t = { ...ctx, db: tx };
      const known = new Set((await getCollections(t)).map((c) => c.id));
      for (const c of file.collections) {
        // A collection imported before keeps what the owner has made of it since.
        if (known.has(c.id)) {
          counts.skipped++;
          continue;
        }
        await saveCollection(t, c);
        counts.collections++;
      }
      await addTaxonomy(
        tx,
        file.terms.map((term) => ({
          collection_id: term.collectionId,
          kind: term.kind,
          slug: slugify(term.slug || term.name),
          name: term.name,
          description: term.description,
        })),
      );
      for (const [index, raw] of file.items.entries()) {
        const place = `items.${index} (${raw.sourceId})`;
        const existing = await findItemBySource(tx, ctx.websiteId, raw.sourceId);
        let itemId = existing?.id;
        if (existing) counts.skipped++;
        else {
          const title = raw.title.trim() || UNTITLED;
          const body = itemBodySchema.safeParse({
            collectionId: raw.collectionId,
            title: title.slice(0, 200),
            urlSlug: await freeSlug(t, raw.collectionId, slugify(raw.urlSlug || title)),
            excerpt: raw.excerpt,
            blocks: raw.blocks,
            status: raw.status,
            publishOn: raw.publishOn,
            authorName: raw.authorName,
            commentState: raw.commentState,
            starred: raw.starred,
            categories: raw.categories.map((t) => termOf(t).name).filter(Boolean),
            tags: raw.tags.map((t) => termOf(t).name).filter(Boolean),
            event: raw.event ?? null,
            ...(raw.password ? { password: raw.password } : {}),
            ...(raw.memberProducts ? { memberProducts: raw.memberProducts } : {}),
          });
          if (!body.success) {
            errors.push(
              ...body.error.issues.map((i) => ({
                place: `${place}.${i.path.join('.')}`,
                message: i.message,
              })),
            );
            continue;
          }
          const saved = await saveItemIn(t, null, SITE_ROLES.admin, null, body.data, {
            sourceId: raw.sourceId,
            terms: [
              ...raw.categories.map((t) => ({ kind: 'category' as const, ...termOf(t) })),
              ...raw.tags.map((t) => ({ kind: 'tag' as const, ...termOf(t) })),
            ].filter((t) => t.name !== ''),
            ...(raw.assetUrl ? { assetUrl: raw.assetUrl } : {}),
            ...(raw.createdAt !== undefined ? { createdAt: raw.createdAt } : {}),
          });
          itemId = saved.id;
          counts.items++;
        }
        if (!itemId) continue;
        const ids = new Map<string, string>();
        for (const c of raw.comments) {
          const found = await findCommentBySource(tx, ctx.websiteId, c.sourceId);
          if (found) {
            ids.set(c.sourceId, found.id);
            counts.skipped++;
            continue;
          }
          const id = newId('cm');
          ids.set(c.sourceId, id);
          await insertComment(tx, {
            id,
            website_id: ctx.websiteId,
            item_id: itemId,
            parent_id: c.parentSourceId ? (ids.get(c.parentSourceId) ?? null) : null,
            author_name: c.authorName,
            author_email: c.authorEmail,
            author_url: c.authorUrl,
            body: c.body,
            status: c.status,
            source_id: c.sourceId,
            created_at: c.createdAt,
          });
          counts.comments++;
        }
      }
      // Rolls the transaction back: nothing of a file with errors is written.
      if (errors.length > 0) throw new ImportRollback();
    })
    .catch((err) => {
      if (!(err instanceof ImportRollback)) throw err;
    });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, counts };
}

class ImportRollback extends Error {}

const DEMO_CONTENT_URL = new URL('seed/demo-content.json', SERVER_PACKAGE_DIR);

/** The demo store's website: an about page, a journal with posts and comments. */
export async function seedDemoContent(
  database: Database,
  clock: Clock = systemClock,
): Promise<ContentImportCounts> {
  const site = await loadSite(database.db);
  if (!site) throw new Error('The demo content needs the demo store first.');
  const input = JSON.parse(await fs.readFile(DEMO_CONTENT_URL, 'utf8'));
  const result = await importContent({ db: database.db, websiteId: site.website.id, clock }, input);
  if (!result.ok)
    throw new Error(
      `The demo content could not be imported:\n${result.errors.map((e) => `  ${e.place}: ${e.message}`).join('\n')}`,
    );
  return result.counts;
}
