import type { FastifyInstance, FastifyReply } from 'fastify';
import { contract, guard } from '../../platform/contract.js';
import { currentSiteUser } from '../../platform/site-user-auth.js';
import type { AppServices } from '../../services.js';
import { CART_COOKIE, clearCartCookies } from '../cart/routes.js';
import { createTestPaymentProvider } from '../payments/test-provider.js';
import { linkOrderToSiteUser } from '../site-users/service.js';
import { placedOrderReply, placeOrderBody, quoteBody, quoteReply } from './schema.js';
import { CheckoutFailure, type CheckoutOptions, placeOrder, quote } from './service.js';

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

  const api = contract(app);
  api.post(
    '/api/commerce/checkout/quote',
    {
      schema: { body: quoteBody, response: { 200: quoteReply } },
      // Limited per IP like the coupon and gift-card balance calls: it answers whether codes are valid.
      preValidation: guard(services, 'checkout-quote', { crumb: false }),
    },
    async (request) => quote(await services.context(), request.body, request.cookies[CART_COOKIE]),
  );

  api.post(
    '/api/commerce/orders',
    {
      schema: {
        description:
          'Failures answer `{ message, type?, … }`: 402 with `code` when the card is refused, 409 with `itemName` when stock ran out.',
        body: placeOrderBody,
        response: { 201: placedOrderReply },
      },
      preValidation: guard(services, 'checkout', { crumb: true }),
    },
    async (request, reply) => {
      const ctx = await services.context();
      try {
        const result = await placeOrder(ctx, deps, request.body, request.cookies[CART_COOKIE]);
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
    },
  );
}
