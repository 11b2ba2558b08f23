import {
  ADD_TO_CART_ADDED_DELAY_MS,
  ADD_TO_CART_ADDED_DISPLAY_MS,
  ADD_TO_CART_ERROR_IDLE_MS,
  type AddToCartInput,
  addItemFailureMessage,
  alertTitle,
  BUTTON_TEXT,
  type CommerceProduct,
  type CommerceVariant,
  checkAddToCart,
  DEFAULT_TEXTS,
  addButtonText as defaultAddButtonText,
  expressCheckoutRedirect,
  findVariant,
  giftCardCheckoutUrl,
  hasUnlimitedStockByType,
  MESSAGES,
  ProductType,
  type ProductTypeNumber,
  parseQuantity,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  SELECT_OPTION_REVERT_MS,
  type StockResult,
  subscriptionCheckoutUrl,
  TRACKED_ERROR_TYPES,
  type TrackedErrorType,
  unselectedOptions,
} from '@storefront/commerce';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, addCartEntry, CART_ENTRIES_PATH } from '../api';
import { setCart } from '../cart-store';
import { pageContext } from '../context';
import { CRUMB_COOKIE, readCookie, readCrumb } from '../cookies';
import { publishProductSelection } from '../product-store';
import { createSubscriptionCart, fetchStock } from './product-form/api';
import { checkoutCookies } from './product-form/cookies';
import { type AddToCartEventDetail, dispatchAddToCart } from './product-form/events';
import { connectPriceBlocks } from './product-form/price-block';

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
  /** After the entry is added, go straight to checkout (spec §4 step 6). */
  expressCheckout?: boolean;
  /** Adds go through the subscription call and subscription checkout. */
  isSubscribable?: boolean;
  /** Sent with the subscription call when set. */
  subscriptionOptionId?: string | null;
  /** The additional-fields form filled in before adding (spec §4 step 5). */
  additionalFieldsFormId?: string | null;
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

/** docs/api.md: a missing or wrong crumb answers 403. */
const CRUMB_REJECTED = 403;

/** Code not needed at first paint: each is its own chunk, fetched when first wanted. */
const loadFailureAlert = () => import('./product-form/FailureAlert');
const loadCustomForm = () => import('./CustomFormModal');
const loadAddedPopover = () => import('./AddedPopover');
const FailureAlert = lazy(loadFailureAlert);
const CustomFormModal = lazy(loadCustomForm);

/** How the additional-fields form ended. */
type FormOutcome = { kind: 'submitted'; values: string } | { kind: 'cancelled' } | { kind: 'load-failed' };

/** A failure of one add attempt, as shown and tracked (spec §8). */
interface Failure {
  type: TrackedErrorType;
  message: string;
}

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

/** The message and tracked type of a failed cart-entry call (spec §8 add-item failures). */
function entryFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { type: 'API_FAILURE', message: MESSAGES.unableToAddItem };
  const message =
    error.status === CRUMB_REJECTED
      ? addItemFailureMessage({ crumbProblem: readCookie(CRUMB_COOKIE) ? 'expired' : 'cookies' })
      : error.message;
  const known = TRACKED_ERROR_TYPES.find((t) => t === error.type);
  return { type: known ?? 'API_FAILURE', message };
}

