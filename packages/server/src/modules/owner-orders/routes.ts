import type { FastifyInstance } from 'fastify';
import { contract, csvReply, FIELD_ERRORS } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { sendWaitlists } from '../owner-restock/routes.js';
import {
  fulfilBody,
  messageReply,
  orderDetailReply,
  orderListReply,
  ordersQuery,
  refundBody,
} from './schema.js';
import {
  fulfilOrder,
  listOwnerOrders,
  type OwnerOrderDeps,
  ordersCsv,
  ownerOrderDetail,
  refundOrder,
  resendConfirmation,
} from './service.js';

/** The owner's orders: list, detail, CSV export, fulfil, refund, resend the confirmation. */
export function ownerOrderRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  // The session and its permission come before any input is read.
  const read = { preValidation: requirePermission(services, 'orders.read'), config: FIELD_ERRORS };
  const write = { preValidation: requirePermission(services, 'orders.write'), config: FIELD_ERRORS };
  const deps = (): OwnerOrderDeps => ({
    provider: services.paymentProvider,
    publicUrl: services.config.publicUrl,
  });

  api.get(
    '/api/config/orders',
    { ...read, schema: { querystring: ordersQuery, response: { 200: orderListReply } } },
    async (request) => listOwnerOrders(await services.context(), request.query),
  );

  api.get(
    '/api/config/orders.csv',
    { ...read, schema: { querystring: ordersQuery, response: { 200: csvReply } } },
    async (request, reply) => {
      const csv = await ordersCsv(await services.context(), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/config/orders/:id',
    { ...read, schema: { params: idParams, response: { 200: orderDetailReply } } },
    async (request) => ownerOrderDetail(await services.context(), request.params.id),
  );

  api.post(
    '/api/config/orders/:id/fulfil',
    { ...write, schema: { params: idParams, body: fulfilBody, response: { 200: orderDetailReply } } },
    async (request) =>
      fulfilOrder(await services.context(), deps(), actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/config/orders/:id/refund',
    { ...write, schema: { params: idParams, body: refundBody, response: { 200: orderDetailReply } } },
    async (request) => {
      const ctx = await services.context();
      const result = await refundOrder(ctx, deps(), actorOf(request), request.params.id, request.body);
      // A refund that put items back in stock may end a waitlist's wait.
      if (request.body.restock) await sendWaitlists(services, ctx, request);
      return result;
    },
  );

  api.post(
    '/api/config/orders/:id/resend-confirmation',
    { ...write, schema: { params: idParams, response: { 202: messageReply } } },
    async (request, reply) => {
      const result = await resendConfirmation(
        await services.context(),
        deps(),
        actorOf(request),
        request.params.id,
      );
      return reply.status(202).send(result);
    },
  );
}
