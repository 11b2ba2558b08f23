import {
  BUTTON_TEXT,
  type CommerceProduct,
  type CommerceVariant,
  choiceAvailability,
  choiceMark,
  DEFAULT_TEXTS,
  type DonationRules,
  addButtonText as defaultAddButtonText,
  findVariant,
  hasUnlimitedStockByType,
  type ProductTypeNumber,
  parseQuantity,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  SUBSCRIPTION_OPTION_LABEL,
  unselectedOptions,
  variantSoldOut,
} from '@storefront/commerce';
import {
  type ComponentType,
  type FormEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { pageContext } from '../context';
import { readCrumb } from '../cookies';
import { CART_ENTRIES_PATH } from '../paths';
import { publishProductSelection } from '../product-store';
import type { DonationField } from './product-form/donation';
import { connectPriceBlocks } from './product-form/price-block';
import { connectScarcity, type ScarcitySettings } from './product-form/scarcity';
import type { ButtonPhase, FormOutcome } from './product-form/types';

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
  /** Sent with the subscription call when set: the first option until the shopper picks another. */
  subscriptionOptionId?: string | null;
  /** Every option the merchant offers, when there are several to choose from. */
  subscriptionOptions?: { id: string; title: string }[];
  /** The additional-fields form filled in before adding (spec §4 step 5). */
  additionalFieldsFormId?: string | null;
  /** Spec §2 variant selectors: one dropdown per option (default) or a group of radio buttons. */
  variantSelector?: 'dropdown' | 'radio';
  /** The low-stock message to show per selected variant; null or absent leaves it alone. */
  scarcity?: ScarcitySettings | null;
  /** What the shopper chose in the server form before this island mounted (option name → value). */
  initialSelection?: Record<string, string>;
  /** The server form's quantity field as the shopper left it. */
  initialQuantity?: string;
  /** The message the server rendered: a failed no-JS post's (`?cartError=` its key, spec §8). */
  initialMessage?: string;
  /** A donation: the shopper types the amount within these rules (commerce parseDonationAmount). */
  donation?: DonationRules | null;
  /** The server form's amount field as the shopper left it. */
  initialAmount?: string;
  /** A donation's amount field and rule: given by the donation chunk (loadProductForm), not the server. */
  donationField?: DonationField;
}

/** Prefix of the option fields' names; the no-JS form post reads the same field names. */
const OPTION_FIELD_PREFIX = 'variant-option-';

/** Overlays not needed at first paint, each its own chunk: the alert and the custom-form lightbox. */
const FailureAlert = lazy(() => import('./product-form/FailureAlert'));
/** The add flow: fetched as the shopper nears the form, or at the first press, not with the page. */
const loadAddFlow = () => import('./product-form/add-flow');
const CustomFormModal = lazy(() => import('./CustomFormModal'));

/**
 * The form component for these props. A donation's amount field is its own chunk: only donation
 * products load it, with the form, so mounting still replaces the server markup in one commit.
 */
export function loadProductForm(
  props: Pick<ProductFormProps, 'donation'>,
): ComponentType<ProductFormProps> | Promise<ComponentType<ProductFormProps>> {
  return props.donation ? import('./product-form/donation').then((m) => m.DonationProductForm) : ProductForm;
}

/**
 * Reads the choices a shopper made in the no-JS form while the bundle loaded, so mounting the
 * island keeps them.
 */
