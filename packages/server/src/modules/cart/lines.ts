import { MESSAGES, orderQuantityProblem, QUANTITY_MAX } from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { getProductById } from '../catalog/service.js';
import {
  type CartEntryRow,
  type CartRow,
  deleteEntry,
  findCartByToken,
  findEntry,
  quantityInCart,
  setEntryQuantity,
  touchCart,
} from './repo.js';
import { CART_PURCHASED, type CartView, ENTRY_NOT_FOUND, viewOf } from './service.js';

/** A quantity of 0 removes the entry; above that, spec §5 "Quantity input": max 9999, step 1. */
export const LINE_QUANTITY_MIN = 0;
export const QUANTITY_RANGE = `Quantity must be between ${LINE_QUANTITY_MIN} and ${QUANTITY_MAX}.`;

/** Reads a quantity typed by the shopper: the spec's number messages, then the range. */
export function parseLineQuantity(input: unknown): number {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new HttpError(400, MESSAGES.quantityNotANumber, 'QUANTITY_NOT_A_NUMBER');
  if (!Number.isInteger(value))
    throw new HttpError(400, MESSAGES.quantityNotAWholeNumber, 'QUANTITY_NOT_A_NUMBER');
  if (value < LINE_QUANTITY_MIN || value > QUANTITY_MAX) throw new HttpError(400, QUANTITY_RANGE);
  return value;
}

/** The caller's cart and one of its entries; another cart's entry answers 404 like a missing one. */
async function ownEntry(
  ctx: RequestContext,
  token: string | undefined,
  entryId: string,
): Promise<{ cart: CartRow; entry: CartEntryRow }> {
  const cart = token ? await findCartByToken(ctx.db, ctx.websiteId, token) : undefined;
  const entry = cart ? await findEntry(ctx.db, cart.id, entryId) : undefined;
  if (!cart || !entry) throw new HttpError(404, ENTRY_NOT_FOUND);
  if (cart.is_purchased) throw new HttpError(409, CART_PURCHASED, 'API_FAILURE');
  return { cart, entry };
}

async function checkStock(ctx: RequestContext, cart: CartRow, entry: CartEntryRow, quantity: number) {
  const product = await getProductById(ctx, entry.item_id);
  const variant = product?.variants.find((v) => v.sku === entry.sku);
  if (!product || !variant) throw new HttpError(409, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
  const elsewhere = (await quantityInCart(ctx.db, cart.id, entry.sku)) - entry.quantity;
  if (!variant.unlimited && elsewhere + quantity > variant.qtyInStock) {
    throw new HttpError(409, MESSAGES.outOfStock, 'OUT_OF_STOCK');
  }
  const perOrder = orderQuantityProblem(product, elsewhere + quantity);
  if (perOrder) throw new HttpError(409, perOrder, 'OUT_OF_STOCK');
}

/**
 * Sets the quantity of an entry of the caller's cart; 0 removes it. The new quantity, with what
 * other entries of the same variant hold, must be in stock.
 */
export async function setLineQuantity(
  ctx: RequestContext,
  token: string | undefined,
  entryId: string,
  quantity: number,
): Promise<CartView> {
  const { cart, entry } = await ownEntry(ctx, token, entryId);
  if (quantity === 0) {
    await deleteEntry(ctx.db, entry.id);
  } else {
    // Lowering a quantity never needs stock, even when the stock has since dropped.
    if (quantity > entry.quantity) await checkStock(ctx, cart, entry, quantity);
    await setEntryQuantity(ctx.db, entry.id, quantity);
  }
  await touchCart(ctx.db, cart.id, ctx.clock.now());
  return viewOf(ctx, cart);
}

/** Removes an entry of the caller's cart. */
export async function removeLine(
  ctx: RequestContext,
  token: string | undefined,
  entryId: string,
): Promise<CartView> {
  const { cart, entry } = await ownEntry(ctx, token, entryId);
  await deleteEntry(ctx.db, entry.id);
  await touchCart(ctx.db, cart.id, ctx.clock.now());
  return viewOf(ctx, cart);
}
