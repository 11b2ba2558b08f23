import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isFormPost } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices, SiteContext } from '../../services.js';
import { cartForm } from '../cart/line-routes.js';
import { CART_COOKIE } from '../cart/routes.js';
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

function badBody(error: { issues: { message: string }[] }): HttpError {
  return new HttpError(400, error.issues[0].message);
}

/**
 * Runs a pricing change against the caller's own cart (CART cookie) after the rate limit and
 * crumb checks, and answers the whole cart.
 */
async function withCart(
  services: AppServices,
  request: FastifyRequest,
  change: (ctx: SiteContext, cartId: string) => Promise<void>,
): Promise<{ shoppingCart: CartView }> {
  await services.rateLimit(request, 'cart-entries');
  services.crumbs.check(request);
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
  const addCoupon = (request: FastifyRequest) =>
    withCart(services, request, async (ctx, cartId) => {
      const parsed = addCouponBody.safeParse(request.body ?? {});
      if (!parsed.success) throw badBody(parsed.error);
      await addCouponCode(ctx, cartId, parsed.data.code);
    });
  // A plain form (JavaScript off) comes back to the cart page; the island's call gets the cart.
  app.post('/api/commerce/shopping-cart/coupons', (request, reply) =>
    isFormPost(request)
      ? cartForm(reply, 'tryAgain', () => addCoupon(request), COUPON_FORM_MESSAGES)
      : addCoupon(request),
  );

  app.post('/api/commerce/shopping-cart/coupons/:code/remove', (request, reply) =>
    cartForm(
      reply,
      'tryAgain',
      () =>
        withCart(services, request, (ctx, cartId) =>
          removeCouponCode(ctx, cartId, parseInput(couponParams, request.params).code),
        ),
      COUPON_FORM_MESSAGES,
    ),
  );

  app.delete('/api/commerce/shopping-cart/coupons/:code', (request) =>
    withCart(services, request, (ctx, cartId) =>
      removeCouponCode(ctx, cartId, parseInput(couponParams, request.params).code),
    ),
  );

  app.put('/api/commerce/shopping-cart/shipping-location', (request) =>
    withCart(services, request, async (ctx, cartId) => {
      const parsed = shippingLocationBody.safeParse(request.body ?? {});
      if (!parsed.success) throw badBody(parsed.error);
      await setShippingLocation(ctx, cartId, checkShippingLocation(parsed.data));
    }),
  );

  app.put('/api/commerce/shopping-cart/shipping-option', (request) =>
    withCart(services, request, async (ctx, cartId) => {
      const parsed = shippingOptionBody.safeParse(request.body ?? {});
      if (!parsed.success) throw badBody(parsed.error);
      await setShippingOption(ctx, cartId, parsed.data.id);
    }),
  );
}
