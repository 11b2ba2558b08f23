import {
  formatMoney,
  PILL_CART_ANIMATION_MS,
  pillCartCountText,
  pillCartLabel,
  showPillCart,
} from '@storefront/commerce';
import type { CSSProperties } from 'react';
import { summarize, useCart } from '../cart-store';
import { pageContext } from '../context';
import type { CartSummary } from '../types';

export type PillCartProps = CartSummary;

/** Spec §9 "pill cart animation 0.25 s", handed to islands.css. */
const ANIMATION_STYLE = { '--pill-cart-animation-duration': `${PILL_CART_ANIMATION_MS}ms` } as CSSProperties;

/** Spec §2/§4: the floating link to the cart, hidden while the cart is empty. */
export function PillCart(props: PillCartProps) {
  const summary = useCart(summarize, props);
  const { cartUrl, locale } = pageContext();
  const subtotal = formatMoney(summary.subtotalCents, summary.currency, locale);
  return (
    <a
      className="pill-cart"
      href={cartUrl}
      hidden={!showPillCart(summary.totalQuantity)}
      aria-label={pillCartLabel(summary.totalQuantity, subtotal)}
      style={ANIMATION_STYLE}
    >
      <span className="pill-cart-count">{pillCartCountText(summary.totalQuantity)}</span>
      <span className="pill-cart-subtotal">{subtotal}</span>
    </a>
  );
}
