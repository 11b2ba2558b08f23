import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, guard } from '../../platform/contract.js';
import { text, tokenQuery } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { cancelSubscriptionWithToken, getSubscriptionWithToken } from './billing-service.js';
import { subscriptionStatusReply } from './schema.js';

const subscriptionParams = z.object({ subscriptionId: text() });

/** A subscription's status and cancel calls; the token of its link stands in for a login. */
export function subscriptionBillingRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const schema = {
    params: subscriptionParams,
    querystring: tokenQuery,
    response: { 200: subscriptionStatusReply },
  };

  api.get('/api/commerce/subscriptions/:subscriptionId', { schema }, async (request) => {
    const ctx = await services.context();
    const { subscriptionId } = request.params;
    return { subscription: await getSubscriptionWithToken(ctx, subscriptionId, request.query.token ?? '') };
  });

  api.post(
    '/api/commerce/subscriptions/:subscriptionId/cancel',
    { schema, preValidation: guard(services, 'subscription', { crumb: true }) },
    async (request) => {
      const ctx = await services.context();
      const { subscriptionId } = request.params;
      return {
        subscription: await cancelSubscriptionWithToken(ctx, subscriptionId, request.query.token ?? ''),
      };
    },
  );
}