export function productFormStateFromMarkup(
  el: Element,
): Pick<ProductFormProps, 'initialSelection' | 'initialQuantity' | 'initialMessage' | 'initialAmount'> {
  const initialSelection: Record<string, string> = {};
  for (const field of el.querySelectorAll<HTMLInputElement>(`[name^="${OPTION_FIELD_PREFIX}"]`)) {
    if ((field.type !== 'radio' || field.checked) && field.value !== '') {
      initialSelection[field.name.slice(OPTION_FIELD_PREFIX.length)] = field.value;
    }
  }
  const quantity = el.querySelector<HTMLInputElement>('input[name="quantity"]');
  const amount = el.querySelector<HTMLInputElement>('input[name="amount"]');
  return {
    initialSelection,
    initialMessage: el.querySelector('.product-form-message')?.textContent ?? '',
    ...(quantity ? { initialQuantity: quantity.value } : {}),
    ...(amount ? { initialAmount: amount.value } : {}),
  };
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
  const { itemId, productType, name, currency, options, variants, soldOut, showQuantity } = props;
  const expressCheckout = props.expressCheckout ?? false;
  const isSubscribable = props.isSubscribable ?? false;
  const [selection, setSelection] = useState<Record<string, string>>(() => props.initialSelection ?? {});
  const [quantity, setQuantity] = useState(() => props.initialQuantity ?? String(QUANTITY_DEFAULT));
  const { donation, donationField } = props;
  const [optionId, setOptionId] = useState(props.subscriptionOptionId ?? null);
  const choices = props.subscriptionOptions ?? [];
  const [amount, setAmount] = useState(props.initialAmount ?? '');
  const amountRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  // The server renders a failed no-JS post's message (only our texts, named by key): it stays.
  const [message, setMessage] = useState(props.initialMessage ?? '');
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  // Closing keeps the last alert rendered so its exit animation can play.
  const [alertOpen, setAlertOpen] = useState(false);
  const [customForm, setCustomForm] = useState<{
    formId: string;
    resolve: (outcome: FormOutcome) => void;
  } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A quick view may put a second form on the page: ids are per instance, unlike the server's.
  const uid = useId();
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

  const { scarcity } = props;
  useEffect(() => {
    // Digital products and gift cards never run low (unlimited by type).
    if (!scarcity || hasUnlimitedStockByType({ productType })) return;
    return connectScarcity(itemId, scarcity);
  }, [itemId, scarcity, productType]);

  const idleText = props.addButtonText || defaultAddButtonText({ isSubscribable });
  // The whole product, or (while idle) the variant the shopper chose, is out of stock.
  const outOfStock = soldOut || (phase === 'idle' && variantSoldOut(product, selectedVariant));
  const buttonText = outOfStock
    ? BUTTON_TEXT.soldOut
    : phase === 'select-option'
      ? BUTTON_TEXT.selectOption
      : phase === 'adding' || phase === 'failed'
        ? BUTTON_TEXT.adding
        : phase === 'added'
          ? BUTTON_TEXT.added
          : idleText;
  const busy = phase === 'adding' || phase === 'failed';

  function openCustomForm(formId: string): Promise<FormOutcome> {
    return new Promise((resolve) =>
      setCustomForm({
        formId,
        resolve: (outcome) => {
          setCustomForm(null);
          resolve(outcome);
        },
      }),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (soldOut || busy || customForm) return;
    if (showQuantity && parsedQuantity !== null && String(parsedQuantity) !== quantity) {
      setQuantity(String(parsedQuantity));
    }
    let given: string | undefined;
    if (donation && donationField) {
      const read = donationField.read(amount, donation, currency);
      if (!read.ok) {
        setMessage(read.message);
        amountRef.current?.focus();
        return;
      }
      given = read.amount;
    }
    timers.clear();
    const current = ++attempt.current;
    const isCurrent = () => attempt.current === current;
    const { runAddToCart } = await loadAddFlow();
    // A second press while the flow loaded is the one that runs: still a single add.
    if (!isCurrent()) return;
    await runAddToCart({
      amount: given,
      product,
      selection,
      selectedVariant,
      quantityInput,
      parsedQuantity,
      expressCheckout,
      subscriptionOptionId: optionId,
      addToCartText: idleText,
      setPhase,
      setMessage,
      setAlert: (next) => {
        setAlert(next);
        setAlertOpen(next !== null);
      },
      openCustomForm,
      wait: timers.wait,
      clearTimers: timers.clear,
      isCurrent,
    });
  }

  function choose(optionName: string, value: string) {
    const next = { ...selection, [optionName]: value };
    setSelection(next);
    setMessage('');
    // 'Select Option' gives way as soon as nothing is left to choose, or after its 2 s.
    if (phase === 'select-option' && unselectedOptions(product, next).length === 0) {
      attempt.current++;
      timers.clear();
      setPhase('idle');
    }
  }

  /** Spec §5 quantity rules, said in the page as the shopper types (an empty box waits for blur). */
  function changeQuantity(text: string) {
    setQuantity(text);
    const parsed = parseQuantity(text);
    setMessage(parsed.ok || text.trim() === '' ? '' : parsed.message);
  }

  /** The box shows what would be added: 0 or −3 becomes 1, 12000 becomes 9999 (spec §5 1–9999). */
  function settleQuantity() {
    const parsed = parseQuantity(quantity);
    if (!parsed.ok) return setMessage(parsed.message);
    if (String(parsed.quantity) !== quantity) setQuantity(String(parsed.quantity));
  }

  // The overlays portal to body; they sit outside the form so their React events never reach it.
  return (
    <>
      <form
        className="product-form"
        method="post"
        action={CART_ENTRIES_PATH}
        onSubmit={submit}
        onPointerOver={loadAddFlow}
        onFocus={loadAddFlow}
        onTouchStart={loadAddFlow}
        noValidate
      >
        <input type="hidden" name="crumb" value={readCrumb()} />
        <input type="hidden" name="itemId" value={itemId} />
        {options.map((option, index) => {
          const field = `${OPTION_FIELD_PREFIX}${option.name}`;
          if (props.variantSelector === 'radio') {
            return (
              <fieldset className="variant-option variant-option--radio" key={option.name}>
                <legend>{option.name}</legend>
                {option.values.map((value) => {
                  const availability = choiceAvailability(product, selection, option.name, value);
                  const unavailable = availability !== 'available';
                  return (
                    <label
                      className="variant-radio"
                      key={value}
                      data-unavailable={unavailable ? '' : undefined}
                    >
                      <input
                        type="radio"
                        name={field}
                        value={value}
                        checked={selection[option.name] === value}
                        onChange={() => choose(option.name, value)}
                      />{' '}
                      {value}
                      {unavailable && <span className="variant-radio-mark">{choiceMark(availability)}</span>}
                    </label>
                  );
                })}
              </fieldset>
            );
          }
          const id = `${uid}o${index}`;
          return (
            <div className="variant-option" key={option.name}>
              <label htmlFor={id}>{option.name}</label>
              <select
                id={id}
                name={field}
                className="variant-select"
                value={selection[option.name] ?? ''}
                onChange={(e) => choose(option.name, e.target.value)}
              >
                <option value="">Select {option.name}</option>
                {option.values.map((value) => {
                  const availability = choiceAvailability(product, selection, option.name, value);
                  return (
                    <option
                      value={value}
                      key={value}
                      data-unavailable={availability === 'available' ? undefined : ''}
                    >
                      {value}
                      {choiceMark(availability)}
                    </option>
                  );
                })}
              </select>
            </div>
          );
        })}
        {choices.length > 1 && (
          <div className="variant-option">
            <label htmlFor={`${uid}s`}>{SUBSCRIPTION_OPTION_LABEL}</label>
            <select
              id={`${uid}s`}
              name="subscriptionOptionId"
              className="variant-select"
              value={optionId ?? ''}
              onChange={(e) => setOptionId(e.target.value)}
            >
              {choices.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {donation && donationField && (
          <donationField.Amount
            rules={donation}
            currency={currency}
            uid={uid}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setMessage('');
            }}
            inputRef={amountRef}
          />
        )}
        {showQuantity && (
          <div className="product-quantity-input">
            <label htmlFor={`${uid}q`}>{DEFAULT_TEXTS.quantity}</label>
            <input
              id={`${uid}q`}
              type="number"
              name="quantity"
              min={QUANTITY_MIN}
              max={QUANTITY_MAX}
              step={QUANTITY_STEP}
              value={quantity}
              aria-invalid={parsedQuantity === null || undefined}
              onChange={(e) => changeQuantity(e.target.value)}
              onBlur={settleQuantity}
            />
          </div>
        )}
        <button
          ref={buttonRef}
          type="submit"
          className="sqs-add-to-cart-button"
          // A variant the page saw out of stock stays pressable: the add checks fresh stock.
          disabled={soldOut}
          aria-disabled={busy || undefined}
          aria-live="polite"
          data-state={outOfStock ? 'sold-out' : phase}
        >
          {buttonText}
        </button>
        <p className="product-form-message" role="alert">
          {message}
        </p>
      </form>
      <Suspense fallback={null}>
        {alert && (
          <FailureAlert
            open={alertOpen}
            title={alert.title}
            message={alert.message}
            onClose={() => setAlertOpen(false)}
          />
        )}
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
