import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { giftCardsOfOrder } from '../gift-cards/service.js';
import {
  findDownload,
  findOrder,
  listDownloads,
  listOrderItems,
  type OrderItemRow,
  type OrderRow,
} from './repo.js';
import { decimalMoney, type OrderView, type ShippingAddress } from './view.js';

// Checkout writes orders through this service: the order tables stay this module's.
export {
  deleteReservedOrder,
  insertDownloads,
  insertOrder,
  insertOrderItems,
  listOrderItems,
  listReservedBefore,
  type OrderItemRow,
  type OrderRow,
  recordReservedStock,
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
  >[];
  downloads: readonly { token: string; product_name: string }[];
  giftCards: readonly {
    code: string;
    amountCents: number;
    currency: string;
    recipientEmail: string | null;
  }[];
}

/** The order's JSON from its rows. */
export function buildOrderView(row: PlacedOrderRow, { items, downloads, giftCards }: OrderParts): OrderView {
  const money = (cents: number) => decimalMoney(cents, row.currency);
  return {
    id: row.id,
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
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as ShippingAddress) : null,
    shippingOption: row.shipping_option ? JSON.parse(row.shipping_option) : null,
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
