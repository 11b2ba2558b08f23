import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import {
  createCoupon,
  createShippingOption,
  createTaxRule,
  deleteCoupon,
  deleteShippingOption,
  deleteTaxRule,
  getCouponSettings,
  getShippingOptionSettings,
  getTaxRuleSettings,
  updateCouponSettings,
  updateShippingOptionSettings,
  updateTaxRuleSettings,
} from '../pricing/service.js';
import type { CouponBody, ShippingOptionBody, TaxRuleBody } from './schema.js';

/** Runs one owner change and its audit entry in one transaction: both or neither. */
async function audited<T>(
  ctx: SiteContext,
  actor: AuditActor,
  change: (tctx: SiteContext) => Promise<T>,
  entry: (result: T) => { action: string; target: string; detail?: object },
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    const result = await change(tctx);
    const e = entry(result);
    await recordAudit(tctx, actor, e.action, e.target, e.detail);
    return result;
  });
}

export function addCoupon(ctx: SiteContext, actor: AuditActor, body: CouponBody) {
  return audited(
    ctx,
    actor,
    (t) => createCoupon(t, body),
    (c) => ({ action: 'coupon.create', target: `coupon:${c.id}`, detail: { code: c.code } }),
  );
}

export function changeCoupon(ctx: SiteContext, actor: AuditActor, id: string, body: CouponBody) {
  return audited(
    ctx,
    actor,
    (t) => updateCouponSettings(t, id, body),
    (c) => ({ action: 'coupon.update', target: `coupon:${c.id}`, detail: { code: c.code } }),
  );
}

export async function removeCoupon(ctx: SiteContext, actor: AuditActor, id: string) {
  const { code } = await getCouponSettings(ctx, id);
  await audited(
    ctx,
    actor,
    (t) => deleteCoupon(t, id),
    () => ({ action: 'coupon.delete', target: `coupon:${id}`, detail: { code } }),
  );
}

export function addTaxRule(ctx: SiteContext, actor: AuditActor, body: TaxRuleBody) {
  return audited(
    ctx,
    actor,
    (t) => createTaxRule(t, body),
    (r) => ({ action: 'tax-rule.create', target: `tax-rule:${r.id}`, detail: body }),
  );
}

export function changeTaxRule(ctx: SiteContext, actor: AuditActor, id: string, body: TaxRuleBody) {
  return audited(
    ctx,
    actor,
    (t) => updateTaxRuleSettings(t, id, body),
    (r) => ({ action: 'tax-rule.update', target: `tax-rule:${r.id}`, detail: body }),
  );
}

export async function removeTaxRule(ctx: SiteContext, actor: AuditActor, id: string) {
  const { name } = await getTaxRuleSettings(ctx, id);
  await audited(
    ctx,
    actor,
    (t) => deleteTaxRule(t, id),
    () => ({ action: 'tax-rule.delete', target: `tax-rule:${id}`, detail: { name } }),
  );
}

export function addShippingOption(ctx: SiteContext, actor: AuditActor, body: ShippingOptionBody) {
  return audited(
    ctx,
    actor,
    (t) => createShippingOption(t, body),
    (o) => ({ action: 'shipping-option.create', target: `shipping-option:${o.id}`, detail: body }),
  );
}

export function changeShippingOption(
  ctx: SiteContext,
  actor: AuditActor,
  id: string,
  body: ShippingOptionBody,
) {
  return audited(
    ctx,
    actor,
    (t) => updateShippingOptionSettings(t, id, body),
    (o) => ({ action: 'shipping-option.update', target: `shipping-option:${o.id}`, detail: body }),
  );
}

export async function removeShippingOption(ctx: SiteContext, actor: AuditActor, id: string) {
  const { name } = await getShippingOptionSettings(ctx, id);
  await audited(
    ctx,
    actor,
    (t) => deleteShippingOption(t, id),
    () => ({ action: 'shipping-option.delete', target: `shipping-option:${id}`, detail: { name } }),
  );
}
