import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import type { AppServices } from '../../services.js';
import { subscriptionBillingRoutes } from './billing-routes.js';
import { subscriptionBody } from './schema.js';
import { createSubscriptionCart } from './service.js';

export function subscriptionRoutes(app: FastifyInstance, services: AppServices): void {
  subscriptionBillingRoutes(app, services);
  app.post('/api/3/commerce/cart/subscription', async (request, reply) => {
    try {
      await services.rateLimit(request, 'subscription');
      services.crumbs.check(request);
      const parsed = subscriptionBody.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HttpError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`, 'SUB_API_FAILURE');
      }
      const ctx = await services.context();
      return { data: await createSubscriptionCart(ctx, ctx.site.website.currency, parsed.data) };
    } catch (err) {
      // Spec §7: "on failure the server's data.message is shown" — the usual error body plus data.message.
      if (!(err instanceof HttpError)) throw err;
      return reply.status(err.statusCode).send({
        message: err.message,
        data: { message: err.message },
        ...(err.type ? { type: err.type } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
  });
}
