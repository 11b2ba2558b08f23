import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getProductById } from './service.js';

const stockQuery = z.object({ itemId: text(64).min(1, 'is required') });

export function catalogRoutes(app: FastifyInstance, services: AppServices): void {
  /** Spec §7: GET commerce/inventory/stock/ under the API root, query itemId → results (spec §3 stock result per variant). */
  app.get('/api/commerce/inventory/stock/', { config: { shared: true } }, async (request) => {
    const { itemId } = parseInput(stockQuery, request.query);
    const ctx = await services.context();
    const product = await getProductById(ctx, itemId);
    if (!product) throw new HttpError(404, 'No product has that itemId.');
    return {
      results: product.variants.map((v) => ({
        sku: v.sku,
        unlimited: v.unlimited,
        qtyInStock: v.qtyInStock,
      })),
    };
  });
}
