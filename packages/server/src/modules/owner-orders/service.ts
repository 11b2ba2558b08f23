import { decimalFromMinor } from '@storefront/commerce';
import { csvRow } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { enqueueEmail, listEmailsAbout } from '../email/service.js';
import { releaseStock } from '../inventory/service.js';
import {
  completeRefund,
  confirmationEmailData,
  downloadUrl,
  findOrderRow,
  holdRefund,
  isPlaced,
  itemsOfOrders,
  ORDER_ACTION_MESSAGES,
  ORDER_NOT_FOUND,
  type OrderFilter,
  type OrderRow,
  orderNumberOf,
  orderRecords,
  orderRef,
  orderShippingOption,
  orderStatusUrl,
  type PlacedOrderRow,
  recordFulfilment,
  releaseRefund,
  searchOrders,
} from '../orders/service.js';
import type { ShippingAddress } from '../orders/view.js';
import type { PaymentProvider } from '../payments/provider.js';
import { sitePublicUrl } from '../site/service.js';
import {
  type FulfilBody,
  ORDER_FULFILMENT_STATUSES,
  ORDERS_PAGE_SIZE,
  type OrdersQuery,
  type RefundBody,
} from './schema.js';

/** What the owner's order actions need besides the request context. */
export interface OwnerOrderDeps {
  provider: PaymentProvider;
  /** PUBLIC_URL: mails link to the order when the site has an address. */
  publicUrl?: string;
}

/** The order export reads this many rows per query, so a big store never loads all at once. */
const CSV_BATCH = 500;

export const REFUND_FAILED =
  'The payment provider could not make this refund. Nothing was changed; please try again.';
export const PROVIDER_CANNOT_REFUND =
  'This order was paid through a payment provider that cannot refund from here.';

/** One row of the owner's order list. */
export interface OrderSummary {
  id: string;
  /** '#1001': what the owner and the shopper call the order. */
  number: string;
  created: number;
  email: string;
  status: PlacedOrderRow['status'];
  fulfilmentStatus: OrderRow['fulfilment_status'];
  testMode: boolean;
  currency: string;
  grandTotalCents: number;
  amountPaidCents: number;
  refundedCents: number;
}

