import { formatMoney, minorFromMoney } from '@storefront/commerce';
import { useCart } from '../cart-store';
import { pageContext } from '../context';
import type { Cart, CartEntry } from '../types';

export interface CartPageProps {
  cart: Cart;
  /** Where "Continue Shopping" leads; the site root unless the server knows the store page. */
  continueShoppingUrl?: string;
}

export const CART_TEXT = {
  title: 'Shopping Cart',
  empty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Total',
  subtotal: 'Subtotal',
} as const;

const keepCart = (cart: Cart) => cart;

function EntryRow({ entry, currency, locale }: { entry: CartEntry; currency: string; locale: string }) {
  const attributes = Object.entries(entry.chosenVariant.attributes);
  const lineCurrency = entry.subTotal.currency || currency;
  return (
    <li className="cart-entry" data-entry-id={entry.id}>
      <div className="cart-entry-details">
        <a className="cart-entry-title" href={entry.url}>
          {entry.title}
        </a>
        {attributes.length > 0 && (
          <dl className="cart-entry-variant">
            {attributes.map(([optionName, value]) => (
              <div className="cart-entry-attribute" key={optionName}>
                <dt>{optionName}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <dl className="cart-entry-figures">
        <div className="cart-entry-unit-price">
          <dt>{CART_TEXT.unitPrice}</dt>
          <dd>{formatMoney(entry.purchasePriceCents, lineCurrency, locale)}</dd>
        </div>
        <div className="cart-entry-quantity">
          <dt>{CART_TEXT.quantity}</dt>
          <dd>{entry.quantity}</dd>
        </div>
        <div className="cart-entry-total">
          <dt>{CART_TEXT.lineTotal}</dt>
          <dd>{formatMoney(minorFromMoney(entry.subTotal), lineCurrency, locale)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The /cart page: entries, subtotal, or the empty state. */
export function CartPage({ cart: initialCart, continueShoppingUrl = '/' }: CartPageProps) {
  const cart = useCart(keepCart, initialCart);
  const { locale } = pageContext();
  return (
    <section className="cart-page" aria-labelledby="cart-page-title">
      <h1 className="cart-page-title" id="cart-page-title">
        {CART_TEXT.title}
      </h1>
      {cart.entries.length === 0 ? (
        <p className="cart-empty">
          {CART_TEXT.empty}{' '}
          <a className="cart-continue-shopping" href={continueShoppingUrl}>
            {CART_TEXT.continueShopping}
          </a>
        </p>
      ) : (
        <>
          <ul className="cart-entries">
            {cart.entries.map((entry) => (
              <EntryRow entry={entry} currency={cart.currency} locale={locale} key={entry.id} />
            ))}
          </ul>
          <dl className="cart-subtotal">
            <dt>{CART_TEXT.subtotal}</dt>
            <dd>{formatMoney(cart.subtotalCents, cart.currency, locale)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
