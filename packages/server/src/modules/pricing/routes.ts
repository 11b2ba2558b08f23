import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, guard, isFormPost, seeOther } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { text } from '../../platform/request-input.js';
import type { AppServices, SiteContext } from '../../services.js';
import { cartForm, cartFormErrors } from '../cart/line-routes.js';
import { CART_COOKIE } from '../cart/routes.js';
import { shoppingCartReply } from '../cart/schema.js';
import { type CartView, getCart } from '../cart/service.js';
import { addCouponBody, shippingLocationBody, shippingOptionBody } from './schema.js';
import {
  addCouponCode,
  COUPON_NOT_APPLIED,
  checkShippingLocation,
  removeCouponCode,
  setShippingLocation,
  setShippingOption,
  UNKNOWN_COUPON,
} from './service.js';

const couponParams = z.object({ code: text() });

/** Cart-level pricing calls need a cart; without one there is nothing to price. */
export const NO_CART = 'Your cart is empty. Add an item first.';

/** Runs a pricing change against the caller's own cart (CART cookie) and answers the whole cart. */
async function withCart(
  services: AppServices,
  request: FastifyRequest,
  change: (ctx: SiteContext, cartId: string) => Promise<void>,
): Promise<{ shoppingCart: CartView }> {
  const ctx = await services.context();
  const token = request.cookies[CART_COOKIE];
  const before = await getCart(ctx, token, ctx.site.website.currency);
  if (!before.id) throw new HttpError(404, NO_CART);
  await change(ctx, before.id);
  return { shoppingCart: await getCart(ctx, token, ctx.site.website.currency) };
}

/** What the cart page's plain coupon forms may come back with, by the key the redirect carries. */
export const COUPON_FORM_MESSAGES: Readonly<Record<string, string>> = {
  unknownCoupon: UNKNOWN_COUPON,
  noCart: NO_CART,
  couponNotApplied: COUPON_NOT_APPLIED,
};

export function pricingRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const checks = guard(services, 'cart-entries', { crumb: true });
  // Refused input reads as the schema's message alone.
  const config = { invalid: { body: 'message' as const } };
  const couponForm = cartFormErrors('tryAgain', COUPON_FORM_MESSAGES);

  api.post(
    '/api/commerce/shopping-cart/coupons',
    {
      schema: {
        description:
          "Also takes the cart page's plain HTML form (JavaScript off): it answers 303 to the cart, with `cartError={message key}` on failure.",
        body: addCouponBody,
        response: { 200: shoppingCartReply },
      },
      config,
      preValidation: checks,
      // A plain form (JavaScript off) comes back to the cart page; the island's call gets the cart.
      errorHandler: (err, request, reply) => {
        if (isFormPost(request)) return couponForm(err, request, reply);
        throw err;
      },
    },
    async (request, reply) => {
      const add = () =>
        withCart(services, request, (ctx, cartId) => addCouponCode(ctx, cartId, request.body.code));
      return isFormPost(request) ? cartForm(reply, 'tryAgain', add, COUPON_FORM_MESSAGES) : add();
    },
  );

  api.post(
    '/api/commerce/shopping-cart/coupons/:code/remove',
    {
      schema: { params: couponParams, response: { 303: seeOther } },
      preValidation: checks,
      errorHandler: couponForm,
    },
    async (request, reply) =>
      cartForm(
        reply,
        'tryAgain',
        () =>
          withCart(services, request, (ctx, cartId) => removeCouponCode(ctx, cartId, request.params.code)),
        COUPON_FORM_MESSAGES,
      ),
  );

  api.delete(
    '/api/commerce/shopping-cart/coupons/:code',
    { schema: { params: couponParams, response: { 200: shoppingCartReply } }, preValidation: checks },
    async (request) =>
      withCart(services, request, (ctx, cartId) => removeCouponCode(ctx, cartId, request.params.code)),
  );

  api.put(
    '/api/commerce/shopping-cart/shipping-location',
    {
      schema: { body: shippingLocationBody, response: { 200: shoppingCartReply } },
      config,
      preValidation: checks,
    },
    async (request) =>
      withCart(services, request, (ctx, cartId) =>
        setShippingLocation(ctx, cartId, checkShippingLocation(request.body)),
      ),
  );

  api.put(
    '/api/commerce/shopping-cart/shipping-option',
    {
      schema: { body: shippingOptionBody, response: { 200: shoppingCartReply } },
      config,
      preValidation: checks,
    },
    async (request) =>
      withCart(services, request, (ctx, cartId) => setShippingOption(ctx, cartId, request.body.id)),
  );
}
