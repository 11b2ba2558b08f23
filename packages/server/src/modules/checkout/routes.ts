import { VISITOR_COOKIE } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contract, guard } from '../../platform/contract.js';
import { currentContributor, ownerBaseUrl, sessionToken } from '../../platform/owner-auth.js';
import { currentSiteUser } from '../../platform/site-user-auth.js';
import type { AppServices } from '../../services.js';
import { countryOf } from '../analytics/service.js';
import { CART_COOKIE, clearCartCookies } from '../cart/routes.js';
import { linkOrderToSiteUser } from '../site-users/service.js';
import { payLaterNoticeReply, placedOrderReply, placeOrderBody, quoteBody, quoteReply } from './schema.js';
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
    provider: options.paymentProvider ?? services.paymentProvider,
    payLater: options.payLaterProvider ?? null,
    listeners: options.onOrderPlaced ?? [],
    warn: (err: unknown, message: string) => app.log.warn({ err }, message),
    publicUrl: services.config.publicUrl,
    linkBase: ownerBaseUrl(services.config),
  };
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

  const api = contract(app);
  api.post(
    '/api/commerce/checkout/quote',
    {
      schema: { body: quoteBody, response: { 200: quoteReply } },
      // Limited per IP like the coupon and gift-card balance calls: it answers whether codes are valid.
      preValidation: guard(services, 'checkout-quote', { crumb: false }),
    },
    async (request) =>
      quote(await services.context(), request.body, request.cookies[CART_COOKIE], !!deps.payLater),
  );

  api.post(
    '/api/commerce/orders',
    {
      schema: {
        description:
          'Failures answer `{ message, type?, … }`: 402 with `code` when the card is refused, 409 with `itemName` when stock ran out. With `paymentMethod: "pay-later"` the order is pending and `paymentUrl` is where the shopper approves the plan.',
        body: placeOrderBody,
        response: { 201: placedOrderReply },
      },
      preValidation: guard(services, 'checkout', { crumb: true }),
    },
    async (request, reply) => {
      const ctx = await services.context();
      const siteUser = await currentSiteUser(services, request, reply);
      try {
        const contributor = sessionToken(request) ? await currentContributor(services, request, reply) : null;
        const result = await placeOrder(ctx, deps, request.body, request.cookies[CART_COOKIE], {
          roles: contributor ? [contributor.role] : null,
          signedIn: !!siteUser,
          visitorCookie: request.cookies[VISITOR_COOKIE],
          country: countryOf(request.headers['cf-ipcountry'] ?? request.headers['x-country']),
        });
        // Placed while signed in, the order lists in the shopper's account.
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
    },
  );

  // The provider's word, not the shopper's: no crumb; its signature is checked instead.
  api.post(
    PAY_LATER_NOTIFY_URL,
    {
      schema: {
        description:
          "The pay-later provider's signed notice (docs/pay-later.md): the pending order becomes paid, or cancelled with its stock given back.",
        response: { 200: payLaterNoticeReply },
      },
      preValidation: guard(services, 'checkout', { crumb: false }),
    },
    async (request) => {
      const ctx = await services.context();
      const order = await settlePayLater(ctx, deps, request.body);
      return { order: { id: order.id, status: order.status } };
    },
  );
}
