import { formatMoney, minorFromMoney } from '@storefront/commerce';
import { useCart } from '../cart-store';
import { pageContext } from '../context';
import type { Cart, CartEntry } from '../types';

export interface CartPageProps {
  cart: Cart;
  /** Where "Continue shopping" leads; the site root unless the server knows the store page. */
  continueShoppingUrl?: string;
}

export const CART_TEXT = {
  empty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue shopping',
  quantityPrefix: 'Qty',
  subtotal: 'Subtotal',
} as const;

/** Matches the theme's width/height attributes so the image box never resizes. */
const ENTRY_IMAGE_SIZE_PX = 96;

const keepCart = (cart: Cart) => cart;

function EntryRow({ entry, currency, locale }: { entry: CartEntry; currency: string; locale: string }) {
  const lineCurrency = entry.subTotal.currency || currency;
  return (
    <li className="cart-entry">
      <div className="cart-entry-image">
        {entry.imageUrl && (
          <img src={entry.imageUrl} alt="" width={ENTRY_IMAGE_SIZE_PX} height={ENTRY_IMAGE_SIZE_PX} />
        )}
      </div>
      <div className="cart-entry-details">
        <a className="cart-entry-title" href={entry.url}>
          {entry.title}
        </a>
        {Object.entries(entry.chosenVariant.attributes).map(([optionName, value]) => (
          <span className="cart-entry-attribute" key={optionName}>
            {`${optionName}: ${value}`}
          </span>
        ))}
        <span className="cart-entry-unit-price">
          {formatMoney(entry.purchasePriceCents, lineCurrency, locale)}
        </span>
      </div>
      <span className="cart-entry-quantity">{`${CART_TEXT.quantityPrefix} ${entry.quantity}`}</span>
      <span className="cart-entry-total">
        {formatMoney(minorFromMoney(entry.subTotal), lineCurrency, locale)}
      </span>
    </li>
  );
}

/** The /cart page's contents inside the theme's cart section: entries and subtotal, or the empty state. */
export function CartPage({ cart: initialCart, continueShoppingUrl = '/' }: CartPageProps) {
  const cart = useCart(keepCart, initialCart);
  const { locale } = pageContext();
  if (cart.entries.length === 0) {
    return (
      <p className="cart-empty">
        {CART_TEXT.empty} <a href={continueShoppingUrl}>{CART_TEXT.continueShopping}</a>
      </p>
    );
  }
  return (
    <>
      <ul className="cart-entries">
        {cart.entries.map((entry) => (
          <EntryRow entry={entry} currency={cart.currency} locale={locale} key={entry.id} />
        ))}
      </ul>
      <p className="cart-subtotal">
        <span>{CART_TEXT.subtotal}</span>{' '}
        <span className="cart-subtotal-amount">{formatMoney(cart.subtotalCents, cart.currency, locale)}</span>
      </p>
    </>
  );
}