function summary(r: PlacedOrderRow): OrderSummary {
  return {
    id: r.id,
    number: orderNumberOf(r),
    created: r.created_at,
    email: r.email,
    status: r.status,
    fulfilmentStatus: r.fulfilment_status,
    testMode: r.test_mode === 1,
    currency: r.currency,
    grandTotalCents: r.grand_total_cents,
    amountPaidCents: r.amount_paid_cents,
    refundedCents: r.refunded_cents,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The moment a calendar day starts in the store's time zone (two passes settle a DST change). */
function startOfDay(dayText: string, timeZone: string, plusDays = 0): number {
  const [y, m, d] = dayText.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + plusDays);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

function filterOf(ctx: SiteContext, q: OrdersQuery): OrderFilter {
  const tz = ctx.site.website.timeZone;
  const fulfilment = (ORDER_FULFILMENT_STATUSES as readonly string[]).includes(q.status ?? '');
  return {
    ...(q.status && !fulfilment ? { paymentStatus: q.status as OrderFilter['paymentStatus'] } : {}),
    ...(q.status && fulfilment ? { fulfilmentStatus: q.status as OrderFilter['fulfilmentStatus'] } : {}),
    ...(q.from ? { from: startOfDay(q.from, tz) } : {}),
    // `to` is the last day included.
    ...(q.to ? { to: startOfDay(q.to, tz, 1) } : {}),
    ...(q.test !== undefined ? { testMode: q.test } : {}),
    ...(q.q ? { search: q.q.toLowerCase() } : {}),
  };
}

export async function listOwnerOrders(ctx: SiteContext, q: OrdersQuery) {
  const page = q.page ?? 1;
  const { rows, total } = await searchOrders(ctx, filterOf(ctx, q), page, ORDERS_PAGE_SIZE);
  // The search finds placed orders only; a reservation is not one yet.
  return { orders: rows.filter(isPlaced).map(summary), total, page, pageSize: ORDERS_PAGE_SIZE };
}

async function requireOrder(ctx: SiteContext, id: string): Promise<PlacedOrderRow> {
  const row = await findOrderRow(ctx, id);
  // A reservation (payment still being authorized) is not an order the owner can act on yet.
  if (!row || !isPlaced(row)) throw new HttpError(404, ORDER_NOT_FOUND);
  return row;
}

/** An order with everything the owner's detail screen shows. */
export async function ownerOrderDetail(ctx: SiteContext, id: string) {
  const row = await requireOrder(ctx, id);
  const [records, emails] = await Promise.all([orderRecords(ctx, id), listEmailsAbout(ctx, orderRef(id))]);
  return {
    order: {
      ...summary(row),
      source: row.source_kind,
      items: records.items.map((i) => ({
        itemId: i.item_id,
        sku: i.sku,
        productName: i.product_name,
        productType: i.product_type,
        quantity: i.quantity,
        unitPriceCents: i.unit_price_cents,
        lineTotalCents: i.unit_price_cents * i.quantity,
        additionalFields: i.additional_fields,
        variantOptions: i.variant_options ? (JSON.parse(i.variant_options) as Record<string, string>) : null,
      })),
      subtotalCents: row.subtotal_cents,
      discountCents: row.discount_cents,
      shippingCents: row.shipping_cents,
      taxCents: row.tax_cents,
      giftCardCents: row.gift_card_cents,
      refundableCents: refundable(row),
      restocked: row.restocked_at !== null,
      couponCodes: JSON.parse(row.coupon_codes) as string[],
      shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as ShippingAddress) : null,
      billingAddress: row.billing_address ? (JSON.parse(row.billing_address) as ShippingAddress) : null,
      phone: row.phone,
      note: row.note,
      shippingOption: row.shipping_option ? orderShippingOption(row.shipping_option) : null,
      payment: { provider: row.payment_provider, reference: row.payment_reference },
      downloads: records.downloads.map((d) => ({ productName: d.product_name, url: downloadUrl(d.token) })),
      giftCards: records.giftCards.map((g) => ({
        code: g.code,
        amountCents: g.amountCents,
        recipientEmail: g.recipientEmail,
        recipientName: g.recipientName,
        message: g.message,
      })),
      refunds: records.refunds.map((r) => ({
        id: r.id,
        amountCents: r.amount_cents,
        restocked: r.restocked === 1,
        /** 'pending' while the provider is asked (or when the server stopped before it answered). */
        status: r.status,
        reason: r.reason,
        by: r.contributor_email,
        created: r.created_at,
      })),
      fulfilments: records.fulfilments.map((f) => ({
        id: f.id,
        carrier: f.carrier,
        trackingNumber: f.tracking_number,
        trackingUrl: f.tracking_url,
        by: f.contributor_email,
        created: f.created_at,
      })),
      emails,
      statusUrl: orderStatusUrl(row.id, row.access_token),
    },
  };
}

function refundable(row: OrderRow): number {
  return row.status === 'paid' || row.status === 'partially_refunded'
    ? row.amount_paid_cents - row.refunded_cents
    : 0;
}

function linker(ctx: SiteContext, deps: OwnerOrderDeps) {
  const base = sitePublicUrl(ctx.site, deps.publicUrl);
  return (row: OrderRow) => (base ? { orderUrl: `${base}${orderStatusUrl(row.id, row.access_token)}` } : {});
}

/** Marks an order shipped and mails the shopper the carrier and tracking number. */
export async function fulfilOrder(
  ctx: SiteContext,
  deps: OwnerOrderDeps,
  actor: AuditActor,
  id: string,
  body: FulfilBody,
) {
  const row = await requireOrder(ctx, id);
  if (row.status !== 'paid' && row.status !== 'partially_refunded')
    throw new HttpError(409, ORDER_ACTION_MESSAGES.notFulfillable);
  const link = linker(ctx, deps);
  await ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    await recordFulfilment(tctx, id, {
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      trackingUrl: body.trackingUrl ?? null,
      by: actor?.email ?? null,
    });
    await enqueueEmail(tctx, trx, {
      to: row.email,
      template: 'order-fulfilled',
      ref: orderRef(id),
      data: {
        siteTitle: ctx.site.website.siteTitle,
        orderId: id,
        orderNumber: orderNumberOf(row),
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        ...(body.trackingUrl ? { trackingUrl: body.trackingUrl } : {}),
        ...link(row),
      },
    });
    await recordAudit(tctx, actor, 'order.fulfil', `order:${id}`, {
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
  });
  return ownerOrderDetail(ctx, id);
}

/**
 * Gives money back through the payment provider: a part, or the whole of what is left. Three
 * steps, so no lock is held while the provider answers (as checkout authorizes): a short
 * transaction holds the amount on the order (never past what was paid, even when two refunds
 * race) and claims the restock; the provider refunds; a second short transaction completes the
 * refund, puts the items back in stock when asked, queues the shopper's mail and the audit entry.
 * When the provider refuses, the hold is undone and nothing changed (502).
 */
export async function refundOrder(
  ctx: SiteContext,
  deps: OwnerOrderDeps,
  actor: AuditActor,
  id: string,
  body: RefundBody,
) {
  const row = await requireOrder(ctx, id);
  if (row.status !== 'paid' && row.status !== 'partially_refunded')
    throw new HttpError(409, ORDER_ACTION_MESSAGES.notRefundable);
  if (row.amount_paid_cents === 0) throw new HttpError(409, ORDER_ACTION_MESSAGES.nothingPaid);
  const { provider } = deps;
  if (!provider.refund || row.payment_provider !== provider.name || !row.payment_reference)
    throw new HttpError(409, PROVIDER_CANNOT_REFUND);
  const amountCents = body.whole ? refundable(row) : (body.amountCents as number);
  if (amountCents > refundable(row))
    throw new HttpError(409, ORDER_ACTION_MESSAGES.overRefund, undefined, {
      amountCents: ORDER_ACTION_MESSAGES.overRefund,
    });
  const { items } = await orderRecords(ctx, id);
  const link = linker(ctx, deps);

  const hold = await ctx.db.transaction().execute((trx) =>
    holdRefund({ ...ctx, db: trx }, row, {
      amountCents,
      restock: body.restock,
      reason: body.reason ?? null,
      by: actor?.email ?? null,
    }),
  );
  try {
    await provider.refund(row.payment_reference, amountCents);
  } catch {
    await ctx.db.transaction().execute((trx) => releaseRefund({ ...ctx, db: trx }, hold));
    throw new HttpError(502, REFUND_FAILED);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    await completeRefund(tctx, hold);
    if (body.restock)
      await releaseStock(
        trx,
        ctx.websiteId,
        items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      );
    await enqueueEmail(tctx, trx, {
      to: row.email,
      template: 'order-refunded',
      ref: orderRef(id),
      data: {
        siteTitle: ctx.site.website.siteTitle,
        orderId: id,
        orderNumber: orderNumberOf(row),
        currency: row.currency,
        amountCents,
        totalRefundedCents: hold.refundedCents,
        amountPaidCents: row.amount_paid_cents,
        ...(body.reason ? { reason: body.reason } : {}),
        ...link(row),
      },
    });
    await recordAudit(tctx, actor, 'order.refund', `order:${id}`, {
      amountCents,
      restock: body.restock,
      ...(body.reason ? { reason: body.reason } : {}),
    });
  });
  return ownerOrderDetail(ctx, id);
}

