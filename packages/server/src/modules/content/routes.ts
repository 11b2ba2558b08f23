import { CONTENT_MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getCollections } from '../catalog/service.js';
import { saveSiteSettings } from '../site/service.js';
import { listCommentsForModeration, moderateComment, removeComment } from './comments.js';
import {
  type ContentCollection,
  collectionMembersSchema,
  commentListQuerySchema,
  commentModerationSchema,
  commentQueueReply,
  communitySettingsReply,
  communitySettingsSchema,
  contentCollectionEnvelope,
  contentCollectionsReply,
  contentItemEnvelope,
  contentPageReply,
  itemBodySchema,
  itemListQuerySchema,
  okReply,
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
  const api = contract(app);
  const read = { preValidation: requirePermission(services, 'content.read'), config: FIELD_ERRORS };
  const write = { preValidation: requirePermission(services, 'drafts.write'), config: FIELD_ERRORS };
  const role = (request: { contributor?: { role: number } }) => request.contributor?.role ?? 0;

  api.get(
    `${BASE}/collections`,
    { ...read, schema: { response: { 200: contentCollectionsReply } } },
    async () => {
      const collections = await getCollections(await services.context());
      return { collections: collections.filter(isContentCollection) as ContentCollection[] };
    },
  );

  /** A member collection: the paywall products whose buyers may open all of it (content.write). */
  api.put(
    `${BASE}/collections/:id/members`,
    {
      preValidation: requirePermission(services, 'content.write'),
      config: FIELD_ERRORS,
      schema: {
        params: idParams,
        body: collectionMembersSchema,
        response: { 200: contentCollectionEnvelope },
      },
    },
    async (request) => {
      const ctx = await services.context();
      const collection = await saveCollectionMembers(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.memberProducts,
      );
      return { collection: collection as ContentCollection };
    },
  );

  api.get(
    `${BASE}/items`,
    { ...read, schema: { querystring: itemListQuerySchema, response: { 200: contentPageReply } } },
    async (request) => {
      const ctx = await services.context();
      await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
      return listItemsForOwner(ctx, request.query.collectionId, request.query.page);
    },
  );

  api.get(
    `${BASE}/items/:id`,
    { ...read, schema: { params: idParams, response: { 200: contentItemEnvelope } } },
    async (request) => {
      const ctx = await services.context();
      await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
      const item = await getItem(ctx, request.params.id);
      if (!item) throw new HttpError(404, CONTENT_MESSAGES.notFound);
      return { item };
    },
  );

  api.post(
    `${BASE}/items`,
    { ...write, schema: { body: itemBodySchema, response: { 201: contentItemEnvelope } } },
    async (request, reply) => {
      const ctx = await services.context();
      const item = await saveItem(ctx, actorOf(request), role(request), null, request.body);
      return reply.status(201).send({ item });
    },
  );

  api.put(
    `${BASE}/items/:id`,
    {
      ...write,
      schema: { params: idParams, body: itemBodySchema, response: { 200: contentItemEnvelope } },
    },
    async (request) => {
      const ctx = await services.context();
      return {
        item: await saveItem(ctx, actorOf(request), role(request), request.params.id, request.body),
      };
    },
  );

  api.delete(
    `${BASE}/items/:id`,
    { ...write, schema: { params: idParams, response: { 200: okReply } } },
    async (request) => {
      await removeItem(await services.context(), actorOf(request), role(request), request.params.id);
      return { ok: true as const };
    },
  );

  const moderate = { preValidation: requirePermission(services, 'comments.moderate'), config: FIELD_ERRORS };

  /** The moderation queue: a status's comments (pending by default), newest first. */
  api.get(
    `${BASE}/comments`,
    { ...moderate, schema: { querystring: commentListQuerySchema, response: { 200: commentQueueReply } } },
    async (request) =>
      listCommentsForModeration(await services.context(), request.query.status, request.query.page),
  );

  api.patch(
    `${BASE}/comments/:id`,
    {
      ...moderate,
      schema: { params: idParams, body: commentModerationSchema, response: { 200: okReply } },
    },
    async (request) => {
      const ctx = await services.context();
      await moderateComment(ctx, actorOf(request), request.params.id, request.body.status);
      return { ok: true as const };
    },
  );

  api.delete(
    `${BASE}/comments/:id`,
    { ...moderate, schema: { params: idParams, response: { 200: okReply } } },
    async (request) => {
      await removeComment(await services.context(), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  /** Comments, likes and share buttons for the whole site (spec §3 site settings). */
  api.get(
    `${BASE}/settings`,
    { ...read, schema: { response: { 200: communitySettingsReply } } },
    async () => (await services.context()).site.community,
  );

  api.patch(
    `${BASE}/settings`,
    {
      preValidation: requirePermission(services, 'settings.write'),
      config: FIELD_ERRORS,
      schema: { body: communitySettingsSchema, response: { 200: communitySettingsReply } },
    },
    async (request) => {
      const ctx = await services.context();
      await ctx.db
        .transaction()
        .execute((trx) => saveSiteSettings(trx, ctx.site, { community: request.body }));
      return (await services.context()).site.community;
    },
  );
}
