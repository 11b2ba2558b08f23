import { type AnswerField, EXPRESS_CHECKOUT_URL, MESSAGES } from '@storefront/commerce';
import { lazy, type RefObject, Suspense, useState } from 'react';
import { setCart, useCart } from '../cart-store';
import { pageContext } from '../context';
import { useSiteConfig } from '../site-config';
import type { Cart, CartEntry } from '../types';
import { AlertDialog } from '../ui';
import { failureMessage, updateEntryFields } from './cart/api';
import { Coupons } from './cart/Coupons';
import { EntryRow } from './cart/EntryRow';
import { Totals } from './cart/Totals';
import type { CartFailure, PricedCart } from './cart/types';

const CustomFormModal = lazy(() => import('./CustomFormModal'));

export interface CartPageProps {
  cart: PricedCart;
  /** Where "Continue shopping" leads; the site root unless the server knows the store page. */
  continueShoppingUrl?: string;
  /** itemId → additional-fields form id, for the entries whose answers can be edited. */
  entryForms?: Record<string, string>;
  /** form id → its fields, so each line shows its answers. */
  formFields?: Record<string, AnswerField[]>;
}

export const CART_TEXT = {
  empty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue shopping',
  checkout: 'Checkout',
  saveForm: 'Save',
} as const;

const keepCart = (cart: Cart) => cart as PricedCart;

interface Editing {
  entry: CartEntry;
  formId: string;
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The /cart page's contents inside the theme's cart section: entries with quantity, remove and
 * form editing, coupons, totals and the way to checkout; or the empty state.
 */
export function CartPage({
  cart: initialCart,
  continueShoppingUrl = '/',
  entryForms = {},
  formFields = {},
}: CartPageProps) {
  const cart = useCart(keepCart, initialCart);
  // The store's locale from its config call (spec §7); until it answers, or if it fails, the page's.
  const locale = useSiteConfig()?.locale ?? pageContext().locale;
  const [failure, setFailure] = useState<CartFailure | null>(null);
  const [failureOpen, setFailureOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);

  function fail(next: CartFailure) {
    setFailure(next);
    setFailureOpen(true);
  }

  function formIdOf(entry: CartEntry): string | undefined {
    if (entry.additionalFields === null) return undefined;
    return Object.hasOwn(entryForms, entry.itemId) ? entryForms[entry.itemId] : undefined;
  }

  async function saveForm(target: Editing, additionalFields: string) {
    setEditing(null);
    try {
      setCart(await updateEntryFields(target.entry, additionalFields));
    } catch (error) {
      fail({ title: MESSAGES.unableToUpdateForm, message: failureMessage(error) });
    }
  }

  const alert = failure && (
    <AlertDialog
      open={failureOpen}
      onClose={() => setFailureOpen(false)}
      title={failure.title}
      message={failure.message}
      className="cart-alert"
    />
  );

  if (cart.entries.length === 0) {
    return (
      <>
        <p className="cart-empty">
          {CART_TEXT.empty} <a href={continueShoppingUrl}>{CART_TEXT.continueShopping}</a>
        </p>
        {alert}
      </>
    );
  }
  return (
    <>
      <ul className="cart-entries">
        {cart.entries.map((entry) => {
          const formId = formIdOf(entry);
          return (
            <EntryRow
              key={entry.id}
              entry={entry}
              currency={cart.currency}
              locale={locale}
              onFailure={fail}
              answerFields={formId ? formFields[formId] : undefined}
              onEdit={formId ? (e, opener) => setEditing({ entry: e, formId, opener }) : undefined}
            />
          );
        })}
      </ul>
      <Coupons cart={cart} />
      <Totals cart={cart} locale={locale} />
      <a className="cart-checkout-button" href={EXPRESS_CHECKOUT_URL}>
        {CART_TEXT.checkout}
      </a>
      {alert}
      {editing && (
        <Suspense fallback={null}>
          <CustomFormModal
            key={editing.entry.id}
            formId={editing.formId}
            submitText={CART_TEXT.saveForm}
            returnFocus={editing.opener}
            onSubmit={(answers) => saveForm(editing, answers)}
            onCancel={() => setEditing(null)}
            onLoadError={() => {
              setEditing(null);
              fail({ title: MESSAGES.unableToOpenForm, message: MESSAGES.tryAgain });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
