import { timingSafeEqual } from 'node:crypto';
import {
  billingCyclesLeft,
  formatMoney,
  nextBillingDate,
  type SubscriptionPlan,
  subscriptionPriceText,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { enqueueEmail } from '../email/service.js';
import type { OrderRow } from '../orders/service.js';
import { type DecimalMoney, decimalMoney } from '../orders/view.js';
import {
  countSubscriptionRows,
  findSubscription,
  findSubscriptionByOrder,
  insertSubscription,
  listSubscriptionRows,
  markCancelled,
  markPaused,
  markResumed,
  type SubscriptionRow,
  setNextBilling,
} from './billing-repo.js';
import { getSubscriptionCart } from './service.js';

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'We could not find that subscription.',
  ended: 'This subscription has already ended.',
  notActive: 'Only an active subscription can be changed.',
  nextDateInvalid: 'Choose a date from tomorrow to one year ahead.',
} as const;

const DAY_MS = 24 * 60 * 60_000;
/** A shopper may move the next billing date at most this far ahead. */
export const NEXT_BILLING_MAX_AHEAD_MS = 366 * DAY_MS;

/** The line a subscription order bought, as checkout resolved it. */
export interface SubscribedLine {
  itemId: string;
  sku: string;
  productName: string;
  productType: number;
  quantity: number;
  unitPriceCents: number;
  additionalFields: string | null;
}

export interface StartSubscriptionInput {
  /** The subscription cart the order bought (its plan snapshot). */
  cartToken: string;
  /** The order as written in the same transaction: cycle 1. */
  order: OrderRow;
  line: SubscribedLine;
  shippingOptionId: string | null;
  /** The provider's reusable token for renewals; null when it gave none. */
  paymentToken: string | null;
}

