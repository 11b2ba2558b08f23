import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getProductById } from './service.js';

const stockQuery = z.object({ itemId: text(64).min(1, 'is required') });

/** Spec §3 stock result, one per variant. */
const stockReply = z.object({
  results: z.array(z.object({ sku: z.string(), unlimited: z.boolean(), qtyInStock: z.number() })),
});

export function catalogRoutes(app: FastifyInstance, services: AppServices): void {
  /** Spec §7: GET commerce/inventory/stock/ under the API root, query itemId → results (spec §3 stock result per variant). */
  contract(app).get(
    '/api/commerce/inventory/stock/',
    { config: { shared: true }, schema: { querystring: stockQuery, response: { 200: stockReply } } },
    async (request) => {
      const ctx = await services.context();
      const product = await getProductById(ctx, request.query.itemId);
      if (!product) throw new HttpError(404, 'No product has that itemId.');
      return {
        results: product.variants.map((v) => ({
          sku: v.sku,
          unlimited: v.unlimited,
          qtyInStock: v.qtyInStock,
        })),
      };
    },
  );
}
