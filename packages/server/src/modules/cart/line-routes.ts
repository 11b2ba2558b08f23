import { CART_URL, type MessageKey, messageKeyOf } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import {
  LINE_QUANTITY_MIN,
  parseLineQuantity,
  QUANTITY_RANGE,
  removeLine,
  setLineQuantity,
} from './lines.js';
import { CART_COOKIE } from './routes.js';
import { ENTRY_NOT_FOUND } from './service.js';

/**
 * Messages the cart's plain forms may come back with besides the spec's, by the key the redirect
 * carries: the page shows the text it knows for a key, never text taken from the address.
 */
export const CART_LINE_MESSAGES: Readonly<Record<string, string>> = {
  quantityRange: QUANTITY_RANGE,
  entryNotFound: ENTRY_NOT_FOUND,
};

/** Whether the request is a plain HTML form post (JavaScript off) rather than the island's JSON call. */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * Runs a plain cart form's change and answers the cart page again: 303 to /cart, with the
 * failure's message key (`fallback` for a message of no key) so the page says what went wrong.
 */
export async function cartForm(
  reply: FastifyReply,
  fallback: MessageKey,
  change: () => Promise<unknown>,
  messages: Readonly<Record<string, string>> = CART_LINE_MESSAGES,
) {
  try {
    await change();
    return reply.redirect(CART_URL, 303);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const own = Object.keys(messages).find((k) => messages[k] === err.message);
    return reply.redirect(`${CART_URL}?cartError=${own ?? messageKeyOf(err.message) ?? fallback}`, 303);
  }
}

/** PUT …/entries/{entryId}/quantity; the value itself is read by parseLineQuantity for the spec's messages. */
const quantityBody = z.object({ quantity: z.unknown() });
const entryParams = z.object({ entryId: text() });
const quantityForm = z.object({
  quantity: text().optional(),
  step: text().optional(),
  crumb: text().optional(),
});

export function cartLineRoutes(app: FastifyInstance, services: AppServices): void {
  app.put('/api/commerce/shopping-cart/entries/:entryId/quantity', async (request) => {
    await services.rateLimit(request, 'cart-entries');
    services.crumbs.check(request);
    const { entryId } = parseInput(entryParams, request.params);
    const parsed = quantityBody.safeParse(request.body ?? {});
    if (!parsed.success || parsed.data.quantity === undefined)
      throw new HttpError(400, 'quantity is required');
    const quantity = parseLineQuantity(parsed.data.quantity);
    const ctx = await services.context();
    const cart = await setLineQuantity(ctx, request.cookies[CART_COOKIE], entryId, quantity);
    return { shoppingCart: cart };
  });

  // The cart page's plain forms (no JavaScript): − / + send a `step`, Update sends the typed quantity.
  app.post('/api/commerce/shopping-cart/entries/:entryId/quantity', async (request, reply) =>
    cartForm(reply, 'unableToUpdateQuantity', async () => {
      await services.rateLimit(request, 'cart-entries');
      services.crumbs.check(request);
      const { entryId } = parseInput(entryParams, request.params);
      const form = parseInput(quantityForm, request.body ?? {});
      let quantity = parseLineQuantity(form.quantity);
      if (form.step === '-1' || form.step === '1')
        quantity = Math.max(LINE_QUANTITY_MIN, quantity + Number(form.step));
      const ctx = await services.context();
      await setLineQuantity(ctx, request.cookies[CART_COOKIE], entryId, quantity);
    }),
  );

  app.post('/api/commerce/shopping-cart/entries/:entryId/remove', async (request, reply) =>
    cartForm(reply, 'unableToRemoveItem', async () => {
      await services.rateLimit(request, 'cart-entries');
      services.crumbs.check(request);
      const { entryId } = parseInput(entryParams, request.params);
      const ctx = await services.context();
      await removeLine(ctx, request.cookies[CART_COOKIE], entryId);
    }),
  );

  app.delete('/api/commerce/shopping-cart/entries/:entryId', async (request) => {
    await services.rateLimit(request, 'cart-entries');
    services.crumbs.check(request);
    const { entryId } = parseInput(entryParams, request.params);
    const ctx = await services.context();
    return { shoppingCart: await removeLine(ctx, request.cookies[CART_COOKIE], entryId) };
  });
}
