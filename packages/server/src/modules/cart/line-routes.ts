import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../../app.js';
import { HttpError } from '../../platform/errors.js';
import { parseInput, text } from '../../platform/request-input.js';
import { parseLineQuantity, removeLine, setLineQuantity } from './lines.js';
import { CART_COOKIE } from './routes.js';

/** PUT …/entries/{entryId}/quantity; the value itself is read by parseLineQuantity for the spec's messages. */
const quantityBody = z.object({ quantity: z.unknown() });
const entryParams = z.object({ entryId: text() });

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

  app.delete('/api/commerce/shopping-cart/entries/:entryId', async (request) => {
    await services.rateLimit(request, 'cart-entries');
    services.crumbs.check(request);
    const { entryId } = parseInput(entryParams, request.params);
    const ctx = await services.context();
    return { shoppingCart: await removeLine(ctx, request.cookies[CART_COOKIE], entryId) };
  });
}
