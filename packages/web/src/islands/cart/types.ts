import type { Cart } from '../../types';

/** A coupon the cart applies (docs/api.md cart JSON `validCoupons`). */
export interface CartCoupon {
  code: string;
}

/** A coupon the cart keeps but does not apply: the reason code and the text shown for it. */
export interface InvalidCartCoupon {
  code: string;
  reason: string;
  message?: string;
}

export interface CartShippingOption {
  id: string;
  name: string;
  costCents: number;
}

/**
 * The cart JSON with its pricing choices (docs/api.md). Other islands only read the base fields,
 * so the pricing ones are optional: a cart set by an older answer may lack them.
 */
export interface PricedCart extends Cart {
  shippingOptions?: CartShippingOption[];
  selectedShippingOption?: CartShippingOption | null;
  validCoupons?: (CartCoupon | string)[];
  invalidCoupons?: InvalidCartCoupon[];
}

export function couponCode(coupon: CartCoupon | string): string {
  return typeof coupon === 'string' ? coupon : coupon.code;
}

/** What a failed cart action shows: the spec §8 title and a message. */
export interface CartFailure {
  title: string;
  message: string;
}
