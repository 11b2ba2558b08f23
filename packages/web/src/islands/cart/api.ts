import { MESSAGES } from '@storefront/commerce';
import { ApiError, CART_ENTRIES_PATH, CART_PATH, requestJson } from '../../api';
import type { CartEntry } from '../../types';
import type { PricedCart } from './types';

export const entryPath = (entryId: string) => `${CART_ENTRIES_PATH}/${encodeURIComponent(entryId)}`;
export const COUPONS_PATH = `${CART_PATH}/coupons`;

interface CartAnswer {
  shoppingCart: PricedCart;
}

/** Sets an entry's quantity (0 removes it). */
export async function updateEntryQuantity(entryId: string, quantity: number): Promise<PricedCart> {
  const answer = await requestJson<CartAnswer>('PUT', `${entryPath(entryId)}/quantity`, { quantity });
  return answer.shoppingCart;
}

export async function removeEntry(entryId: string): Promise<PricedCart> {
  const answer = await requestJson<CartAnswer>('DELETE', entryPath(entryId));
  return answer.shoppingCart;
}

/** Spec §7: replaces an entry's custom-form answers (`additionalFields`, a JSON string). */
export async function updateEntryFields(entry: CartEntry, additionalFields: string): Promise<PricedCart> {
  const answer = await requestJson<CartAnswer & { updatedEntry: CartEntry }>(
    'PUT',
    `${entryPath(entry.id)}/additionalFields`,
    { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields },
  );
  return answer.shoppingCart;
}

export async function applyCoupon(code: string): Promise<PricedCart> {
  const answer = await requestJson<CartAnswer>('POST', COUPONS_PATH, { code });
  return answer.shoppingCart;
}

export async function removeCoupon(code: string): Promise<PricedCart> {
  const answer = await requestJson<CartAnswer>('DELETE', `${COUPONS_PATH}/${encodeURIComponent(code)}`);
  return answer.shoppingCart;
}

/**
 * The message under a cart failure title (spec §8): 'Please check your internet connection.'
 * when no answer came, the server's own message when it sent one (a stock or session problem
 * the shopper can act on), otherwise 'Please try again.'.
 */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.tryAgain;
}
