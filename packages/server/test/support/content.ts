import { SITE_ROLES } from '@storefront/commerce';
import { saveCollection } from '../../src/modules/catalog/service.js';
import { insertComment } from '../../src/modules/content/repo.js';
import type { ItemInput } from '../../src/modules/content/schema.js';
import { itemBodySchema } from '../../src/modules/content/schema.js';
import { saveItem } from '../../src/modules/content/service.js';
import { type Clock, systemClock } from '../../src/platform/clock.js';
import type { TestApp } from './app.js';
import type { OwnerEndpoint } from './owner.js';

/** The test site's blog, about page and a folder holding both (its index). */
export async function addContentCollections(t: TestApp, clock: Clock = systemClock) {
  const ctx = { db: t.database.db, websiteId: 'w1', clock };
  await saveCollection(ctx, {
    id: 'blog',
    title: 'Blog',
    urlSlug: 'blog',
    type: 1,
    typeName: 'blog',
    position: 1,
  });
  await saveCollection(ctx, {
    id: 'about',
    title: 'About',
    urlSlug: 'about',
    type: 1,
    typeName: 'page',
    position: 2,
  });
}

/** Saves an item as an admin would (any status). */
export function addItem(t: TestApp, input: Partial<ItemInput>, clock: Clock = systemClock) {
  const body = itemBodySchema.parse({ collectionId: 'blog', title: 'A post', status: 'published', ...input });
  return saveItem({ db: t.database.db, websiteId: 'w1', clock }, null, SITE_ROLES.admin, null, body);
}

let made = 0;
/** A draft post of its own for each call that changes or removes one. */
async function draftPost(t: TestApp): Promise<Record<string, string>> {
  await addContentCollections(t);
  made += 1;
  const item = await addItem(t, { title: `Draft ${made}`, status: 'draft' });
  return { id: item.id };
}

/** A pending comment of its own on a published post, for each call that moderates or deletes one. */
async function pendingComment(t: TestApp): Promise<Record<string, string>> {
  await addContentCollections(t);
  made += 1;
  const item = await addItem(t, { title: `Commented ${made}`, commentState: 1 });
  const id = `cm_test${made}`;
  await insertComment(t.database.db, {
    id,
    website_id: 'w1',
    item_id: item.id,
    author_name: 'Ada',
    author_email: 'ada@example.com',
    author_url: '',
    body: 'Hello',
    status: 'pending',
    created_at: Date.now(),
  });
  return { id };
}

async function blog(t: TestApp): Promise<Record<string, string>> {
  await addContentCollections(t);
  made += 1;
  return { title: `New post ${made}` };
}

/** The owner's content calls (src/modules/content, src/render/content-routes.ts). */
export const CONTENT_ENDPOINTS: OwnerEndpoint[] = [
  { method: 'GET', url: '/api/config/content/collections', permission: 'content.read' },
  { method: 'GET', url: '/api/config/content/items', permission: 'content.read' },
  { method: 'GET', url: '/api/config/content/items/{id}', permission: 'content.read', setup: draftPost },
  {
    method: 'GET',
    url: '/api/config/content/items/{id}/preview',
    permission: 'content.read',
    setup: draftPost,
  },
  {
    method: 'POST',
    url: '/api/config/content/items',
    permission: 'drafts.write',
    body: { collectionId: 'blog', title: '{title}', status: 'draft' },
    ok: 201,
    setup: blog,
  },
  {
    method: 'PUT',
    url: '/api/config/content/items/{id}',
    permission: 'drafts.write',
    body: { collectionId: 'blog', title: 'Changed', status: 'needs-review' },
    setup: draftPost,
  },
  { method: 'DELETE', url: '/api/config/content/items/{id}', permission: 'drafts.write', setup: draftPost },
  { method: 'GET', url: '/api/config/content/comments', permission: 'comments.moderate' },
  {
    method: 'PATCH',
    url: '/api/config/content/comments/{id}',
    permission: 'comments.moderate',
    body: { status: 'approved' },
    setup: pendingComment,
  },
  {
    method: 'DELETE',
    url: '/api/config/content/comments/{id}',
    permission: 'comments.moderate',
    setup: pendingComment,
  },
  { method: 'GET', url: '/api/config/content/settings', permission: 'content.read' },
  {
    method: 'PATCH',
    url: '/api/config/content/settings',
    permission: 'settings.write',
    body: { simpleLikingEnabled: true },
  },
];