export function ProductForm(props: ProductFormProps) {
  const { itemId, productType, name, currency, options, variants, soldOut, showQuantity } = props;
  const expressCheckout = props.expressCheckout ?? false;
  const isSubscribable = props.isSubscribable ?? false;
  const [selection, setSelection] = useState<Record<string, string>>(() => props.initialSelection ?? {});
  const [quantity, setQuantity] = useState(() => props.initialQuantity ?? String(QUANTITY_DEFAULT));
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  // A failed no-JS post comes back with ?cartError=…, which the server also renders here.
  const [message, setMessage] = useState(
    () => new URLSearchParams(window.location.search).get(CART_ERROR_PARAM) ?? '',
  );
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const [customForm, setCustomForm] = useState<{
    formId: string;
    resolve: (outcome: FormOutcome) => void;
  } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timers = useTimers();
  // Each submit gets a number; an older submit's late continuation sees it is stale and stops.
  const attempt = useRef(0);

  const product = useMemo<CommerceProduct>(
    () => ({
      id: itemId,
      name,
      productType,
      variants,
      variantOptionOrdering: options.map((o) => o.name),
      isSubscribable,
      additionalFieldsFormId: props.additionalFieldsFormId ?? null,
    }),
    [itemId, name, productType, variants, options, isSubscribable, props.additionalFieldsFormId],
  );
  const giftCard = productType === ProductType.GIFT_CARD;
  const quantityInput = showQuantity ? quantity : undefined;
  const selectedVariant = useMemo(() => findVariant(product, selection), [product, selection]);
  const parsedQuantity = useMemo(() => {
    const parsed = parseQuantity(quantityInput);
    return parsed.ok ? parsed.quantity : null;
  }, [quantityInput]);

  useEffect(() => {
    publishProductSelection({ itemId, selectedVariant, quantity: parsedQuantity });
  }, [itemId, selectedVariant, parsedQuantity]);

  // The price block is server markup outside the island; subscription wording stays the server's.
  useEffect(() => {
    if (isSubscribable) return;
    return connectPriceBlocks(itemId, currency, pageContext().locale);
  }, [itemId, currency, isSubscribable]);

  const idleText = props.addButtonText || defaultAddButtonText({ isSubscribable });
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

  function eventDetail(stock: StockResult | null): AddToCartEventDetail {
    const variantStock = stock ?? selectedVariant;
    return {
      pageType: pageContext().pageType,
      product: { id: itemId, name, productType, isSubscribable },
      quantity: parsedQuantity,
      selectedVariant,
      unselectedVariantOptions: unselectedOptions(product, selection),
      isInStock:
        variantStock !== null &&
        (hasUnlimitedStockByType(product) ||
          variantStock.unlimited ||
          variantStock.qtyInStock >= QUANTITY_MIN),
      expressCheckout,
      addToCartText: idleText,
      subscriptionId: props.subscriptionOptionId ?? null,
    };
  }

  function openCustomForm(formId: string): Promise<FormOutcome> {
    return new Promise((resolve) => setCustomForm({ formId, resolve }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (soldOut || busy || customForm) return;
    timers.clear();
    const current = ++attempt.current;
    const isCurrent = () => attempt.current === current;
    let stock: StockResult | null = null;

    /** Shows and tracks a failure; once the button says Adding…, it returns to idle after 1 s. */
    async function fail(failure: Failure, afterAdding: boolean) {
      dispatchAddToCart({ ...eventDetail(stock), errorType: failure.type });
      setMessage(failure.message);
      const selectOption = failure.type === 'NO_VARIANT_SELECTED' && !giftCard;
      if (!selectOption) {
        setAlert({ title: alertTitle({ expressCheckout, giftCard }), message: failure.message });
      }
      if (selectOption) {
        setPhase('select-option');
        await timers.wait(SELECT_OPTION_REVERT_MS);
      } else if (afterAdding) {
        setPhase('failed');
        await timers.wait(ADD_TO_CART_ERROR_IDLE_MS);
      }
      if (isCurrent()) setPhase('idle');
    }

    const input: AddToCartInput = { product, selection, quantityInput, expressCheckout };
    // Steps 1–2 need no stock; the fresh stock is fetched only for a variant that exists.
    const early = checkAddToCart({ ...input, stock: { unlimited: true, qtyInStock: 0 } });
    if (!early.ok && (early.type === 'NO_VARIANT_SELECTED' || early.type === 'VARIANT_UNAVAILABLE')) {
      return fail(early, false);
    }

    setMessage('');
    setAlert(null);
    setPhase('adding');
    void loadFailureAlert();
    // Spec §4: "added" shows 1 s after the click even when the answer comes sooner.
    let addedDelay = timers.wait(ADD_TO_CART_ADDED_DELAY_MS);
    const hasForm = Boolean(product.additionalFieldsFormId);
    if (hasForm) void loadCustomForm();

    const variant = findVariant(product, selection);
    if (variant && !hasUnlimitedStockByType(product)) {
      try {
        const line = (await fetchStock(itemId)).find((l) => l.sku === variant.sku);
        // A sku the server no longer lists has no stock.
        stock = line
          ? { unlimited: line.unlimited, qtyInStock: line.qtyInStock }
          : { unlimited: false, qtyInStock: 0 };
      } catch (error) {
        if (!isCurrent()) return;
        const failure = entryFailure(error);
        return fail(hasForm ? { ...failure, type: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK' } : failure, true);
      }
      if (!isCurrent()) return;
    }

    const check = checkAddToCart({ ...input, stock });
    if (!check.ok) {
      // Spec §4 step 5 checks stock before the form opens; tracked as the form's own type.
      const type =
        hasForm && check.type === 'OUT_OF_STOCK' ? 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK' : check.type;
      return fail({ type, message: check.message }, true);
    }

    let additionalFields: string | null = null;
    if (check.customFormId) {
      const outcome = await openCustomForm(check.customFormId);
      setCustomForm(null);
      if (!isCurrent()) return;
      if (outcome.kind === 'cancelled') {
        timers.clear();
        setPhase('idle');
        return;
      }
      if (outcome.kind === 'load-failed') {
        return fail({ type: 'CUSTOM_FORM_RENDER_ERROR', message: MESSAGES.unableToOpenForm }, true);
      }
      additionalFields = outcome.values;
      addedDelay = timers.wait(ADD_TO_CART_ADDED_DELAY_MS);
    }

    const sku = check.variant.sku;
    if (check.destination === 'gift-card-checkout') {
      dispatchAddToCart(eventDetail(stock));
      window.location.assign(giftCardCheckoutUrl(pageContext().websiteId, itemId, sku));
      return;
    }

    if (check.destination === 'subscription') {
      try {
        const cartToken = await createSubscriptionCart({
          itemId,
          sku,
          ...(additionalFields === null ? { qty: check.quantity } : { additionalFields }),
          ...(props.subscriptionOptionId ? { subscriptionOptionId: props.subscriptionOptionId } : {}),
        });
        if (!isCurrent()) return;
        dispatchAddToCart(eventDetail(stock));
        window.location.assign(subscriptionCheckoutUrl(cartToken));
      } catch (error) {
        if (!isCurrent()) return;
        const text = error instanceof ApiError ? error.message : MESSAGES.tryAgain;
        return fail({ type: hasForm ? 'SUB_WITH_FORM_FAILURE' : 'SUB_API_FAILURE', message: text }, true);
      }
      return;
    }

    try {
      const result = await addCartEntry({ itemId, sku, quantity: check.quantity, additionalFields });
      if (!isCurrent()) return;
      setCart(result.shoppingCart);
    } catch (error) {
      if (!isCurrent()) return;
      return fail(entryFailure(error), true);
    }

    if (check.destination === 'express-checkout') {
      const redirect = expressCheckoutRedirect(checkoutCookies());
      if (!redirect.ok) return fail(redirect, true);
      dispatchAddToCart(eventDetail(stock));
      window.location.assign(redirect.url);
      return;
    }

    dispatchAddToCart(eventDetail(stock));
    void loadAddedPopover().then((m) => m.showAddedPopover(name));
    await addedDelay;
    if (!isCurrent()) return;
    setPhase('added');
    await timers.wait(ADD_TO_CART_ADDED_DISPLAY_MS);
    if (isCurrent()) setPhase('idle');
  }

  function choose(optionName: string, value: string) {
    setSelection((prev) => ({ ...prev, [optionName]: value }));
    setMessage('');
  }

  // The overlays portal to body; they sit outside the form so their React events never reach it.
  return (
    <>
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
          ref={buttonRef}
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
      <Suspense fallback={null}>
        {alert && <FailureAlert title={alert.title} message={alert.message} onClose={() => setAlert(null)} />}
        {customForm && (
          <CustomFormModal
            formId={customForm.formId}
            submitText={idleText}
            returnFocus={buttonRef}
            onSubmit={(values) => customForm.resolve({ kind: 'submitted', values })}
            onCancel={() => customForm.resolve({ kind: 'cancelled' })}
            onLoadError={() => customForm.resolve({ kind: 'load-failed' })}
          />
        )}
      </Suspense>
    </>
  );
}
