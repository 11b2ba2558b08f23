import { MESSAGES, parseQuantity, QUANTITY_MAX, QUANTITY_MIN, QUANTITY_STEP } from '@storefront/commerce';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { getCart, setCart } from '../../cart-store';
import type { CartEntry } from '../../types';
import { failureMessage, updateEntryQuantity } from './api';
import type { CartFailure } from './types';

export const STEPPER_TEXT = {
  decrease: (title: string) => `Decrease quantity of ${title}`,
  increase: (title: string) => `Increase quantity of ${title}`,
  input: (title: string) => `Quantity of ${title}`,
} as const;

export interface QuantityStepperProps {
  entry: CartEntry;
  onFailure: (failure: CartFailure) => void;
  /** Typing 0 takes the line out of the cart, as shoppers expect from other stores. */
  onRemove: () => void;
}

function serverQuantity(entry: CartEntry): number {
  return getCart()?.entries.find((e) => e.id === entry.id)?.quantity ?? entry.quantity;
}

/**
 * The entry's quantity (spec §5: 1 to 9999, step 1) as − / input / + . Each change is sent at
 * once; changes made while one is on its way are folded into one more call with the latest value,
 * so the server ends on what the shopper sees.
 */
export function QuantityStepper({ entry, onFailure, onRemove }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(entry.quantity));
  const wanted = useRef<number | null>(null);
  const sending = useRef(false);
  const latestFailure = useRef(onFailure);
  latestFailure.current = onFailure;

  useEffect(() => {
    if (!sending.current) setDraft(String(entry.quantity));
  }, [entry.quantity]);

  async function drain() {
    sending.current = true;
    while (wanted.current !== null) {
      const quantity = wanted.current;
      wanted.current = null;
      try {
        setCart(await updateEntryQuantity(entry.id, quantity));
      } catch (error) {
        wanted.current = null;
        setDraft(String(serverQuantity(entry)));
        latestFailure.current({ title: MESSAGES.unableToUpdateQuantity, message: failureMessage(error) });
      }
    }
    sending.current = false;
  }

  function request(quantity: number) {
    setDraft(String(quantity));
    if (quantity === serverQuantity(entry) && !sending.current) return;
    wanted.current = quantity;
    if (!sending.current) void drain();
  }

  function commitDraft() {
    if (draft.trim() !== '' && Number(draft) === 0) {
      // The box shows the line's quantity again should the removal fail.
      setDraft(String(serverQuantity(entry)));
      return onRemove();
    }
    const parsed = parseQuantity(draft);
    if (!parsed.ok) {
      setDraft(String(serverQuantity(entry)));
      onFailure({ title: MESSAGES.unableToUpdateQuantity, message: parsed.message });
      return;
    }
    request(parsed.quantity);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  }

  const shown = Number(draft);
  return (
    <div className="cart-entry-quantity">
      <button
        type="button"
        className="cart-entry-decrement"
        aria-label={STEPPER_TEXT.decrease(entry.title)}
        disabled={Number.isFinite(shown) && shown <= QUANTITY_MIN}
        onClick={() =>
          request(Math.max(QUANTITY_MIN, (Number.isFinite(shown) ? shown : entry.quantity) - QUANTITY_STEP))
        }
      >
        −
      </button>
      <input
        className="cart-entry-quantity-input"
        type="number"
        inputMode="numeric"
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        step={QUANTITY_STEP}
        value={draft}
        aria-label={STEPPER_TEXT.input(entry.title)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="cart-entry-increment"
        aria-label={STEPPER_TEXT.increase(entry.title)}
        disabled={Number.isFinite(shown) && shown >= QUANTITY_MAX}
        onClick={() =>
          request(Math.min(QUANTITY_MAX, (Number.isFinite(shown) ? shown : entry.quantity) + QUANTITY_STEP))
        }
      >
        +
      </button>
    </div>
  );
}
