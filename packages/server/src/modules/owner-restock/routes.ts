import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission, siteBaseUrl } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices, SiteContext } from '../../services.js';
import { restockGroupsQuery, restockSendAllBody, restockSendBody, restockSignupsQuery } from './schema.js';
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
  const guard = { preHandler: requirePermission(services, 'restock.manage') };
  const baseUrl = async () => {
    const ctx = await services.context();
    return { ctx, url: siteBaseUrl(ctx, services.config) };
  };

  app.get(`${BASE}/groups`, guard, async (request) => {
    const { cursor } = parseOr400(restockGroupsQuery, request.query);
    return listSignUpGroups(await services.context(), cursor);
  });

  app.get(BASE, guard, async (request) => {
    const q = parseOr400(restockSignupsQuery, request.query);
    return listSignUps(await services.context(), q.productId, q.variantId, q.cursor);
  });

  app.post(`${BASE}/send`, guard, async (request) => {
    const body = parseOr400(restockSendBody, request.body);
    const { ctx, url } = await baseUrl();
    const { results } = await sendRestockNotifications(ctx, actorOf(request), url, [body]);
    return results[0];
  });

  app.post(`${BASE}/send/all`, guard, async (request) => {
    const { sendRequests } = parseOr400(restockSendAllBody, request.body);
    const { ctx, url } = await baseUrl();
    return sendRestockNotifications(ctx, actorOf(request), url, sendRequests);
  });
}
