import type { ReviewStatus } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import type { AppServices } from '../../services.js';
import { importReviews } from './import.js';
import {
  reviewImportBody,
  reviewImportReply,
  reviewListQuery,
  reviewModerationBody,
  reviewParams,
  reviewQueueReply,
  reviewSettings,
} from './schema.js';
import {
  getRequestDelayDays,
  listReviewsForModeration,
  moderateReview,
  saveRequestDelayDays,
} from './service.js';

const BASE = '/api/config/reviews';
const ok = z.object({ ok: z.literal(true) });

/**
 * The owner's reviews (docs/api.md): the moderation queue and CSV import for those who moderate
 * comments; the reviews-request delay with the store's settings.
 */
export function reviewRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const moderate = requirePermission(services, 'comments.moderate');

  api.get(
    BASE,
    { schema: { querystring: reviewListQuery, response: { 200: reviewQueueReply } }, preHandler: moderate },
    async (request) =>
      listReviewsForModeration(
        await services.context(),
        request.query.status as ReviewStatus,
        request.query.page,
      ),
  );

  api.patch(
    `${BASE}/:id`,
    {
      schema: { params: reviewParams, body: reviewModerationBody, response: { 200: ok } },
      preHandler: moderate,
    },
    async (request) => {
      const ctx = await services.context();
      await moderateReview(ctx, actorOf(request), request.params.id, request.body.status as ReviewStatus);
      return { ok: true as const };
    },
  );

  api.post(
    `${BASE}/import`,
    {
      schema: {
        description:
          'A CSV file with the columns product (URL slug or SKU), rating, title, body, author, date. A refused file answers 400 with `errors` keyed by row number and writes nothing.',
        body: reviewImportBody,
        response: { 200: reviewImportReply },
      },
      preHandler: moderate,
    },
    async (request) =>
      importReviews(await services.context(), actorOf(request), request.body.csv, request.body.approve),
  );

  api.get(
    `${BASE}/settings`,
    {
      schema: { response: { 200: reviewSettings } },
      preHandler: requirePermission(services, 'settings.read'),
    },
    async () => ({ requestDelayDays: await getRequestDelayDays(await services.context()) }),
  );

  api.patch(
    `${BASE}/settings`,
    {
      schema: { body: reviewSettings, response: { 200: reviewSettings } },
      preHandler: requirePermission(services, 'settings.write'),
      config: { invalid: { body: 'message' } },
    },
    async (request) => {
      const ctx = await services.context();
      await saveRequestDelayDays(ctx, actorOf(request), request.body.requestDelayDays);
      return { requestDelayDays: request.body.requestDelayDays };
    },
  );
}
