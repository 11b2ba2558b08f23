import {
  type AnswerField,
  formAnswerLines,
  formatMoney,
  isQuantityFixed,
  MESSAGES,
  minorFromMoney,
} from '@storefront/commerce';
import { Fragment, type RefObject, useRef, useState } from 'react';
import { track } from '../../analytics/track';
import { setCart } from '../../cart-store';
import type { CartEntry } from '../../types';
import { failureMessage, removeEntry } from './api';
import { QuantityStepper } from './QuantityStepper';
import type { CartFailure } from './types';

export const ENTRY_TEXT = {
  remove: 'Remove',
  removeLabel: (title: string) => `Remove ${title}`,
  edit: 'Edit',
  editLabel: (title: string) => `Edit ${title}`,
  /** A licence bought once: its quantity is shown, not chosen (as the theme's cart page says it). */
  fixedQuantity: 'Qty 1',
  fixedQuantityNote: 'One per order',
} as const;

/** Matches the theme's width/height attributes so the image box never resizes. */
const ENTRY_IMAGE_SIZE_PX = 96;

export interface EntryRowProps {
  entry: CartEntry;
  currency: string;
  locale: string;
  /** Set when the entry has answers to a custom form the shopper can edit. */
  onEdit?: (entry: CartEntry, opener: RefObject<HTMLButtonElement | null>) => void;
  onFailure: (failure: CartFailure) => void;
  /** The fields of the form the entry answered: its answers are shown on the line. */
  answerFields?: readonly AnswerField[];
}

export function EntryRow({ entry, currency, locale, onEdit, onFailure, answerFields = [] }: EntryRowProps) {
  const [removing, setRemoving] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const lineCurrency = entry.subTotal.currency || currency;

  async function remove() {
    if (removing) return;
    setRemoving(true);
    try {
      setCart(await removeEntry(entry.id));
      track('RemoveFromCart', {
        itemId: entry.itemId,
        sku: entry.chosenVariant.sku,
        quantity: entry.quantity,
      });
    } catch (error) {
      setRemoving(false);
      onFailure({ title: MESSAGES.unableToRemoveItem, message: failureMessage(error) });
    }
  }

  const answers = formAnswerLines(answerFields, entry.additionalFields);
  return (
    <li className="cart-entry">
      <div className="cart-entry-image">
        {entry.imageUrl && (
          <img src={entry.imageUrl} alt="" width={ENTRY_IMAGE_SIZE_PX} height={ENTRY_IMAGE_SIZE_PX} />
        )}
      </div>
      <div className="cart-entry-details">
        <a className="cart-entry-title" href={entry.url ?? undefined}>
          {entry.title}
        </a>
        {Object.entries(entry.chosenVariant.attributes).map(([optionName, value]) => (
          <span className="cart-entry-attribute" key={optionName}>
            {`${optionName}: ${value}`}
          </span>
        ))}
        {answers.length > 0 && (
          <dl className="cart-entry-answers">
            {answers.map((line) => (
              <Fragment key={line.title}>
                <dt>{line.title}</dt>
                <dd>{line.text}</dd>
              </Fragment>
            ))}
          </dl>
        )}
        <span className="cart-entry-unit-price">
          {formatMoney(entry.purchasePriceCents, lineCurrency, locale)}
        </span>
        {onEdit && (
          <button
            ref={editRef}
            type="button"
            className="cart-entry-edit"
            aria-label={ENTRY_TEXT.editLabel(entry.title)}
            onClick={() => onEdit(entry, editRef)}
          >
            {ENTRY_TEXT.edit}
          </button>
        )}
      </div>
      {isQuantityFixed(entry) ? (
        <p className="cart-entry-quantity cart-entry-quantity--fixed">
          {ENTRY_TEXT.fixedQuantity}{' '}
          <span className="cart-entry-quantity-note">{ENTRY_TEXT.fixedQuantityNote}</span>
        </p>
      ) : (
        <QuantityStepper entry={entry} onFailure={onFailure} onRemove={remove} />
      )}
      <span className="cart-entry-total">
        {formatMoney(minorFromMoney(entry.subTotal), lineCurrency, locale)}
      </span>
      <button
        type="button"
        className="cart-entry-remove"
        aria-label={ENTRY_TEXT.removeLabel(entry.title)}
        aria-disabled={removing || undefined}
        onClick={remove}
      >
        {ENTRY_TEXT.remove}
      </button>
    </li>
  );
}
