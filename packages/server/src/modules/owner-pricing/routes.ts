import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS, noContent } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import {
  getCouponSettings,
  getShippingOptionSettings,
  getTaxRuleSettings,
  listCouponSettings,
  listShippingOptionSettings,
  listTaxRuleSettings,
} from '../pricing/service.js';
import {
  couponBody,
  couponListReply,
  couponSettingReply,
  shippingOptionBody,
  shippingOptionListReply,
  shippingOptionSettingReply,
  taxRuleBody,
  taxRuleListReply,
  taxRuleSettingReply,
} from './schema.js';
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

/** Coupons (discounts.write), shipping options and zones, tax rules (settings.write); reads need settings.read. */
export function ownerPricingRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const guarded = (permission: Parameters<typeof requirePermission>[1]) => ({
    preValidation: requirePermission(services, permission),
    config: FIELD_ERRORS,
  });
  const read = guarded('settings.read');
  const discounts = guarded('discounts.write');
  const settings = guarded('settings.write');
  const byId = { params: idParams };
  const removed = { 204: noContent };

  api.get('/api/config/coupons', { ...read, schema: { response: { 200: couponListReply } } }, async () => ({
    coupons: await listCouponSettings(await services.context()),
  }));
  api.get(
    '/api/config/coupons/:id',
    { ...read, schema: { ...byId, response: { 200: couponSettingReply } } },
    async (request) => ({ coupon: await getCouponSettings(await services.context(), request.params.id) }),
  );
  api.post(
    '/api/config/coupons',
    { ...discounts, schema: { body: couponBody, response: { 201: couponSettingReply } } },
    async (request, reply) => {
      const coupon = await addCoupon(await services.context(), actorOf(request), request.body);
      return reply.status(201).send({ coupon });
    },
  );
  api.put(
    '/api/config/coupons/:id',
    { ...discounts, schema: { ...byId, body: couponBody, response: { 200: couponSettingReply } } },
    async (request) => ({
      coupon: await changeCoupon(await services.context(), actorOf(request), request.params.id, request.body),
    }),
  );
  api.delete(
    '/api/config/coupons/:id',
    { ...discounts, schema: { ...byId, response: removed } },
    async (request, reply) => {
      await removeCoupon(await services.context(), actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/config/tax-rules',
    { ...read, schema: { response: { 200: taxRuleListReply } } },
    async () => ({ taxRules: await listTaxRuleSettings(await services.context()) }),
  );
  api.get(
    '/api/config/tax-rules/:id',
    { ...read, schema: { ...byId, response: { 200: taxRuleSettingReply } } },
    async (request) => ({ taxRule: await getTaxRuleSettings(await services.context(), request.params.id) }),
  );
  api.post(
    '/api/config/tax-rules',
    { ...settings, schema: { body: taxRuleBody, response: { 201: taxRuleSettingReply } } },
    async (request, reply) => {
      const taxRule = await addTaxRule(await services.context(), actorOf(request), request.body);
      return reply.status(201).send({ taxRule });
    },
  );
  api.put(
    '/api/config/tax-rules/:id',
    { ...settings, schema: { ...byId, body: taxRuleBody, response: { 200: taxRuleSettingReply } } },
    async (request) => ({
      taxRule: await changeTaxRule(
        await services.context(),
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  api.delete(
    '/api/config/tax-rules/:id',
    { ...settings, schema: { ...byId, response: removed } },
    async (request, reply) => {
      await removeTaxRule(await services.context(), actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/config/shipping-options',
    { ...read, schema: { response: { 200: shippingOptionListReply } } },
    async () => ({ shippingOptions: await listShippingOptionSettings(await services.context()) }),
  );
  api.get(
    '/api/config/shipping-options/:id',
    { ...read, schema: { ...byId, response: { 200: shippingOptionSettingReply } } },
    async (request) => ({
      shippingOption: await getShippingOptionSettings(await services.context(), request.params.id),
    }),
  );
  api.post(
    '/api/config/shipping-options',
    { ...settings, schema: { body: shippingOptionBody, response: { 201: shippingOptionSettingReply } } },
    async (request, reply) => {
      const shippingOption = await addShippingOption(
        await services.context(),
        actorOf(request),
        request.body,
      );
      return reply.status(201).send({ shippingOption });
    },
  );
  api.put(
    '/api/config/shipping-options/:id',
    {
      ...settings,
      schema: { ...byId, body: shippingOptionBody, response: { 200: shippingOptionSettingReply } },
    },
    async (request) => ({
      shippingOption: await changeShippingOption(
        await services.context(),
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  api.delete(
    '/api/config/shipping-options/:id',
    { ...settings, schema: { ...byId, response: removed } },
    async (request, reply) => {
      await removeShippingOption(await services.context(), actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