export function subscriptionStatusUrl(id: string, token: string): string {
  return `/api/commerce/subscriptions/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

export function subscriptionCancelUrl(id: string, token: string): string {
  return `/api/commerce/subscriptions/${encodeURIComponent(id)}/cancel?token=${encodeURIComponent(token)}`;
}

/**
 * Called by checkout inside the order's transaction (`ctx.db` is the transaction), so the
 * subscription exists exactly when its first order does. The order pays cycle 1; the next is one
 * billing period later in the store's time zone, or none when the plan has a single cycle.
 */
export async function startSubscription(ctx: SiteContext, input: StartSubscriptionInput): Promise<string> {
  const cart = await getSubscriptionCart(ctx, input.cartToken);
  if (!cart) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  const { order, line } = input;
  const plan = cart.plan;
  const cyclesBilled = 1;
  const next =
    billingCyclesLeft(plan, cyclesBilled) === 0
      ? null
      : nextBillingDate(order.created_at, plan, ctx.site.website.timeZone);
  const id = newId('sub');
  await insertSubscription(ctx.db, {
    id,
    website_id: ctx.websiteId,
    order_id: order.id,
    status: next === null ? 'completed' : 'active',
    plan: JSON.stringify(plan),
    cycles_billed: cyclesBilled,
    started_at: order.created_at,
    next_billing_at: next,
    next_attempt_at: next,
    failed_attempts: 0,
    last_error: null,
    item_id: line.itemId,
    sku: line.sku,
    product_name: line.productName,
    product_type: line.productType,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    additional_fields: line.additionalFields,
    currency: order.currency,
    email: order.email,
    shipping_address: order.shipping_address,
    shipping_option_id: input.shippingOptionId,
    payment_provider: order.payment_provider,
    payment_token: input.paymentToken,
    access_token: newToken(16),
    locked_until: null,
    claim_token: null,
    created_at: order.created_at,
    updated_at: order.created_at,
    cancelled_at: null,
  });
  return id;
}

/** What the subscription status call answers and the subscription confirmed page shows. */
export interface SubscriptionView {
  id: string;
  orderId: string;
  status: SubscriptionRow['status'];
  productName: string;
  sku: string;
  quantity: number;
  /** The price of one cycle's items, as subscribed. */
  price: DecimalMoney;
  plan: SubscriptionPlan;
  /** Spec §3 subscription wording, e.g. '$14.00 every month'. */
  planText: string;
  cyclesBilled: number;
  /** Null when the plan renews until cancelled. */
  cyclesLeft: number | null;
  /** ISO 8601; null once the subscription has ended. */
  nextBillingDate: string | null;
  /** The next billing date in the store's time zone and locale, e.g. 'February 28, 2025'; '' when none. */
  nextBillingDateText: string;
  created: number;
  cancelled: number | null;
  statusUrl: string;
  cancelUrl: string;
}

export function subscriptionView(
  row: SubscriptionRow,
  website: { locale: string; timeZone: string },
): SubscriptionView {
  const plan = JSON.parse(row.plan) as SubscriptionPlan;
  const cycleCents = row.unit_price_cents * row.quantity;
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    productName: row.product_name,
    sku: row.sku,
    quantity: row.quantity,
    price: decimalMoney(cycleCents, row.currency),
    plan,
    planText: subscriptionPriceText({
      priceString: formatMoney(cycleCents, row.currency, website.locale),
      plan,
    }),
    cyclesBilled: row.cycles_billed,
    cyclesLeft: billingCyclesLeft(plan, row.cycles_billed),
    nextBillingDate: row.next_billing_at === null ? null : new Date(row.next_billing_at).toISOString(),
    nextBillingDateText:
      row.next_billing_at === null
        ? ''
        : new Intl.DateTimeFormat(website.locale, { dateStyle: 'long', timeZone: website.timeZone }).format(
            row.next_billing_at,
          ),
    created: row.created_at,
    cancelled: row.cancelled_at,
    statusUrl: subscriptionStatusUrl(row.id, row.access_token),
    cancelUrl: subscriptionCancelUrl(row.id, row.access_token),
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function rowWithToken(ctx: SiteContext, id: string, token: string): Promise<SubscriptionRow> {
  const row = await findSubscription(ctx.db, ctx.websiteId, id);
  // A wrong token looks the same as no subscription.
  if (!row || !sameSecret(row.access_token, token)) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  return row;
}

/** GET /api/commerce/subscriptions/{id}?token=…: the subscription for its status link. */
export async function getSubscriptionWithToken(
  ctx: SiteContext,
  id: string,
  token: string,
): Promise<SubscriptionView> {
  return subscriptionView(await rowWithToken(ctx, id, token), ctx.site.website);
}

/** The subscription an order started, for its confirmation page; null for other orders. */
export async function subscriptionOfOrder(
  ctx: SiteContext,
  orderId: string,
): Promise<SubscriptionView | null> {
  const row = await findSubscriptionByOrder(ctx.db, ctx.websiteId, orderId);
  return row ? subscriptionView(row, ctx.site.website) : null;
}

/**
 * POST /api/commerce/subscriptions/{id}/cancel?token=…: no further renewals. Cancelling again
 * answers the cancelled subscription; a completed one cannot be cancelled (409).
 */
export async function cancelSubscriptionWithToken(
  ctx: SiteContext,
  id: string,
  token: string,
): Promise<SubscriptionView> {
  const row = await rowWithToken(ctx, id, token);
  if (row.status === 'completed') throw new HttpError(409, SUBSCRIPTION_MESSAGES.ended);
  if (row.status !== 'cancelled') await markCancelled(ctx.db, row.id, ctx.clock.now());
  return getSubscriptionWithToken(ctx, id, token);
}

/** The owner's view of a subscription: the shopper's view plus who bought it and what failed last. */
export interface OwnerSubscriptionView extends SubscriptionView {
  email: string;
  currency: string;
  failedAttempts: number;
  lastError: string | null;
}

function ownerSubscriptionView(
  row: SubscriptionRow,
  website: SiteContext['site']['website'],
): OwnerSubscriptionView {
  return {
    ...subscriptionView(row, website),
    email: row.email,
    currency: row.currency,
    failedAttempts: row.failed_attempts,
    lastError: row.last_error,
  };
}

/** One page of the website's subscriptions, newest first. */
export async function listSubscriptions(
  ctx: SiteContext,
  filter: { status?: SubscriptionRow['status']; search?: string },
  page: number,
  pageSize: number,
): Promise<{ subscriptions: OwnerSubscriptionView[]; total: number }> {
  const [rows, total] = await Promise.all([
    listSubscriptionRows(ctx.db, ctx.websiteId, filter, pageSize, (page - 1) * pageSize),
    countSubscriptionRows(ctx.db, ctx.websiteId, filter),
  ]);
  return { subscriptions: rows.map((r) => ownerSubscriptionView(r, ctx.site.website)), total };
}

/** A subscription by id for the owner (no token: the owner's session is the right to see it). */
export async function getSubscription(ctx: SiteContext, id: string): Promise<OwnerSubscriptionView> {
  const row = await findSubscription(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  return ownerSubscriptionView(row, ctx.site.website);
}

/**
 * Stops a subscription's renewals for the owner, as the shopper's cancel link does: cancelling
 * again answers the cancelled subscription; a completed one cannot be cancelled (409).
 * Answers whether this call cancelled it. Run it in a transaction: the mark and the mail go together.
 */
export async function cancelSubscription(ctx: SiteContext, id: string): Promise<boolean> {
  const row = await findSubscription(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  if (row.status === 'completed') throw new HttpError(409, SUBSCRIPTION_MESSAGES.ended);
  if (row.status === 'cancelled' || !(await markCancelled(ctx.db, row.id, ctx.clock.now()))) return false;
  // The subscriber hears of it, as when they cancel from their account (in the caller's transaction).
  await enqueueSubscriptionEmail(ctx, ctx.site.website, row, 'cancelled');
  return true;
}

/** The shopper's changes to their own subscription (the account page); the caller checked it is theirs. */
export type SubscriptionChange =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'cancel' }
  | { action: 'reschedule'; nextBillingAt: number };

/**
 * Pauses (no renewals until resumed), resumes, cancels or moves the next billing date. A
 * cancellation emails the shopper. Refused (409) when the subscription is not in a state that
 * allows it, or while a renewal is being billed.
 */
export async function changeSubscription(
  ctx: SiteContext,
  row: SubscriptionRow,
  change: SubscriptionChange,
): Promise<SubscriptionView> {
  const now = ctx.clock.now();
  if (row.status === 'completed' || row.status === 'cancelled')
    throw new HttpError(409, SUBSCRIPTION_MESSAGES.ended);
  let done: boolean;
  switch (change.action) {
    case 'pause':
      done = await markPaused(ctx.db, row.id, now);
      break;
    case 'resume':
      done = await markResumed(ctx.db, row.id, now);
      break;
    case 'reschedule':
      if (change.nextBillingAt <= now || change.nextBillingAt > now + NEXT_BILLING_MAX_AHEAD_MS)
        throw new HttpError(400, SUBSCRIPTION_MESSAGES.nextDateInvalid);
      done = await setNextBilling(ctx.db, row.id, change.nextBillingAt, now);
      break;
    case 'cancel':
      done = await ctx.db.transaction().execute(async (trx) => {
        if (!(await markCancelled(trx, row.id, now))) return false;
        await enqueueSubscriptionEmail({ ...ctx, db: trx }, ctx.site.website, row, 'cancelled');
        return true;
      });
      break;
  }
  if (!done) throw new HttpError(409, SUBSCRIPTION_MESSAGES.notActive);
  const after = await findSubscription(ctx.db, ctx.websiteId, row.id);
  return subscriptionView(after!, ctx.site.website);
}

/** Mails the shopper that their subscription was cancelled or that a renewal could not be charged, in the caller's transaction. */
export async function enqueueSubscriptionEmail(
  ctx: RequestContext,
  website: { siteTitle: string; locale: string; timeZone: string },
  row: SubscriptionRow,
  event: 'cancelled' | 'renewal-failed',
): Promise<void> {
  const view = subscriptionView(row, website);
  await enqueueEmail(ctx, ctx.db, {
    to: row.email,
    template: 'subscription-notice',
    ref: `subscription:${row.id}`,
    data: {
      siteTitle: website.siteTitle || 'Store',
      event,
      productName: row.product_name,
      planText: view.planText,
    },
  });
}
