/** Express-checkout eligibility and the add-to-cart check order (spec §4, §5, §8). */
import { MESSAGES, selectOptionMessage } from './messages.js';
import {
  type CommerceProduct,
  type CommerceVariant,
  findVariant,
  hasUnlimitedStockByType,
  ProductType,
  type StockResult,
  unselectedOptions,
  type VariantSelection,
} from './product.js';
import { parseQuantity, QUANTITY_MAX, QUANTITY_MIN } from './quantity.js';
import { EXPRESS_CHECKOUT_URL } from './ui.js';

/** Spec §8 "Tracked error types". */
export const TRACKED_ERROR_TYPES = [
  'NO_VARIANT_SELECTED',
  'VARIANT_UNAVAILABLE',
  'OUT_OF_STOCK',
  'QUANTITY_NOT_A_NUMBER',
  'SUB_WITH_FORM_FAILURE',
  'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
  'SUB_API_FAILURE',
  'EXPRESS_CHECKOUT_FAILURE',
  'CUSTOM_FORM_RENDER_ERROR',
  'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
  'API_FAILURE',
] as const;
export type TrackedErrorType = (typeof TRACKED_ERROR_TYPES)[number];

/**
 * One licence is one line of quantity 1: a digital product is bought once per order unless the
 * merchant allows more of it; anything else is limited by the quantity box's maximum only.
 */
export function maxQuantityPerOrder(
  product: Pick<CommerceProduct, 'productType' | 'multipleQuantityAllowed'>,
): number {
  return product.productType === ProductType.DIGITAL && !product.multipleQuantityAllowed ? 1 : QUANTITY_MAX;
}

/** A line at its product's limit of 1 shows its quantity as text, without − / + (no choice to make). */
export function isQuantityFixed(line: { maxQuantity: number; quantity: number }): boolean {
  return line.maxQuantity === 1 && line.quantity === 1;
}

/**
 * The message when an order would hold more than one licence of a product sold one an order
 * (null: it may). Past 9999 of anything else is the line cap's own message, not this one.
 */
export function orderQuantityProblem(
  product: Pick<CommerceProduct, 'productType' | 'multipleQuantityAllowed'>,
  quantity: number,
): string | null {
  return maxQuantityPerOrder(product) === 1 && quantity > 1 ? MESSAGES.onePerOrder : null;
}

export type CookieJar = Record<string, string | undefined>;

/** Spec §5: "Express checkout requires the hasCart cookie equal to true or a CART cookie." */
export function canExpressCheckout(cookies: CookieJar): boolean {
  return cookies.hasCart === 'true' || Boolean(cookies.CART);
}

/** Spec §6: the cart is loaded only if authenticated, hasCart is 'true', or a cart cookie exists. */
export function shouldLoadCart(cookies: CookieJar, authenticated: boolean): boolean {
  return authenticated || canExpressCheckout(cookies);
}

/** Where a successful add goes once any custom form is done (spec §4 step 6). */
export type AddToCartDestination = 'gift-card-checkout' | 'subscription' | 'cart' | 'express-checkout';
/** The immediate next step: the custom form first when the product has one (step 5). */
export type AddToCartNext = 'custom-form' | AddToCartDestination;

export interface AddToCartInput {
  product: CommerceProduct;
  selection: VariantSelection;
  /** Raw quantity field value; undefined when no quantity input is shown. */
  quantityInput?: string | number | null;
  /** Freshly fetched stock for the chosen variant; falls back to the variant's own stock. */
  stock?: StockResult | null;
  expressCheckout?: boolean;
}

export type AddToCartSuccess = {
  ok: true;
  variant: CommerceVariant;
  quantity: number;
  next: AddToCartNext;
  destination: AddToCartDestination;
  /** Spec §4 step 5: the additional-fields form id to fill in first, or null. */
  customFormId: string | null;
};

