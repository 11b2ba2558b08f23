import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { sendWaitlists } from '../owner-restock/routes.js';
import { fulfilBody, ordersQuery, refundBody } from './schema.js';
import {
  fulfilOrder,
  listOwnerOrders,
  type OwnerOrderDeps,
  ordersCsv,
  ownerOrderDetail,
  refundOrder,
  resendConfirmation,
} from './service.js';

type WithId = { Params: { id: string } };

/** The owner's orders: list, detail, CSV export, fulfil, refund, resend the confirmation. */
export function ownerOrderRoutes(app: FastifyInstance, services: AppServices): void {
  const read = { preHandler: requirePermission(services, 'orders.read') };
  const write = { preHandler: requirePermission(services, 'orders.write') };
  const deps = (): OwnerOrderDeps => ({
    provider: services.paymentProvider,
    publicUrl: services.config.publicUrl,
  });

  app.get('/api/config/orders', read, async (request) => {
    const query = parseOr400(ordersQuery, request.query);
    return listOwnerOrders(await services.context(), query);
  });

  app.get('/api/config/orders.csv', read, async (request, reply) => {
    const query = parseOr400(ordersQuery, request.query);
    const csv = await ordersCsv(await services.context(), query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get<WithId>('/api/config/orders/:id', read, async (request) =>
    ownerOrderDetail(await services.context(), request.params.id),
  );

  app.post<WithId>('/api/config/orders/:id/fulfil', write, async (request) => {
    const body = parseOr400(fulfilBody, request.body);
    return fulfilOrder(await services.context(), deps(), actorOf(request), request.params.id, body);
  });

  app.post<WithId>('/api/config/orders/:id/refund', write, async (request) => {
    const body = parseOr400(refundBody, request.body);
    const ctx = await services.context();
    const result = await refundOrder(ctx, deps(), actorOf(request), request.params.id, body);
    // A refund that put items back in stock may end a waitlist's wait.
    if (body.restock) await sendWaitlists(services, ctx, request);
    return result;
  });

  app.post<WithId>('/api/config/orders/:id/resend-confirmation', write, async (request, reply) => {
    const result = await resendConfirmation(
      await services.context(),
      deps(),
      actorOf(request),
      request.params.id,
    );
    return reply.status(202).send(result);
  });
}
