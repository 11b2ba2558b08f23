import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { subscriptionDetailReply, subscriptionListReply, subscriptionsQuery } from './schema.js';
import { cancelOwnerSubscription, listOwnerSubscriptions, ownerSubscriptionDetail } from './service.js';

/** The owner's subscriptions: list, detail with renewals, cancel. */
export function ownerSubscriptionRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const read = { preValidation: requirePermission(services, 'orders.read'), config: FIELD_ERRORS };
  const write = { preValidation: requirePermission(services, 'orders.write'), config: FIELD_ERRORS };

  api.get(
    '/api/config/subscriptions',
    { ...read, schema: { querystring: subscriptionsQuery, response: { 200: subscriptionListReply } } },
    async (request) => listOwnerSubscriptions(await services.context(), request.query),
  );

  api.get(
    '/api/config/subscriptions/:id',
    { ...read, schema: { params: idParams, response: { 200: subscriptionDetailReply } } },
    async (request) => ownerSubscriptionDetail(await services.context(), request.params.id),
  );

  api.post(
    '/api/config/subscriptions/:id/cancel',
    { ...write, schema: { params: idParams, response: { 200: subscriptionDetailReply } } },
    async (request) => cancelOwnerSubscription(await services.context(), actorOf(request), request.params.id),
  );
}
