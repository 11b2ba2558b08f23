import { CART_URL, type MessageKey, messageKeyOf } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, guard, invalidRequest, seeOther } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import {
  LINE_QUANTITY_MIN,
  parseLineQuantity,
  QUANTITY_RANGE,
  removeLine,
  setLineQuantity,
} from './lines.js';
import { CART_COOKIE } from './routes.js';
import { shoppingCartReply } from './schema.js';
import { ENTRY_NOT_FOUND } from './service.js';

/**
 * Messages the cart's plain forms may come back with besides the spec's, by the key the redirect
 * carries: the page shows the text it knows for a key, never text taken from the address.
 */
export const CART_LINE_MESSAGES: Readonly<Record<string, string>> = {
  quantityRange: QUANTITY_RANGE,
  entryNotFound: ENTRY_NOT_FOUND,
};

/** 303 back to the cart page with a failure's message key (`fallback` for a message of no key). */
function backToCart(
  reply: FastifyReply,
  message: string,
  fallback: MessageKey,
  messages: Readonly<Record<string, string>>,
) {
  const own = Object.keys(messages).find((k) => messages[k] === message);
  return reply.redirect(`${CART_URL}?cartError=${own ?? messageKeyOf(message) ?? fallback}`, 303);
}

/**
 * Runs a plain cart form's change and answers the cart page again: 303 to /cart, with the
 * failure's message key so the page says what went wrong.
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
    return backToCart(reply, err.message, fallback, messages);
  }
}

/** The error handler of a plain cart form's route: what its checks refuse goes back to the cart page. */
export function cartFormErrors(
  fallback: MessageKey,
  messages: Readonly<Record<string, string>> = CART_LINE_MESSAGES,
) {
  return (err: Error, request: FastifyRequest, reply: FastifyReply) => {
    const failure = invalidRequest(err, request) ?? err;
    if (!(failure instanceof HttpError)) throw err;
    return backToCart(reply, failure.message, fallback, messages);
  };
}

/** PUT …/entries/{entryId}/quantity; the value itself is read by parseLineQuantity for the spec's messages. */
const quantityBody = z
  .object({
    quantity: z.unknown().describe('A whole number of at least 1, or its digits as text'),
  })
  .refine((body) => body.quantity !== undefined);
const entryParams = z.object({ entryId: text() });
const quantityForm = z.object({
  quantity: text().optional(),
  step: text().optional(),
  crumb: text().optional(),
});

export function cartLineRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const checks = guard(services, 'cart-entries', { crumb: true });
  api.put(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    {
      schema: { params: entryParams, body: quantityBody, response: { 200: shoppingCartReply } },
      config: { invalid: { body: { message: 'quantity is required' } } },
      preValidation: checks,
    },
    async (request) => {
      const quantity = parseLineQuantity(request.body.quantity);
      const ctx = await services.context();
      const cart = await setLineQuantity(ctx, request.cookies[CART_COOKIE], request.params.entryId, quantity);
      return { shoppingCart: cart };
    },
  );

  // The cart page's plain forms (no JavaScript): − / + send a `step`, Update sends the typed quantity.
  api.post(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    {
      schema: { params: entryParams, body: quantityForm.prefault({}), response: { 303: seeOther } },
      preValidation: checks,
      errorHandler: cartFormErrors('unableToUpdateQuantity'),
    },
    async (request, reply) =>
      cartForm(reply, 'unableToUpdateQuantity', async () => {
        const form = request.body;
        let quantity = parseLineQuantity(form.quantity);
        if (form.step === '-1' || form.step === '1')
          quantity = Math.max(LINE_QUANTITY_MIN, quantity + Number(form.step));
        const ctx = await services.context();
        await setLineQuantity(ctx, request.cookies[CART_COOKIE], request.params.entryId, quantity);
      }),
  );

  api.post(
    '/api/commerce/shopping-cart/entries/:entryId/remove',
    {
      schema: { params: entryParams, response: { 303: seeOther } },
      preValidation: checks,
      errorHandler: cartFormErrors('unableToRemoveItem'),
    },
    async (request, reply) =>
      cartForm(reply, 'unableToRemoveItem', async () => {
        const ctx = await services.context();
        await removeLine(ctx, request.cookies[CART_COOKIE], request.params.entryId);
      }),
  );

  api.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { schema: { params: entryParams, response: { 200: shoppingCartReply } }, preValidation: checks },
    async (request) => {
      const ctx = await services.context();
      return { shoppingCart: await removeLine(ctx, request.cookies[CART_COOKIE], request.params.entryId) };
    },
  );
}
