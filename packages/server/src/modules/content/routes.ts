import type { CommentStatus } from '@storefront/commerce';
import { CONTENT_MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { getCollections } from '../catalog/service.js';
import { saveSiteSettings } from '../site/service.js';
import { listCommentsForModeration, moderateComment, removeComment } from './comments.js';
import {
  collectionMembersSchema,
  commentListQuerySchema,
  commentModerationSchema,
  communitySettingsSchema,
  itemBodySchema,
  itemListQuerySchema,
} from './schema.js';
import {
  getItem,
  isContentCollection,
  listItemsForOwner,
  removeItem,
  saveCollectionMembers,
  saveItem,
} from './service.js';

const BASE = '/api/config/content';

/**
 * The owner's pages and posts (docs/api.md): reading needs content.read; saving needs
 * drafts.write, and the service lets only those with content.write publish or schedule.
 */
export function contentRoutes(app: FastifyInstance, services: AppServices): void {
  const read = { preHandler: requirePermission(services, 'content.read') };
  const write = { preHandler: requirePermission(services, 'drafts.write') };
  const role = (request: { contributor?: { role: number } }) => request.contributor?.role ?? 0;

  app.get(`${BASE}/collections`, read, async () => {
    const collections = await getCollections(await services.context());
    return { collections: collections.filter(isContentCollection) };
  });

  /** A member collection: the paywall products whose buyers may open all of it (content.write). */
  app.put<{ Params: { id: string } }>(
    `${BASE}/collections/:id/members`,
    { preHandler: requirePermission(services, 'content.write') },
    async (request) => {
      const body = parseOr400(collectionMembersSchema, request.body);
      const ctx = await services.context();
      const collection = await saveCollectionMembers(
        ctx,
        actorOf(request),
        request.params.id,
        body.memberProducts,
      );
      return { collection };
    },
  );

  app.get(`${BASE}/items`, read, async (request) => {
    const q = parseOr400(itemListQuerySchema, request.query);
    const ctx = await services.context();
    await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
    return listItemsForOwner(ctx, q.collectionId, q.page);
  });

  app.get<{ Params: { id: string } }>(`${BASE}/items/:id`, read, async (request) => {
    const ctx = await services.context();
    await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
    const item = await getItem(ctx, request.params.id);
    if (!item) throw new HttpError(404, CONTENT_MESSAGES.notFound);
    return { item };
  });

  app.post(`${BASE}/items`, write, async (request, reply) => {
    const body = parseOr400(itemBodySchema, request.body);
    const item = await saveItem(await services.context(), actorOf(request), role(request), null, body);
    return reply.status(201).send({ item });
  });

  app.put<{ Params: { id: string } }>(`${BASE}/items/:id`, write, async (request) => {
    const body = parseOr400(itemBodySchema, request.body);
    const ctx = await services.context();
    return { item: await saveItem(ctx, actorOf(request), role(request), request.params.id, body) };
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/items/:id`, write, async (request) => {
    await removeItem(await services.context(), actorOf(request), role(request), request.params.id);
    return { ok: true };
  });

  const moderate = { preHandler: requirePermission(services, 'comments.moderate') };

  /** The moderation queue: a status's comments (pending by default), newest first. */
  app.get(`${BASE}/comments`, moderate, async (request) => {
    const q = parseOr400(commentListQuerySchema, request.query);
    return listCommentsForModeration(await services.context(), q.status as CommentStatus, q.page);
  });

  app.patch<{ Params: { id: string } }>(`${BASE}/comments/:id`, moderate, async (request) => {
    const body = parseOr400(commentModerationSchema, request.body);
    const ctx = await services.context();
    await moderateComment(ctx, actorOf(request), request.params.id, body.status as CommentStatus);
    return { ok: true };
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/comments/:id`, moderate, async (request) => {
    await removeComment(await services.context(), actorOf(request), request.params.id);
    return { ok: true };
  });

  /** Comments, likes and share buttons for the whole site (spec §3 site settings). */
  app.get(`${BASE}/settings`, read, async () => (await services.context()).site.community);

  app.patch(
    `${BASE}/settings`,
    { preHandler: requirePermission(services, 'settings.write') },
    async (request) => {
      const change = parseOr400(communitySettingsSchema, request.body);
      const ctx = await services.context();
      await ctx.db.transaction().execute((trx) => saveSiteSettings(trx, ctx.site, { community: change }));
      return (await services.context()).site.community;
    },
  );
}
