import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import { currentSiteUser } from '../../platform/site-user-auth.js';
import type { AppServices } from '../../services.js';
import { CART_COOKIE, clearCartCookies } from '../cart/routes.js';
import { createTestPaymentProvider } from '../payments/test-provider.js';
import { linkOrderToSiteUser } from '../site-users/service.js';
import { placeOrderBody, quoteBody } from './schema.js';
import { CheckoutFailure, type CheckoutOptions, placeOrder, quote } from './service.js';

function badBody(error: { issues: { path: PropertyKey[]; message: string }[] }): HttpError {
  const issue = error.issues[0];
  return new HttpError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
}

function sendFailure(reply: FastifyReply, err: CheckoutFailure) {
  return reply
    .status(err.statusCode)
    .send({ message: err.message, ...(err.type ? { type: err.type } : {}), ...err.extra });
}

export function checkoutRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: CheckoutOptions = {},
): void {
  const deps = {
    provider:
      options.paymentProvider ??
      createTestPaymentProvider({ latencyMs: services.config.testPaymentLatencyMs }),
    listeners: options.onOrderPlaced ?? [],
    warn: (err: unknown, message: string) => app.log.warn({ err }, message),
    publicUrl: services.config.publicUrl,
  };

  app.post('/api/commerce/checkout/quote', async (request) => {
    // Limited per IP like the coupon and gift-card balance calls: it answers whether codes are valid.
    await services.rateLimit(request, 'checkout-quote');
    const parsed = quoteBody.safeParse(request.body);
    if (!parsed.success) throw badBody(parsed.error);
    const ctx = await services.context();
    return quote(ctx, parsed.data, request.cookies[CART_COOKIE]);
  });

  app.post('/api/commerce/orders', async (request, reply) => {
    await services.rateLimit(request, 'checkout');
    services.crumbs.check(request);
    const parsed = placeOrderBody.safeParse(request.body);
    if (!parsed.success) throw badBody(parsed.error);
    const ctx = await services.context();
    try {
      const result = await placeOrder(ctx, deps, parsed.data, request.cookies[CART_COOKIE]);
      // Placed while signed in, the order lists in the shopper's account.
      const siteUser = await currentSiteUser(services, request, reply);
      if (siteUser) await linkOrderToSiteUser(ctx, result.order.id, siteUser.id);
      if (result.order.source === 'cart') {
        // The bought cart is done with; the next add starts a new one.
        clearCartCookies(reply);
      }
      return reply.status(201).send({ order: result.order, confirmationUrl: result.confirmationUrl });
    } catch (err) {
      if (err instanceof CheckoutFailure) return sendFailure(reply, err);
      throw err;
    }
  });
}
