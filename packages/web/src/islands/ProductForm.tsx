import {
  ADD_TO_CART_ADDED_DELAY_MS,
  ADD_TO_CART_ADDED_DISPLAY_MS,
  ADD_TO_CART_ERROR_IDLE_MS,
  BUTTON_TEXT,
  type CommerceProduct,
  type CommerceVariant,
  checkAddToCart,
  DEFAULT_TEXTS,
  giftCardCheckoutUrl,
  MESSAGES,
  type ProductTypeNumber,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  SELECT_OPTION_REVERT_MS,
} from '@storefront/commerce';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, addCartEntry, CART_ENTRIES_PATH } from '../api';
import { setCart } from '../cart-store';
import { pageContext } from '../context';
import { readCrumb } from '../cookies';

export interface ProductFormProps {
  itemId: string;
  productType: ProductTypeNumber;
  name: string;
  currency: string;
  options: { name: string; values: string[] }[];
  variants: CommerceVariant[];
  addButtonText: string;
  soldOut: boolean;
  showQuantity: boolean;
  /** What the shopper chose in the server form before this island mounted (option name → value). */
  initialSelection?: Record<string, string>;
  /** The server form's quantity field as the shopper left it. */
  initialQuantity?: string;
}

/** Spec §4 "Add-to-cart button" states; 'failed' keeps the button busy while the error shows. */
type ButtonPhase = 'idle' | 'select-option' | 'adding' | 'added' | 'failed';

/** Prefix of the option selects' id and name; the no-JS form post reads the same field names. */
const OPTION_FIELD_PREFIX = 'variant-option-';

/** docs/api.md: the no-JS add-to-cart post redirects back with this query parameter on failure. */
const CART_ERROR_PARAM = 'cartError';

/**
 * Reads the choices a shopper made in the no-JS form while the bundle loaded, so mounting the
 * island keeps them.
 */
export function productFormStateFromMarkup(
  el: Element,
): Pick<ProductFormProps, 'initialSelection' | 'initialQuantity'> {
  const initialSelection: Record<string, string> = {};
  for (const select of el.querySelectorAll<HTMLSelectElement>('select.variant-select')) {
    if (select.name.startsWith(OPTION_FIELD_PREFIX) && select.value !== '') {
      initialSelection[select.name.slice(OPTION_FIELD_PREFIX.length)] = select.value;
    }
  }
  const quantity = el.querySelector<HTMLInputElement>('input[name="quantity"]');
  return quantity ? { initialSelection, initialQuantity: quantity.value } : { initialSelection };
}

/** Resolves after `ms` through timers the component owns, so unmounting cancels them. */
function useTimers() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const owned = timers.current;
    return () => {
      for (const id of owned) clearTimeout(id);
      owned.clear();
    };
  }, []);
  return useMemo(
    () => ({
      wait(ms: number): Promise<void> {
        return new Promise((resolve) => {
          const id = setTimeout(() => {
            timers.current.delete(id);
            resolve();
          }, ms);
          timers.current.add(id);
        });
      },
      clear(): void {
        for (const id of timers.current) clearTimeout(id);
        timers.current.clear();
      },
    }),
    [],
  );
}

