import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app.js';
import { getOrderWithToken } from './service.js';

export function orderRoutes(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { orderId: string }; Querystring: { token?: string } }>(
    '/api/commerce/orders/:orderId',
    async (request) => {
      const ctx = await services.context();
      return {
        order: await getOrderWithToken(ctx, request.params.orderId, String(request.query.token ?? '')),
      };
    },
  );
}
