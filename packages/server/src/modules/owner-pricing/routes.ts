import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import {
  getCouponSettings,
  getShippingOptionSettings,
  getTaxRuleSettings,
  listCouponSettings,
  listShippingOptionSettings,
  listTaxRuleSettings,
} from '../pricing/service.js';
import { couponBody, shippingOptionBody, taxRuleBody } from './schema.js';
import {
  addCoupon,
  addShippingOption,
  addTaxRule,
  changeCoupon,
  changeShippingOption,
  changeTaxRule,
  removeCoupon,
  removeShippingOption,
  removeTaxRule,
} from './service.js';

type WithId = { Params: { id: string } };

/** Coupons (discounts.write), shipping options and zones, tax rules (settings.write); reads need settings.read. */
export function ownerPricingRoutes(app: FastifyInstance, services: AppServices): void {
  const read = { preHandler: requirePermission(services, 'settings.read') };
  const discounts = { preHandler: requirePermission(services, 'discounts.write') };
  const settings = { preHandler: requirePermission(services, 'settings.write') };

  app.get('/api/config/coupons', read, async () => ({
    coupons: await listCouponSettings(await services.context()),
  }));
  app.get<WithId>('/api/config/coupons/:id', read, async (request) => ({
    coupon: await getCouponSettings(await services.context(), request.params.id),
  }));
  app.post('/api/config/coupons', discounts, async (request, reply) => {
    const body = parseOr400(couponBody, request.body);
    const coupon = await addCoupon(await services.context(), actorOf(request), body);
    return reply.status(201).send({ coupon });
  });
  app.put<WithId>('/api/config/coupons/:id', discounts, async (request) => {
    const body = parseOr400(couponBody, request.body);
    return {
      coupon: await changeCoupon(await services.context(), actorOf(request), request.params.id, body),
    };
  });
  app.delete<WithId>('/api/config/coupons/:id', discounts, async (request, reply) => {
    await removeCoupon(await services.context(), actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/config/tax-rules', read, async () => ({
    taxRules: await listTaxRuleSettings(await services.context()),
  }));
  app.get<WithId>('/api/config/tax-rules/:id', read, async (request) => ({
    taxRule: await getTaxRuleSettings(await services.context(), request.params.id),
  }));
  app.post('/api/config/tax-rules', settings, async (request, reply) => {
    const body = parseOr400(taxRuleBody, request.body);
    const taxRule = await addTaxRule(await services.context(), actorOf(request), body);
    return reply.status(201).send({ taxRule });
  });
  app.put<WithId>('/api/config/tax-rules/:id', settings, async (request) => {
    const body = parseOr400(taxRuleBody, request.body);
    return {
      taxRule: await changeTaxRule(await services.context(), actorOf(request), request.params.id, body),
    };
  });
  app.delete<WithId>('/api/config/tax-rules/:id', settings, async (request, reply) => {
    await removeTaxRule(await services.context(), actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/config/shipping-options', read, async () => ({
    shippingOptions: await listShippingOptionSettings(await services.context()),
  }));
  app.get<WithId>('/api/config/shipping-options/:id', read, async (request) => ({
    shippingOption: await getShippingOptionSettings(await services.context(), request.params.id),
  }));
  app.post('/api/config/shipping-options', settings, async (request, reply) => {
    const body = parseOr400(shippingOptionBody, request.body);
    const shippingOption = await addShippingOption(await services.context(), actorOf(request), body);
    return reply.status(201).send({ shippingOption });
  });
  app.put<WithId>('/api/config/shipping-options/:id', settings, async (request) => {
    const body = parseOr400(shippingOptionBody, request.body);
    return {
      shippingOption: await changeShippingOption(
        await services.context(),
        actorOf(request),
        request.params.id,
        body,
      ),
    };
  });
  app.delete<WithId>('/api/config/shipping-options/:id', settings, async (request, reply) => {
    await removeShippingOption(await services.context(), actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}
