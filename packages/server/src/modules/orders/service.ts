import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  addressRegionText,
  countryName,
  formatPostalCode,
  orderNumberText,
  variantOptionsText,
} from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { giftCardsOfOrder } from '../gift-cards/service.js';
import {
  addRefunded,
  clearRestocked,
  countOrderRows,
  deleteRefund,
  findDownload,
  findOrder,
  insertFulfilment,
  insertRefund,
  listDownloads,
  listFulfilments,
  listItemsOfOrders,
  listOrderItems,
  listOrderRows,
  listOrdersBySourcePrefix,
  listRefunds,
  markFulfilled,
  markRefundDone,
  markRestocked,
  type OrderFilterRows,
  type OrderFulfilmentRow,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderRow,
  subtractRefunded,
} from './repo.js';

export type { OrderFilterRows as OrderFilter, OrderFulfilmentRow, OrderItemRow, OrderRefundRow };

import { decimalMoney, type OrderView, type ShippingAddress } from './view.js';

// Checkout writes orders through this service: the order tables stay this module's.
export {
  deleteReservedOrder,
  findOrderByPayment,
  insertDownloads,
  insertOrder,
  insertOrderItems,
  insertReservedOrder,
  insertReservedOrderAndCommit,
  listOrderItems,
  listReservedBefore,
  numberSettledOrder,
  type OrderRow,
  recordReservedStock,
  settleNumberAndCarry,
  settlePendingOrder,
  settleReservedOrder,
} from './repo.js';

export const ORDER_NOT_FOUND = 'We could not find that order.';

/** An order shoppers and owners see: paid or pending, not a reservation whose payment is under way. */
export type PlacedOrderRow = OrderRow & { status: OrderView['status'] };

export function isPlaced(row: OrderRow): row is PlacedOrderRow {
  return row.status !== 'reserved';
}

