import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { subscriptionsQuery } from './schema.js';
import { cancelOwnerSubscription, listOwnerSubscriptions, ownerSubscriptionDetail } from './service.js';

type WithId = { Params: { id: string } };

/** The owner's subscriptions: list, detail with renewals, cancel. */
export function ownerSubscriptionRoutes(app: FastifyInstance, services: AppServices): void {
  const read = { preHandler: requirePermission(services, 'orders.read') };
  const write = { preHandler: requirePermission(services, 'orders.write') };

  app.get('/api/config/subscriptions', read, async (request) =>
    listOwnerSubscriptions(await services.context(), parseOr400(subscriptionsQuery, request.query)),
  );

  app.get<WithId>('/api/config/subscriptions/:id', read, async (request) =>
    ownerSubscriptionDetail(await services.context(), request.params.id),
  );

  app.post<WithId>('/api/config/subscriptions/:id/cancel', write, async (request) =>
    cancelOwnerSubscription(await services.context(), actorOf(request), request.params.id),
  );
}
