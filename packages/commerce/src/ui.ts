/** Button texts, timings, popover, pill cart, fallback texts and routes (spec §2, §4, §9). */
import type { CommerceProduct } from './product.js';

export const BUTTON_TEXT = {
  adding: 'Adding…',
  added: 'Added!',
  selectOption: 'Select Option',
  soldOut: 'Sold Out',
} as const;

/** Spec §9: "1 s before added". */
export const ADD_TO_CART_ADDED_DELAY_MS = 1000;
/** Spec §9: "2 s added display". */
export const ADD_TO_CART_ADDED_DISPLAY_MS = 2000;
/** Spec §9: "the 'Select Option' text reverts after 2000 ms". */
export const SELECT_OPTION_REVERT_MS = 2000;
/** Spec §4: "the button returns to idle after 1 s" on failure. */
export const ADD_TO_CART_ERROR_IDLE_MS = 1000;
/** Spec §9: "The added-item popover auto-hides after 3000 ms". */
export const ADDED_POPOVER_HIDE_MS = 3000;
/** Spec §9: "its offsets are 16 px and 33 px" (top, right when anchored top-right). */
export const ADDED_POPOVER_OFFSETS_PX = { top: 16, right: 33 } as const;
/** Spec §9: "Modal animation 0.3 s". */
export const MODAL_ANIMATION_MS = 300;
/** Spec §9: "pill cart animation 0.25 s". */
export const PILL_CART_ANIMATION_MS = 250;

/** Spec §9 "Default fallback texts". */
export const DEFAULT_TEXTS = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
  salePrice: 'Sale Price:',
  originalPrice: 'Original Price:',
} as const;

/** Spec §9: "from {fromPrice}". */
export function fromPriceText(formattedFromPrice: string): string {
  return `from ${formattedFromPrice}`;
}

/** Spec §4/§8 alert titles. */
export const ALERT_TITLES = {
  addItem: 'Unable to Add Item',
  purchaseItem: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;

/** Which alert title an add-item failure shows. */
export function alertTitle(opts: { expressCheckout?: boolean; giftCard?: boolean }): string {
  if (opts.giftCard) return ALERT_TITLES.giftCard;
  return opts.expressCheckout ? ALERT_TITLES.purchaseItem : ALERT_TITLES.addItem;
}

/** Spec §4: custom text when enabled, "Subscribe" for subscribable products, else "Add To Cart". */
export function addButtonText(
  product: Pick<CommerceProduct, 'useCustomAddButtonText' | 'customAddButtonText' | 'isSubscribable'>,
): string {
  if (product.useCustomAddButtonText && product.customAddButtonText) return product.customAddButtonText;
  return product.isSubscribable ? DEFAULT_TEXTS.subscribe : DEFAULT_TEXTS.addToCart;
}

/** Spec §2: "{productName} was added to your cart." */
export function addedPopoverText(productName: string): string {
  return `${productName} was added to your cart.`;
}

/** Spec §9: "The pill cart shows '100+' above 100 items." */
export const PILL_CART_MAX_COUNT = 100;

export function pillCartCountText(totalQuantity: number): string {
  return totalQuantity > PILL_CART_MAX_COUNT ? `${PILL_CART_MAX_COUNT}+` : String(totalQuantity);
}

/** "Cart, 2 items, $50.00": the pill's accessible name, with the exact count even above 100. */
export function pillCartLabel(totalQuantity: number, formattedSubtotal: string): string {
  return `Cart, ${totalQuantity} ${totalQuantity === 1 ? 'item' : 'items'}, ${formattedSubtotal}`;
}

/** Spec §4: "shown only when total quantity is above 0". */
export function showPillCart(totalQuantity: number): boolean {
  return totalQuantity > 0;
}

/** Spec §9: "Description fallback is truncated to 250 characters." */
export const DESCRIPTION_FALLBACK_LENGTH = 250;
/** Spec §9: "Default truncate length is 100 with a '...' suffix." */
export const DEFAULT_TRUNCATE_LENGTH = 100;
export const TRUNCATE_SUFFIX = '...';

/**
 * Cuts text to at most `length` characters (code points) and appends the suffix when cut.
 * The suffix is added beyond the length, so the kept text is exactly `length` long.
 */
export function truncate(text: string, length = DEFAULT_TRUNCATE_LENGTH, suffix = TRUNCATE_SUFFIX): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  return chars.slice(0, Math.max(0, length)).join('') + suffix;
}

/** Spec §9: the description fallback (plain text, truncated to 250 characters). */
export function descriptionFallback(plainText: string): string {
  return truncate(plainText.trim(), DESCRIPTION_FALLBACK_LENGTH);
}

/** Spec §2 routes. */
export const CART_URL = '/cart';
export const EXPRESS_CHECKOUT_URL = '/commerce/goto-checkout';

export function subscriptionCheckoutUrl(cartToken: string): string {
  return `/checkout/subscribe?cartToken=${encodeURIComponent(cartToken)}`;
}

export function giftCardCheckoutUrl(
  websiteId: string,
  giftCardProductId: string,
  sku?: string | null,
): string {
  const params = new URLSearchParams({ websiteId, giftCardProductId });
  if (sku) params.set('sku', sku);
  return `/checkout/giftcard?${params.toString()}`;
}
