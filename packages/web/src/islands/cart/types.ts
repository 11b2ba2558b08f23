import type { Cart } from '../../types';

/** A coupon the cart applies (cart JSON `validCoupons`). */
export interface CartCoupon {
  code: string;
}

/** The cart JSON with its pricing choices: the server's cart reply, which always carries them. */
export type PricedCart = Cart;

export function couponCode(coupon: CartCoupon | string): string {
  return typeof coupon === 'string' ? coupon : coupon.code;
}

/** What a failed cart action shows: the spec §8 title and a message. */
export interface CartFailure {
  title: string;
  message: string;
}
