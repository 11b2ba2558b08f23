import type { CommerceVariant, ProductTypeNumber, TrackedErrorType } from '@storefront/commerce';

/** DOM event every add-to-cart attempt dispatches on `document` (analytics listens). */
export const ADD_TO_CART_EVENT = 'sf:add-to-cart';

/** Spec §3 "Add-to-cart event detail", plus the tracked error type (spec §8) of a failure. */
export interface AddToCartEventDetail {
  pageType: number;
  product: { id: string; name: string; productType: ProductTypeNumber; isSubscribable: boolean };
  /** The quantity asked for, or null when the field does not parse. */
  quantity: number | null;
  selectedVariant: CommerceVariant | null;
  unselectedVariantOptions: string[];
  isInStock: boolean;
  expressCheckout: boolean;
  addToCartText: string;
  subscriptionId: string | null;
  errorType?: TrackedErrorType;
}

export function dispatchAddToCart(detail: AddToCartEventDetail): void {
  document.dispatchEvent(new CustomEvent<AddToCartEventDetail>(ADD_TO_CART_EVENT, { detail }));
}
