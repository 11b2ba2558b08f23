import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission, siteBaseUrl } from '../../platform/owner-auth.js';
import type { AppServices, SiteContext } from '../../services.js';
import {
  restockGroupsQuery,
  restockGroupsReply,
  restockSendAllBody,
  restockSendBody,
  restockSentAllReply,
  restockSentReply,
  restockSignupsQuery,
  restockSignupsReply,
} from './schema.js';
import {
  listSignUpGroups,
  listSignUps,
  sendRestockNotifications,
  sendWaitlistsBackInStock,
} from './service.js';

const BASE = '/api/site-users/account/notifications/restock';

/**
 * After the owner put stock back (an edit, a refund): mails the waitlists that can be served now
 * when the store sends them by itself. The change itself is saved already; a failure here is
 * logged and the owner can still send from the restock tools.
 */
export async function sendWaitlists(
  services: AppServices,
  ctx: SiteContext,
  request: FastifyRequest,
): Promise<void> {
  await sendWaitlistsBackInStock(ctx, siteBaseUrl(ctx, services.config)).catch((err) =>
    request.log.warn({ err }, 'sending back-in-stock waitlists failed'),
  );
}

/** The owner's restock tools of spec §7 (restock.manage; the spec shows no permission). */
export function ownerRestockRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const guard = { preValidation: requirePermission(services, 'restock.manage'), config: FIELD_ERRORS };
  const baseUrl = async () => {
    const ctx = await services.context();
    return { ctx, url: siteBaseUrl(ctx, services.config) };
  };

  api.get(
    `${BASE}/groups`,
    { ...guard, schema: { querystring: restockGroupsQuery, response: { 200: restockGroupsReply } } },
    async (request) => listSignUpGroups(await services.context(), request.query.cursor),
  );

  api.get(
    BASE,
    { ...guard, schema: { querystring: restockSignupsQuery, response: { 200: restockSignupsReply } } },
    async (request) => {
      const q = request.query;
      return listSignUps(await services.context(), q.productId, q.variantId, q.cursor);
    },
  );

  api.post(
    `${BASE}/send`,
    { ...guard, schema: { body: restockSendBody, response: { 200: restockSentReply } } },
    async (request) => {
      const { ctx, url } = await baseUrl();
      const { results } = await sendRestockNotifications(ctx, actorOf(request), url, [request.body]);
      return results[0];
    },
  );

  api.post(
    `${BASE}/send/all`,
    { ...guard, schema: { body: restockSendAllBody, response: { 200: restockSentAllReply } } },
    async (request) => {
      const { ctx, url } = await baseUrl();
      return sendRestockNotifications(ctx, actorOf(request), url, request.body.sendRequests);
    },
  );
}
