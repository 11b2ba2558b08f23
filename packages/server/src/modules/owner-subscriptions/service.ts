import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { orderNumberOf, renewalOrders } from '../orders/service.js';
import { cancelSubscription, getSubscription, listSubscriptions } from '../subscriptions/billing-service.js';
import { SUBSCRIPTIONS_PAGE_SIZE, type SubscriptionsQuery } from './schema.js';

export async function listOwnerSubscriptions(ctx: SiteContext, q: SubscriptionsQuery) {
  const page = q.page ?? 1;
  const result = await listSubscriptions(
    ctx,
    { ...(q.status ? { status: q.status } : {}), ...(q.q ? { search: q.q.toLowerCase() } : {}) },
    page,
    SUBSCRIPTIONS_PAGE_SIZE,
  );
  return { ...result, page, pageSize: SUBSCRIPTIONS_PAGE_SIZE };
}

/** A subscription with the orders its renewals placed (the first order is `orderId`). */
export async function ownerSubscriptionDetail(ctx: SiteContext, id: string) {
  const subscription = await getSubscription(ctx, id);
  const renewals = await renewalOrders(ctx, id);
  return {
    subscription: {
      ...subscription,
      renewals: renewals.map((o) => ({
        orderId: o.id,
        orderNumber: orderNumberOf(o),
        created: o.created_at,
        status: o.status,
        grandTotalCents: o.grand_total_cents,
        amountPaidCents: o.amount_paid_cents,
        currency: o.currency,
      })),
    },
  };
}

export async function cancelOwnerSubscription(ctx: SiteContext, actor: AuditActor, id: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    if (await cancelSubscription(tctx, id))
      await recordAudit(tctx, actor, 'subscription.cancel', `subscription:${id}`);
  });
  return ownerSubscriptionDetail(ctx, id);
}
