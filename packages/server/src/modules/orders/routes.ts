import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract } from '../../platform/contract.js';
import { text, tokenQuery } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getOrderWithToken } from './service.js';
import { orderReply } from './view.js';

const orderParams = z.object({ orderId: text() });

export function orderRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).get(
    '/api/commerce/orders/:orderId',
    {
      schema: {
        params: orderParams,
        querystring: tokenQuery,
        response: { 200: z.object({ order: orderReply }) },
      },
    },
    async (request) => {
      const ctx = await services.context();
      return { order: await getOrderWithToken(ctx, request.params.orderId, request.query.token ?? '') };
    },
  );
}
