import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, text, tokenQuery } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { cancelSubscriptionWithToken, getSubscriptionWithToken } from './billing-service.js';

const subscriptionParams = z.object({ subscriptionId: text() });

/** A subscription's status and cancel calls; the token of its link stands in for a login. */
export function subscriptionBillingRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/commerce/subscriptions/:subscriptionId', async (request) => {
    const { subscriptionId } = parseInput(subscriptionParams, request.params);
    const { token } = parseInput(tokenQuery, request.query);
    const ctx = await services.context();
    return { subscription: await getSubscriptionWithToken(ctx, subscriptionId, token ?? '') };
  });

  app.post('/api/commerce/subscriptions/:subscriptionId/cancel', async (request) => {
    await services.rateLimit(request, 'subscription');
    services.crumbs.check(request);
    const { subscriptionId } = parseInput(subscriptionParams, request.params);
    const { token } = parseInput(tokenQuery, request.query);
    const ctx = await services.context();
    return { subscription: await cancelSubscriptionWithToken(ctx, subscriptionId, token ?? '') };
  });
}