export type AddToCartFailure = { ok: false; type: TrackedErrorType; message: string };
export type AddToCartResult = AddToCartSuccess | AddToCartFailure;

function fail(type: TrackedErrorType, message: string): AddToCartFailure {
  return { ok: false, type, message };
}

/**
 * Spec §4 "Add-to-cart check order", steps 1–6, as one pure decision.
 * Step 3 rejects when the variant has no stock at all; once the quantity is known (step 4) a
 * quantity above the available stock is also OUT_OF_STOCK with the same "not enough" message.
 * Gift cards phrase an unselected option as 'Select a denomination for the Gift Card'.
 * A fractional quantity on a subscribable product is SUB_QUANTITY_NOT_A_WHOLE_NUMBER; on other
 * products it is reported as QUANTITY_NOT_A_NUMBER (the spec has no other type for it).
 */
export function checkAddToCart(input: AddToCartInput): AddToCartResult {
  const { product, selection } = input;
  const isGiftCard = product.productType === ProductType.GIFT_CARD;

  const missing = unselectedOptions(product, selection);
  if (missing.length > 0) {
    return fail(
      'NO_VARIANT_SELECTED',
      isGiftCard ? MESSAGES.giftCardDenomination : selectOptionMessage(missing),
    );
  }

  const variant = findVariant(product, selection);
  if (!variant) {
    return fail(
      'VARIANT_UNAVAILABLE',
      isGiftCard ? MESSAGES.giftCardDenomination : MESSAGES.variantUnavailable,
    );
  }

  const stock: StockResult = hasUnlimitedStockByType(product)
    ? { unlimited: true, qtyInStock: 0 }
    : (input.stock ?? { unlimited: variant.unlimited, qtyInStock: variant.qtyInStock });
  if (!stock.unlimited && stock.qtyInStock < QUANTITY_MIN) return fail('OUT_OF_STOCK', MESSAGES.outOfStock);

  const parsed = parseQuantity(input.quantityInput);
  if (!parsed.ok) {
    const type: TrackedErrorType =
      parsed.reason === 'not-a-whole-number' && product.isSubscribable
        ? 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER'
        : 'QUANTITY_NOT_A_NUMBER';
    return fail(type, parsed.message);
  }
  if (!stock.unlimited && stock.qtyInStock < parsed.quantity)
    return fail('OUT_OF_STOCK', MESSAGES.outOfStock);

  let destination: AddToCartDestination;
  if (isGiftCard) destination = 'gift-card-checkout';
  else if (product.isSubscribable) destination = 'subscription';
  else destination = input.expressCheckout ? 'express-checkout' : 'cart';

  const customFormId = product.additionalFieldsFormId || null;
  return {
    ok: true,
    variant,
    quantity: parsed.quantity,
    next: customFormId ? 'custom-form' : destination,
    destination,
    customFormId,
  };
}

export type ExpressCheckoutResult = { ok: true; url: string } | AddToCartFailure;

/**
 * Spec §4 step 6: after the entry is added, express checkout redirects to checkout, which needs
 * the hasCart/CART cookie; without it the session-or-cookies message is shown.
 */
export function expressCheckoutRedirect(cookies: CookieJar): ExpressCheckoutResult {
  return canExpressCheckout(cookies)
    ? { ok: true, url: EXPRESS_CHECKOUT_URL }
    : fail('EXPRESS_CHECKOUT_FAILURE', MESSAGES.checkoutSessionOrCookies);
}

/** Spec §8: message for a failed add-item HTTP call (429 and crumb problems). */
export function addItemFailureMessage(opts: {
  status?: number;
  crumbProblem?: 'expired' | 'cookies';
}): string {
  if (opts.status === 429) return MESSAGES.tooManyRequests;
  if (opts.crumbProblem === 'expired') return MESSAGES.sessionExpired;
  if (opts.crumbProblem === 'cookies') return MESSAGES.enableCookies;
  return MESSAGES.unableToAddItem;
}
