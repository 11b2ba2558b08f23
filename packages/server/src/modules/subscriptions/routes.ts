import type { FastifyInstance, FastifyReply } from 'fastify';
import { contract, guard, invalidRequest } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import type { AppServices } from '../../services.js';
import { subscriptionBillingRoutes } from './billing-routes.js';
import { subscriptionBody, subscriptionCartReply } from './schema.js';
import { createSubscriptionCart } from './service.js';

/** Spec §7: "on failure the server's data.message is shown" — the usual error body plus data.message. */
function failure(reply: FastifyReply, err: HttpError) {
  return reply.status(err.statusCode).send({
    message: err.message,
    data: { message: err.message },
    ...(err.type ? { type: err.type } : {}),
    ...(err.errors ? { errors: err.errors } : {}),
  });
}

export function subscriptionRoutes(app: FastifyInstance, services: AppServices): void {
  subscriptionBillingRoutes(app, services);
  contract(app).post(
    '/api/3/commerce/cart/subscription',
    {
      schema: {
        description: 'A refusal also carries its message as `data.message` (spec §7).',
        body: subscriptionBody,
        response: { 200: subscriptionCartReply },
      },
      preValidation: guard(services, 'subscription', { crumb: true }),
      errorHandler: (err, request, reply) => {
        const refused = invalidRequest(err, request);
        if (refused) return failure(reply, new HttpError(400, refused.message, 'SUB_API_FAILURE'));
        if (err instanceof HttpError) return failure(reply, err);
        throw err;
      },
    },
    async (request) => {
      const ctx = await services.context();
      return { data: await createSubscriptionCart(ctx, ctx.site.website.currency, request.body) };
    },
  );
}
