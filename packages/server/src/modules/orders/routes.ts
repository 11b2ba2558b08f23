import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, text, tokenQuery } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getOrderWithToken } from './service.js';

const orderParams = z.object({ orderId: text() });

export function orderRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/commerce/orders/:orderId', async (request) => {
    const { orderId } = parseInput(orderParams, request.params);
    const { token } = parseInput(tokenQuery, request.query);
    const ctx = await services.context();
    return { order: await getOrderWithToken(ctx, orderId, token ?? '') };
  });
}
