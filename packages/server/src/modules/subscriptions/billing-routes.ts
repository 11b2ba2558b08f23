import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app.js';
import { cancelSubscriptionWithToken, getSubscriptionWithToken } from './billing-service.js';

type SubscriptionRequest = { Params: { subscriptionId: string }; Querystring: { token?: string } };

/** A subscription's status and cancel calls; the token of its link stands in for a login. */
export function subscriptionBillingRoutes(app: FastifyInstance, services: AppServices): void {
  app.get<SubscriptionRequest>('/api/commerce/subscriptions/:subscriptionId', async (request) => {
    const ctx = await services.context();
    const { subscriptionId } = request.params;
    return {
      subscription: await getSubscriptionWithToken(ctx, subscriptionId, String(request.query.token ?? '')),
    };
  });

  app.post<SubscriptionRequest>('/api/commerce/subscriptions/:subscriptionId/cancel', async (request) => {
    await services.rateLimit(request, 'subscription');
    services.crumbs.check(request);
    const ctx = await services.context();
    const { subscriptionId } = request.params;
    return {
      subscription: await cancelSubscriptionWithToken(ctx, subscriptionId, String(request.query.token ?? '')),
    };
  });
}