export function orderStatusUrl(orderId: string, token: string): string {
  return `/commerce/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
}

/** The outbox ref of the mails about an order (confirmation, gift cards, fulfilment, refunds). */
export function orderRef(orderId: string): string {
  return `order:${orderId}`;
}

export function downloadUrl(token: string): string {
  return `/downloads/${token}`;
}

export interface OrderParts {
  items: readonly Pick<
    OrderItemRow,
    | 'item_id'
    | 'sku'
    | 'product_name'
    | 'product_type'
    | 'quantity'
    | 'unit_price_cents'
    | 'additional_fields'
    | 'variant_options'
  >[];
  downloads: readonly { token: string; product_name: string }[];
  giftCards: readonly {
    code: string;
    amountCents: number;
    currency: string;
    recipientEmail: string | null;
    recipientName?: string | null;
    message?: string | null;
  }[];
}

/** '#1001'; an order placed before numbers existed is known by its id. */
/**
 * Stands for an order's number in a mail built before the number exists: `settleNumberAndCarry`
 * writes the number in its place. Random per process, so no shopper's text holds it.
 */
export const ORDER_NUMBER_SLOT = `order-number-${randomUUID()}`;

export function orderNumberOf(row: Pick<OrderRow, 'id' | 'number'>): string {
  return row.number === null ? row.id : orderNumberText(row.number);
}

function parseAddress(json: string | null): ShippingAddress | null {
  return json ? (JSON.parse(json) as ShippingAddress) : null;
}

/** The order's JSON from its rows. */
export function buildOrderView(row: PlacedOrderRow, { items, downloads, giftCards }: OrderParts): OrderView {
  const money = (cents: number) => decimalMoney(cents, row.currency);
  return {
    id: row.id,
    number: row.number,
    numberText: orderNumberOf(row),
    purchasedCartId: row.purchased_cart_id,
    testMode: !!row.test_mode,
    websiteId: row.website_id,
    items: items.map((i) => ({
      itemId: i.item_id,
      sku: i.sku,
      productName: i.product_name,
      productType: i.product_type,
      quantity: i.quantity,
      unitPrice: money(i.unit_price_cents),
      lineTotal: money(i.unit_price_cents * i.quantity),
      additionalFields: i.additional_fields,
      variantOptions: i.variant_options ? (JSON.parse(i.variant_options) as Record<string, string>) : null,
    })),
    grandTotal: money(row.grand_total_cents),
    shippingTotal: money(row.shipping_cents),
    taxTotal: money(row.tax_cents),
    subtotal: money(row.subtotal_cents),
    discountTotal: money(row.discount_cents),
    giftCardTotal: money(row.gift_card_cents),
    amountPaid: money(row.amount_paid_cents),
    currency: row.currency,
    source: row.source_kind,
    status: row.status,
    email: row.email,
    shippingAddress: parseAddress(row.shipping_address),
    billingAddress: parseAddress(row.billing_address),
    phone: row.phone,
    note: row.note,
    shippingOption: row.shipping_option ? orderShippingOption(row.shipping_option) : null,
    couponCodes: JSON.parse(row.coupon_codes) as string[],
    created: row.created_at,
    // Sorted here so a view built from rows in hand matches one read back from the database.
    downloads: [...downloads]
      .sort((a, b) => a.product_name.localeCompare(b.product_name) || a.token.localeCompare(b.token))
      .map((d) => ({ productName: d.product_name, url: downloadUrl(d.token) })),
    giftCards: [...giftCards]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((g) => ({
        code: g.code,
        amount: decimalMoney(g.amountCents, g.currency),
        recipientEmail: g.recipientEmail,
        recipientName: g.recipientName ?? null,
        message: g.message ?? null,
      })),
    statusUrl: orderStatusUrl(row.id, row.access_token),
  };
}

/** The order's JSON, its parts read through `db`. */
export async function orderView(db: Kysely<DB>, row: PlacedOrderRow): Promise<OrderView> {
  const [items, downloads, giftCards] = await Promise.all([
    listOrderItems(db, row.id),
    listDownloads(db, row.id),
    giftCardsOfOrder(db, row.id),
  ]);
  return buildOrderView(row, { items, downloads, giftCards });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The order for its status link; a wrong token looks the same as no order. */
export async function getOrderWithToken(
  ctx: RequestContext,
  orderId: string,
  token: string,
): Promise<OrderView> {
  const row = await findOrder(ctx.db, ctx.websiteId, orderId);
  if (!row || !isPlaced(row) || !sameSecret(row.access_token, token))
    throw new HttpError(404, ORDER_NOT_FOUND);
  return orderView(ctx.db, row);
}

export async function getOrder(ctx: RequestContext, orderId: string): Promise<OrderView | null> {
  const row = await findOrder(ctx.db, ctx.websiteId, orderId);
  return row && isPlaced(row) ? orderView(ctx.db, row) : null;
}

/** The order's row, whatever its status (checkout confirms reserved ones). */
export async function findOrderRow(ctx: RequestContext, orderId: string): Promise<OrderRow | null> {
  return (await findOrder(ctx.db, ctx.websiteId, orderId)) ?? null;
}

/** An order's status ('reserved' while its payment is being authorized), or null when there is none. */
export async function orderStatus(ctx: RequestContext, orderId: string): Promise<OrderRow['status'] | null> {
  return (await findOrder(ctx.db, ctx.websiteId, orderId))?.status ?? null;
}

export async function getDownload(ctx: RequestContext, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  return (await findDownload(ctx.db, ctx.websiteId, token)) ?? null;
}

/** One page of the website's orders, newest first, and how many match in all. */
export async function searchOrders(
  ctx: RequestContext,
  filter: OrderFilterRows,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    listOrderRows(ctx.db, ctx.websiteId, filter, pageSize, (page - 1) * pageSize),
    countOrderRows(ctx.db, ctx.websiteId, filter),
  ]);
  return { rows, total };
}

/** The lines of each of these orders, by order id. */
export async function itemsOfOrders(
  ctx: RequestContext,
  orderIds: readonly string[],
): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of await listItemsOfOrders(ctx.db, orderIds)) {
    const list = byOrder.get(item.order_id);
    if (list) list.push(item);
    else byOrder.set(item.order_id, [item]);
  }
  return byOrder;
}

/** Everything recorded about an order besides its row: lines, downloads, gift cards, refunds, fulfilments. */
export async function orderRecords(ctx: RequestContext, orderId: string) {
  const [items, downloads, giftCards, refunds, fulfilments] = await Promise.all([
    listOrderItems(ctx.db, orderId),
    listDownloads(ctx.db, orderId),
    giftCardsOfOrder(ctx.db, orderId),
    listRefunds(ctx.db, orderId),
    listFulfilments(ctx.db, orderId),
  ]);
  return { items, downloads, giftCards, refunds, fulfilments };
}

/** The orders a subscription's renewals placed (source key 'subscription:{id}:cycle:{n}'). */
export function renewalOrders(ctx: RequestContext, subscriptionId: string): Promise<OrderRow[]> {
  return listOrdersBySourcePrefix(ctx.db, ctx.websiteId, `subscription:${subscriptionId}:cycle:`);
}

export const ORDER_ACTION_MESSAGES = {
  notRefundable: 'Only a paid order can be refunded.',
  overRefund: 'A refund cannot be more than what is left of the amount paid.',
  nothingPaid: 'Nothing was paid by card on this order, so there is nothing to refund.',
  alreadyRestocked: 'The items of this order are already back in stock.',
  alreadyFulfilled: 'This order is already fulfilled.',
  notFulfillable: 'Only a paid order can be fulfilled.',
} as const;

/** A refund held on an order while the payment provider is asked. */
export interface RefundHold {
  refundId: string;
  orderId: string;
  amountCents: number;
  restock: boolean;
  /** The order's refunded total with this refund (other refunds included). */
  refundedCents: number;
}

/**
 * First step of a refund, in the caller's (short) transaction: the refunded total rises only
 * within what was paid (409 otherwise), the items are claimed for restocking once (409 on a
 * second restock) and the refund is written as 'pending'. Racing refunds see each other's holds,
 * so together they never pass the paid amount.
 */
export async function holdRefund(
  ctx: RequestContext,
  order: OrderRow,
  refund: { amountCents: number; restock: boolean; reason: string | null; by: string | null },
): Promise<RefundHold> {
  const refundedCents = await addRefunded(ctx.db, order.id, refund.amountCents);
  if (refundedCents === null) {
    throw new HttpError(409, ORDER_ACTION_MESSAGES.overRefund, undefined, {
      amountCents: ORDER_ACTION_MESSAGES.overRefund,
    });
  }
  if (refund.restock && !(await markRestocked(ctx.db, order.id, ctx.clock.now()))) {
    throw new HttpError(409, ORDER_ACTION_MESSAGES.alreadyRestocked, undefined, {
      restock: ORDER_ACTION_MESSAGES.alreadyRestocked,
    });
  }
  const refundId = newId('rf');
  await insertRefund(ctx.db, {
    id: refundId,
    website_id: ctx.websiteId,
    order_id: order.id,
    amount_cents: refund.amountCents,
    restocked: refund.restock ? 1 : 0,
    status: 'pending',
    reason: refund.reason,
    contributor_email: refund.by,
    created_at: ctx.clock.now(),
  });
  return {
    refundId,
    orderId: order.id,
    amountCents: refund.amountCents,
    restock: refund.restock,
    refundedCents,
  };
}

/** The provider refunded: the held refund is done. */
export async function completeRefund(ctx: RequestContext, hold: RefundHold): Promise<void> {
  await markRefundDone(ctx.db, hold.refundId);
}

/** The provider refused: the hold is undone (total, status, restock claim, refund row). */
export async function releaseRefund(ctx: RequestContext, hold: RefundHold): Promise<void> {
  await subtractRefunded(ctx.db, hold.orderId, hold.amountCents);
  if (hold.restock) await clearRestocked(ctx.db, hold.orderId);
  await deleteRefund(ctx.db, hold.refundId);
}

/** Marks the order fulfilled with its tracking, inside the caller's transaction (409 when it already is). */
export async function recordFulfilment(
  ctx: RequestContext,
  orderId: string,
  f: { carrier: string; trackingNumber: string; trackingUrl: string | null; by: string | null },
): Promise<void> {
  if (!(await markFulfilled(ctx.db, orderId)))
    throw new HttpError(409, ORDER_ACTION_MESSAGES.alreadyFulfilled);
  await insertFulfilment(ctx.db, {
    id: newId('ff'),
    website_id: ctx.websiteId,
    order_id: orderId,
    carrier: f.carrier,
    tracking_number: f.trackingNumber,
    tracking_url: f.trackingUrl,
    contributor_email: f.by,
    created_at: ctx.clock.now(),
  });
}

/** An address as mails print it: the country's name and the postal code as the country writes it. */
export function printedAddress(a: ShippingAddress, locale: string) {
  return {
    name: `${a.firstName} ${a.lastName}`,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: addressRegionText(a.country, a.region),
    postalCode: formatPostalCode(a.country, a.postalCode),
    country: countryName(a.country, locale),
  };
}

/**
 * The order confirmation mail's data, from the order as placed; checkout, renewals and the
 * owner's resend all send this one. `link` turns a path into a full address when the store has one.
 */
export function confirmationEmailData(
  row: OrderRow,
  parts: Omit<OrderParts, 'downloads'> & {
    downloads: readonly { token: string; item_id: string }[];
  },
  store: { siteTitle: string; locale: string; link: ((path: string) => string) | null },
) {
  const shipping = parseAddress(row.shipping_address);
  const billing = parseAddress(row.billing_address);
  const { link } = store;
  return {
    siteTitle: store.siteTitle,
    orderId: row.id,
    orderNumber: orderNumberOf(row),
    currency: row.currency,
    customerName: [shipping ?? billing].map((a) => (a ? `${a.firstName} ${a.lastName}` : undefined))[0],
    items: parts.items.map((i) => {
      const download = parts.downloads.find((d) => d.item_id === i.item_id);
      const variant = variantOptionsText(
        i.variant_options ? (JSON.parse(i.variant_options) as Record<string, string>) : null,
      );
      return {
        productName: i.product_name,
        ...(variant ? { variant } : {}),
        quantity: i.quantity,
        unitPriceCents: i.unit_price_cents,
        ...(link && download ? { downloadUrl: link(downloadUrl(download.token)) } : {}),
      };
    }),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    taxCents: row.tax_cents,
    giftCardAppliedCents: row.gift_card_cents,
    grandTotalCents: row.grand_total_cents,
    shippingAddress: shipping ? printedAddress(shipping, store.locale) : null,
    billingAddress: billing ? printedAddress(billing, store.locale) : null,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.note ? { note: row.note } : {}),
    giftCards: parts.giftCards.map((g) => ({
      code: g.code,
      amountCents: g.amountCents,
      ...(g.recipientEmail ? { recipientEmail: g.recipientEmail } : {}),
    })),
    ...(row.test_mode ? { testMode: true } : {}),
    ...(link ? { orderUrl: link(orderStatusUrl(row.id, row.access_token)) } : {}),
  };
}

/** The option an order shipped with, as the order shows it: the row keeps the cart's whole option. */
export function orderShippingOption(stored: string): OrderView['shippingOption'] {
  const { id, name, costCents } = JSON.parse(stored) as NonNullable<OrderView['shippingOption']>;
  return { id, name, costCents };
}
