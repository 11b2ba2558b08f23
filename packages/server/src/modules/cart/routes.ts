import { CART_URL, type MessageKey, messageKeyOf } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, guard, isFormPost, plainFormToo } from '../../platform/contract.js';
import { isHttps } from '../../platform/crumb.js';
import { text } from '../../platform/request-input.js';
import { currentSiteUser } from '../../platform/site-user-auth.js';
import type { AppServices } from '../../services.js';
import { recordServerEvent, requester, URL_MAX } from '../analytics/service.js';
import { getProductById } from '../catalog/service.js';
import { cartLineRoutes } from './line-routes.js';
import {
  addEntryBody,
  addEntryReply,
  cartQuery,
  cartReply,
  updateEntryFieldsBody,
  updateEntryFieldsReply,
} from './schema.js';
import { addEntry, cartTokenFor, emptyCart, getCart, updateEntryFields } from './service.js';

export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';
/** The cart cookie outlives a visit: two years, like the visitor cookie of spec §9. */
const CART_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;
const VARIANT_OPTION_FIELD = 'variant-option-';
const entryParams = z.object({ entryId: text() });

/**
 * Names the shopper's cart in the browser (CART, HttpOnly) and announces it (hasCart, spec §6).
 * Written as the cookie library writes them, without its checks of every name, value and
 * attribute: every add sets both, and those checks were ~4% of an add's CPU.
 */
export function setCartCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const attributes = `; Max-Age=${CART_COOKIE_MAX_AGE_S}; Path=/`;
  const secure = isHttps(request) ? '; Secure' : '';
  reply.header('set-cookie', [
    `${CART_COOKIE}=${encodeURIComponent(token)}${attributes}; HttpOnly${secure}; SameSite=Lax`,
    `${HAS_CART_COOKIE}=true${attributes}${secure}; SameSite=Lax`,
  ]);
}

export function clearCartCookies(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
  reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
}

/** The cart the request works with: its cookie's, or the signed-in shopper's account cart (spec §6). */
export async function requestCartToken(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  const siteUser = await currentSiteUser(services, request, reply);
  return cartTokenFor(
    await services.context(),
    request.cookies,
    request.cookies[CART_COOKIE],
    siteUser?.id ?? null,
  );
}

/** A plain HTML form names the variant by its options: `variant-option-{name}` fields. */
function bodyFromForm(form: Record<string, unknown>) {
  const selection: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(VARIANT_OPTION_FIELD) && typeof value === 'string' && value !== '') {
      selection[key.slice(VARIANT_OPTION_FIELD.length)] = value;
    }
  }
  return {
    itemId: form.itemId,
    sku: typeof form.sku === 'string' && form.sku !== '' ? form.sku : undefined,
    quantity: form.quantity ?? '1',
    additionalFields: null,
    selection,
  };
}

/**
 * Where a failed plain-form add returns: the product's page (the home page when the item is
 * unknown), with the message's key (`unableToAddItem` for a text of no key), never its text.
 */
async function backWithError(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
) {
  const itemId = (request.body as Record<string, unknown> | undefined)?.itemId;
  const product = typeof itemId === 'string' ? await getProductById(await services.context(), itemId) : null;
  const key: MessageKey = messageKeyOf(message) ?? 'unableToAddItem';
  return reply.redirect(`${product?.fullUrl ?? '/'}?cartError=${key}`, 303);
}

export function cartRoutes(app: FastifyInstance, services: AppServices): void {
  cartLineRoutes(app, services);
  const api = contract(app);
  const plainForm = plainFormToo(bodyFromForm, (request, reply, message) =>
    backWithError(services, request, reply, message),
  );
  // Spec §7 query mock, timecode, calculateSubtotal (docs/api.md).
  api.get(
    '/api/commerce/shopping-cart',
    { schema: { querystring: cartQuery, response: { 200: cartReply } } },
    async (request, reply) => {
      const ctx = await services.context();
      // A timecode only makes each URL new to caches on the way; the answer is never stored.
      reply.header('cache-control', 'no-store');
      // mock: the shape of this store's cart for previews and theme tools; no cart is read.
      if (request.query.mock) return emptyCart(ctx.websiteId, ctx.site.website.currency);
      return getCart(ctx, await requestCartToken(services, request, reply), ctx.site.website.currency, {
        calculateSubtotal: request.query.calculateSubtotal,
      });
    },
  );

  api.post(
    '/api/commerce/shopping-cart/entries',
    {
      schema: {
        description:
          'Also takes a plain HTML form (JavaScript off): the variant by `variant-option-{name}` fields; it answers 303 to the cart, or back to the product with `cartError={message key}`.',
        body: addEntryBody,
        response: { 200: addEntryReply },
      },
      preValidation: [guard(services, 'cart-entries', { crumb: true }), plainForm.preValidation],
      errorHandler: plainForm.errorHandler,
    },
    async (request, reply) => {
      const ctx = await services.context();
      const siteUser = await currentSiteUser(services, request, reply);
      const result = await addEntry(
        ctx,
        await requestCartToken(services, request, reply),
        ctx.site.website.currency,
        request.body,
        siteUser?.id ?? null,
      );
      setCartCookies(request, reply, result.token);
      if (request.body.additionalFields) {
        // The custom product form was saved with the entry: its analytics event, not waited for.
        const who = await requester(services, request, reply);
        void recordServerEvent(ctx, services.analytics, who, 'SaveCustomProductForm', {
          itemId: request.body.itemId,
          ...(request.headers.referer ? { url: request.headers.referer.slice(0, URL_MAX) } : {}),
        }).catch((err: unknown) => request.log.warn({ err }, 'analytics event not written'));
      }
      if (isFormPost(request)) return reply.redirect(CART_URL, 303);
      return { shoppingCart: result.cart, newlyAdded: result.newlyAdded };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      schema: { params: entryParams, body: updateEntryFieldsBody, response: { 200: updateEntryFieldsReply } },
      preValidation: guard(services, 'cart-entries', { crumb: true }),
    },
    async (request) => {
      const ctx = await services.context();
      const result = await updateEntryFields(
        ctx,
        request.cookies[CART_COOKIE],
        request.params.entryId,
        request.body,
      );
      return { shoppingCart: result.cart, updatedEntry: result.updatedEntry };
    },
  );
}
