import { formatMoney } from '@storefront/commerce';
import type { PricedCart } from './types';

export const TOTALS_TEXT = {
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  shippingLater: 'Calculated at checkout',
  tax: 'Tax',
  total: 'Total',
} as const;

/** A discount reads as money taken off. */
export function discountText(cents: number, currency: string, locale: string): string {
  return `−${formatMoney(cents, currency, locale)}`;
}

/**
 * Subtotal, then discount (when any), shipping (when the cart ships: the chosen option's cost or
 * "Calculated at checkout"), tax (when any) and the total.
 */
export function Totals({ cart, locale }: { cart: PricedCart; locale: string }) {
  const money = (cents: number) => formatMoney(cents, cart.currency, locale);
  const shippingChosen = Boolean(cart.selectedShippingOption) || cart.shippingCostCents > 0;
  return (
    <>
      <p className="cart-subtotal">
        <span>{TOTALS_TEXT.subtotal}</span>{' '}
        <span className="cart-subtotal-amount">{money(cart.subtotalCents)}</span>
      </p>
      {cart.discountCents > 0 && (
        <p className="cart-discount">
          <span>{TOTALS_TEXT.discount}</span>{' '}
          <span className="cart-discount-amount">
            {discountText(cart.discountCents, cart.currency, locale)}
          </span>
        </p>
      )}
      {cart.requiresShipping && (
        <p className="cart-shipping">
          <span>{TOTALS_TEXT.shipping}</span>{' '}
          <span className="cart-shipping-amount">
            {shippingChosen ? money(cart.shippingCostCents) : TOTALS_TEXT.shippingLater}
          </span>
        </p>
      )}
      {cart.taxCents > 0 && (
        <p className="cart-tax">
          <span>{TOTALS_TEXT.tax}</span> <span className="cart-tax-amount">{money(cart.taxCents)}</span>
        </p>
      )}
      <p className="cart-total">
        <span>{TOTALS_TEXT.total}</span>{' '}
        <span className="cart-total-amount">{money(cart.grandTotalCents)}</span>
      </p>
    </>
  );
}