/** Queues the order confirmation again, built from the order as it was placed. */
export async function resendConfirmation(
  ctx: SiteContext,
  deps: OwnerOrderDeps,
  actor: AuditActor,
  id: string,
) {
  const row = await requireOrder(ctx, id);
  const records = await orderRecords(ctx, id);
  const base = sitePublicUrl(ctx.site, deps.publicUrl);
  await ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    await enqueueEmail(tctx, trx, {
      to: row.email,
      template: 'order-confirmation',
      ref: orderRef(id),
      data: confirmationEmailData(row, records, {
        siteTitle: ctx.site.website.siteTitle,
        locale: ctx.site.website.locale,
        link: base ? (path: string) => `${base}${path}` : null,
      }),
    });
    await recordAudit(tctx, actor, 'order.resend-confirmation', `order:${id}`);
  });
  return { message: 'The order confirmation is on its way.' };
}

const CSV_HEADER = [
  'Order',
  'Order id',
  'Date (UTC)',
  'Email',
  'Status',
  'Fulfilment',
  'Test',
  'Currency',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Gift card',
  'Paid',
  'Refunded',
  'Coupons',
  'Items',
  'Phone',
  'Note',
];

/** Every order matching the list's filters, as CSV, newest first. */
export async function ordersCsv(ctx: SiteContext, q: OrdersQuery): Promise<string> {
  const filter = filterOf(ctx, q);
  let out = csvRow(CSV_HEADER);
  for (let page = 1; ; page++) {
    const { rows } = await searchOrders(ctx, filter, page, CSV_BATCH);
    const items = await itemsOfOrders(
      ctx,
      rows.map((r) => r.id),
    );
    for (const r of rows) {
      // Plain decimals in the order's currency ("25.00", "2500" for yen) a spreadsheet adds up.
      const decimal = (cents: number) => decimalFromMinor(cents, r.currency);
      out += csvRow([
        orderNumberOf(r),
        r.id,
        new Date(r.created_at).toISOString(),
        r.email,
        r.status,
        r.fulfilment_status,
        r.test_mode === 1 ? 'yes' : 'no',
        r.currency,
        decimal(r.subtotal_cents),
        decimal(r.discount_cents),
        decimal(r.shipping_cents),
        decimal(r.tax_cents),
        decimal(r.grand_total_cents),
        decimal(r.gift_card_cents),
        decimal(r.amount_paid_cents),
        decimal(r.refunded_cents),
        (JSON.parse(r.coupon_codes) as string[]).join(' '),
        (items.get(r.id) ?? []).map((i) => `${i.quantity} × ${i.product_name} (${i.sku})`).join(', '),
        r.phone ?? '',
        r.note ?? '',
      ]);
    }
    if (rows.length < CSV_BATCH) return out;
  }
}