export function ProductForm(props: ProductFormProps) {
  const { itemId, productType, name, options, variants, addButtonText, soldOut, showQuantity } = props;
  const [selection, setSelection] = useState<Record<string, string>>(() => props.initialSelection ?? {});
  const [quantity, setQuantity] = useState(() => props.initialQuantity ?? String(QUANTITY_DEFAULT));
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  // A failed no-JS post comes back with ?cartError=…, which the server also renders here.
  const [message, setMessage] = useState(
    () => new URLSearchParams(window.location.search).get(CART_ERROR_PARAM) ?? '',
  );
  const timers = useTimers();
  // Each submit gets a number; an older submit's late continuation sees it is stale and stops.
  const attempt = useRef(0);

  const product = useMemo<CommerceProduct>(
    () => ({ id: itemId, name, productType, variants, variantOptionOrdering: options.map((o) => o.name) }),
    [itemId, name, productType, variants, options],
  );

  const idleText = addButtonText || DEFAULT_TEXTS.addToCart;
  const buttonText = soldOut
    ? BUTTON_TEXT.soldOut
    : phase === 'select-option'
      ? BUTTON_TEXT.selectOption
      : phase === 'adding' || phase === 'failed'
        ? BUTTON_TEXT.adding
        : phase === 'added'
          ? BUTTON_TEXT.added
          : idleText;
  const busy = phase === 'adding' || phase === 'failed';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (soldOut || busy) return;
    timers.clear();
    const current = ++attempt.current;
    const isCurrent = () => attempt.current === current;

    const check = checkAddToCart({ product, selection, quantityInput: showQuantity ? quantity : undefined });
    if (!check.ok) {
      setMessage(check.message);
      if (check.type === 'NO_VARIANT_SELECTED') {
        setPhase('select-option');
        await timers.wait(SELECT_OPTION_REVERT_MS);
        if (isCurrent()) setPhase('idle');
      } else {
        setPhase('idle');
      }
      return;
    }

    setMessage('');
    if (check.next === 'gift-card-checkout') {
      window.location.assign(giftCardCheckoutUrl(pageContext().websiteId, itemId, check.variant.sku));
      return;
    }

    setPhase('adding');
    // Spec §4: "added" shows 1 s after the click even when the answer comes sooner.
    const addedDelay = timers.wait(ADD_TO_CART_ADDED_DELAY_MS);
    try {
      const result = await addCartEntry({
        itemId,
        sku: check.variant.sku,
        quantity: check.quantity,
        additionalFields: null,
      });
      if (!isCurrent()) return;
      setCart(result.shoppingCart);
      await addedDelay;
      if (!isCurrent()) return;
      setPhase('added');
      await timers.wait(ADD_TO_CART_ADDED_DISPLAY_MS);
      if (isCurrent()) setPhase('idle');
    } catch (error) {
      if (!isCurrent()) return;
      setMessage(error instanceof ApiError ? error.message : MESSAGES.unableToAddItem);
      setPhase('failed');
      await timers.wait(ADD_TO_CART_ERROR_IDLE_MS);
      if (isCurrent()) setPhase('idle');
    }
  }

  function choose(optionName: string, value: string) {
    setSelection((prev) => ({ ...prev, [optionName]: value }));
    setMessage('');
  }

  return (
    <form className="product-form" method="post" action={CART_ENTRIES_PATH} onSubmit={submit} noValidate>
      <input type="hidden" name="crumb" value={readCrumb()} />
      <input type="hidden" name="itemId" value={itemId} />
      {options.map((option) => {
        const id = `${OPTION_FIELD_PREFIX}${option.name}`;
        return (
          <div className="variant-option" key={option.name}>
            <label htmlFor={id}>{option.name}</label>
            <select
              id={id}
              name={id}
              className="variant-select"
              value={selection[option.name] ?? ''}
              onChange={(e) => choose(option.name, e.target.value)}
            >
              <option value="">Select {option.name}</option>
              {option.values.map((value) => (
                <option value={value} key={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {showQuantity && (
        <div className="product-quantity-input">
          <label htmlFor="quantity">{DEFAULT_TEXTS.quantity}</label>
          <input
            id="quantity"
            type="number"
            name="quantity"
            min={QUANTITY_MIN}
            max={QUANTITY_MAX}
            step={QUANTITY_STEP}
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setMessage('');
            }}
          />
        </div>
      )}
      <button
        type="submit"
        className="sqs-add-to-cart-button"
        disabled={soldOut}
        aria-disabled={busy || undefined}
        aria-live="polite"
        data-state={soldOut ? 'sold-out' : phase}
      >
        {buttonText}
      </button>
      <p className="product-form-message" role="alert">
        {message}
      </p>
    </form>
  );
}
