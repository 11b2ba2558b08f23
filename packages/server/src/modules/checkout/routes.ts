import { VISITOR_COOKIE } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../../app.js';
import { HttpError } from '../../platform/errors.js';
import { currentContributor, sessionToken } from '../../platform/owner-auth.js';
import { currentSiteUser } from '../../platform/site-user-auth.js';
import { countryOf } from '../analytics/service.js';
import { CART_COOKIE, clearCartCookies } from '../cart/routes.js';
import { createTestPaymentProvider } from '../payments/test-provider.js';
import { linkOrderToSiteUser } from '../site-users/service.js';
import { placeOrderBody, quoteBody } from './schema.js';
import {
  type CheckoutDeps,
  CheckoutFailure,
  type CheckoutOptions,
  placeOrder,
  quote,
  settlePayLater,
} from './service.js';

/** The pay-later provider's callback (docs/pay-later.md). */
export const PAY_LATER_NOTIFY_URL = '/api/commerce/payments/pay-later/notify';

/** What checkout needs to take payments, from buildApp's `checkout` option. */
export function checkoutDeps(
  app: FastifyInstance,
  services: AppServices,
  options: CheckoutOptions,
): CheckoutDeps {
  return {
    provider:
      options.paymentProvider ??
      createTestPaymentProvider({ latencyMs: services.config.testPaymentLatencyMs }),
    payLater: options.payLaterProvider ?? null,
    listeners: options.onOrderPlaced ?? [],
    warn: (err: unknown, message: string) => app.log.warn({ err }, message),
    publicUrl: services.config.publicUrl,
  };
}

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
  const deps = checkoutDeps(app, services, options);

  app.post('/api/commerce/checkout/quote', async (request) => {
    // Limited per IP like the coupon and gift-card balance calls: it answers whether codes are valid.
    await services.rateLimit(request, 'checkout-quote');
    const parsed = quoteBody.safeParse(request.body);
    if (!parsed.success) throw badBody(parsed.error);
    const ctx = await services.context();
    return quote(ctx, parsed.data, request.cookies[CART_COOKIE], !!deps.payLater);
  });

  app.post('/api/commerce/orders', async (request, reply) => {
    await services.rateLimit(request, 'checkout');
    services.crumbs.check(request);
    const parsed = placeOrderBody.safeParse(request.body);
    if (!parsed.success) throw badBody(parsed.error);
    const ctx = await services.context();
    try {
      const contributor = sessionToken(request) ? await currentContributor(services, request, reply) : null;
      const result = await placeOrder(ctx, deps, parsed.data, request.cookies[CART_COOKIE], {
        roles: contributor ? [contributor.role] : null,
        visitorCookie: request.cookies[VISITOR_COOKIE],
        country: countryOf(request.headers['cf-ipcountry'] ?? request.headers['x-country']),
      });
      // Placed while signed in, the order lists in the shopper's account.
      const siteUser = await currentSiteUser(services, request, reply);
      if (siteUser) await linkOrderToSiteUser(ctx, result.order.id, siteUser.id);
      if (result.order.source === 'cart') {
        // The bought cart is done with; the next add starts a new one.
        clearCartCookies(reply);
      }
      return reply.status(201).send({
        order: result.order,
        confirmationUrl: result.confirmationUrl,
        ...(result.paymentUrl ? { paymentUrl: result.paymentUrl } : {}),
      });
    } catch (err) {
      if (err instanceof CheckoutFailure) return sendFailure(reply, err);
      throw err;
    }
  });

  // The provider's word, not the shopper's: no crumb; its signature is checked instead.
  app.post(PAY_LATER_NOTIFY_URL, async (request) => {
    await services.rateLimit(request, 'checkout');
    const ctx = await services.context();
    const order = await settlePayLater(ctx, deps, request.body);
    return { order: { id: order.id, status: order.status } };
  });
}
