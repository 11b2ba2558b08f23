import { formatMoney } from '@storefront/commerce';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { AddressSection } from '../checkout/AddressSection';
import { fetchQuote, newIdempotencyKey, ORDERS_PATH, placeOrder, QUOTE_PATH } from '../checkout/api';
import { Codes } from '../checkout/Codes';
import { BillingSection, GiftRecipientSection, NoteSection, PhoneField } from '../checkout/DetailsSection';
import { Field } from '../checkout/Field';
import {
  type AddressState,
  addressErrors,
  type DetailsState,
  detailsErrors,
  EMPTY_ADDRESS,
  EMPTY_DETAILS,
  EMPTY_PAYMENT,
  type Errors,
  emailErrors,
  fieldId,
  LABELS,
  type PaymentState,
  paymentErrors,
  wireAddress,
  wirePayment,
} from '../checkout/form';
import { navigation } from '../checkout/navigation';
import { PaymentSection } from '../checkout/PaymentSection';
import { Summary } from '../checkout/Summary';
import type { CheckoutSource, PaymentMethod, Quote, QuoteRequest } from '../checkout/types';
import { pageContext } from '../context';

export interface CheckoutProps {
  source: CheckoutSource;
  /** The server's first quote; null when it could not price the order (`error` says why). */
  quote: Quote | null;
  error?: string | null;
  /** Orders the test payment provider takes are test orders: the notice shows. Default true. */
  testMode?: boolean;
  email?: string;
  /** A signed-in shopper's saved address, filled in and priced at once. */
  savedAddress?: Partial<AddressState>;
  locale?: string;
  quoteUrl?: string;
  ordersUrl?: string;
}

export const CHECKOUT_TEXT = {
  contact: 'Contact',
  shippingMethod: 'Shipping method',
  placeOrder: 'Place order',
  placing: 'Placing order…',
} as const;

/** Pricing choices the quote and the order share. */
interface Choices {
  address: AddressState | null;
  shippingOptionId: string;
  couponCodes: string[];
  giftCardCode: string;
}

function quoteRequest(source: CheckoutSource, choices: Choices): QuoteRequest {
  return {
    source,
    ...(choices.address ? { shippingAddress: wireAddress(choices.address) } : {}),
    ...(choices.shippingOptionId ? { shippingOptionId: choices.shippingOptionId } : {}),
    ...(choices.couponCodes.length > 0 ? { couponCodes: choices.couponCodes } : {}),
    ...(choices.giftCardCode ? { giftCardCode: choices.giftCardCode } : {}),
  };
}

/** The whole checkout on one page (docs/checkout.md). */
export function Checkout(props: CheckoutProps) {
  const { source, testMode = true, quoteUrl = QUOTE_PATH, ordersUrl = ORDERS_PATH } = props;
  const locale = props.locale ?? pageContext().locale;
  const [quote, setQuote] = useState<Quote | null>(props.quote);
  const [quoting, setQuoting] = useState(false);
  const [email, setEmail] = useState(props.email ?? '');
  const [address, setAddress] = useState<AddressState>({ ...EMPTY_ADDRESS, ...props.savedAddress });
  const [payment, setPayment] = useState<PaymentState>(EMPTY_PAYMENT);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [billingSame, setBillingSame] = useState(true);
  const [billing, setBilling] = useState<AddressState>(EMPTY_ADDRESS);
  const [details, setDetails] = useState<DetailsState>(EMPTY_DETAILS);
  const [choices, setChoices] = useState<Choices>({
    address: null,
    shippingOptionId: props.quote?.selectedShippingOption?.id ?? '',
    couponCodes: [],
    giftCardCode: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [orderMessage, setOrderMessage] = useState(props.error ?? '');
  const [placing, setPlacing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const quoteSeq = useRef(0);
  const attemptKey = useRef<string | null>(null);
  const placingRef = useRef(false);

  // A prefilled address is priced once on arrival (shipping and tax), as if the shopper had typed it.
  const pricedSaved = useRef(false);
  useEffect(() => {
    if (pricedSaved.current || !props.savedAddress || !quote?.requiresShipping) return;
    pricedSaved.current = true;
    commitAddress(address);
  });

  useEffect(() => {
    if (focusRequest === 0) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const message = messageRef.current;
    (firstInvalid ?? (message?.textContent ? message : null))?.focus();
  }, [focusRequest]);

  if (!quote) {
    return (
      <p className="checkout-error" role="alert">
        {props.error}
      </p>
    );
  }
  const requiresShipping = quote.requiresShipping;
  const paymentNeeded = quote.amountDueCents > 0;
  // A choice of pay-later the order no longer qualifies for (a coupon, another address) falls back to card.
  const payingLater = paymentNeeded && method === 'pay-later' && quote.payLater?.available === true;
  const giftCard = source.kind === 'gift-card';
  // A separate billing address is asked for only beside a shipping address.
  const separateBilling = requiresShipping && !billingSame;

  /** Asks for a new quote with `next` choices; only the latest answer is shown. */
  async function requote(next: Choices, errorKey?: 'couponCodes' | 'giftCardCode') {
    setChoices(next);
    const seq = ++quoteSeq.current;
    setQuoting(true);
    try {
      const answer = await fetchQuote(quoteRequest(source, next), quoteUrl);
      if (seq !== quoteSeq.current) return;
      setQuote(answer);
      if (answer.selectedShippingOption?.id !== next.shippingOptionId)
        setChoices({ ...next, shippingOptionId: answer.selectedShippingOption?.id ?? '' });
      setErrors(({ couponCodes: _c, giftCardCode: _g, ...rest }) =>
        answer.giftCardError ? { ...rest, giftCardCode: answer.giftCardError } : rest,
      );
      if (answer.giftCardError) setChoices((c) => ({ ...c, giftCardCode: '' }));
    } catch (error) {
      if (seq !== quoteSeq.current) return;
      const message = error instanceof ApiError ? error.message : String(error);
      if (errorKey) setErrors((e) => ({ ...e, [errorKey]: message }));
      else setOrderMessage(message);
    } finally {
      if (seq === quoteSeq.current) setQuoting(false);
    }
  }

  function commitAddress(next: AddressState) {
    const problems = addressErrors(next);
    const complete = Object.keys(problems).length === 0;
    if (!complete && choices.address === null) return;
    void requote({ ...choices, address: complete ? next : null });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placingRef.current || !quote) return;
    const found: Errors = {
      ...emailErrors(email),
      ...(requiresShipping ? addressErrors(address) : {}),
      ...(separateBilling ? addressErrors(billing, 'billingAddress') : {}),
      ...detailsErrors(details, giftCard),
      ...(paymentNeeded && !payingLater ? paymentErrors(payment) : {}),
    };
    setErrors(found);
    setOrderMessage('');
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    placingRef.current = true;
    setPlacing(true);
    const orderSource: CheckoutSource =
      source.kind === 'gift-card'
        ? {
            ...source,
            ...(details.recipientEmail.trim() ? { recipientEmail: details.recipientEmail.trim() } : {}),
            ...(details.recipientName.trim() ? { recipientName: details.recipientName.trim() } : {}),
            ...(details.giftMessage.trim() ? { message: details.giftMessage.trim() } : {}),
          }
        : source;
    const outcome = await placeOrder(
      {
        ...quoteRequest(orderSource, { ...choices, address: requiresShipping ? address : null }),
        idempotencyKey: attemptKey.current,
        email: email.trim(),
        ...(separateBilling ? { billingAddress: wireAddress(billing) } : {}),
        ...(details.phone.trim() ? { phone: details.phone.trim() } : {}),
        ...(details.note.trim() ? { note: details.note.trim() } : {}),
        ...(payingLater ? { paymentMethod: 'pay-later' as const } : {}),
        ...(paymentNeeded && !payingLater ? { payment: wirePayment(payment) } : {}),
      },
      ordersUrl,
    );
    if (outcome.kind === 'placed') {
      navigation.assign(outcome.paymentUrl ?? outcome.confirmationUrl);
      return;
    }
    placingRef.current = false;
    setPlacing(false);
    if (outcome.kind !== 'retry') attemptKey.current = null;
    if (outcome.kind === 'out-of-stock') {
      setOrderMessage(outcome.itemName ? `${outcome.itemName}: ${outcome.message}` : outcome.message);
    } else if (outcome.kind === 'invalid') {
      const shown = Object.keys(outcome.errors).filter((key) => document.getElementById(fieldId(key)));
      setErrors(outcome.errors);
      const unshown = Object.entries(outcome.errors).filter(([key]) => !shown.includes(key));
      setOrderMessage(
        shown.length === 0 || unshown.length > 0
          ? [outcome.message, ...unshown.map(([, m]) => m)].join(' ')
          : '',
      );
    } else {
      setOrderMessage(outcome.message);
    }
    setFocusRequest((n) => n + 1);
  }

  return (
    <div className="checkout">
      <Summary quote={quote} locale={locale} updating={quoting} />
      <form ref={formRef} className="checkout-form" noValidate onSubmit={submit}>
        <section className="checkout-section checkout-contact">
          <h2>{CHECKOUT_TEXT.contact}</h2>
          <Field id={fieldId('email')} label={LABELS.email} error={errors.email}>
            {(control) => (
              <input
                {...control}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <PhoneField details={details} errors={errors} onChange={setDetails} />
        </section>
        {giftCard && <GiftRecipientSection details={details} errors={errors} onChange={setDetails} />}
        {requiresShipping && (
          <AddressSection
            address={address}
            errors={errors}
            locale={locale}
            onChange={(next) => {
              // The region and postal-code rules follow the country: its old errors no longer apply.
              if (next.country !== address.country) {
                setErrors(
                  ({ 'shippingAddress.postalCode': _p, 'shippingAddress.region': _r, ...rest }) => rest,
                );
              }
              setAddress(next);
            }}
            onCommit={commitAddress}
          />
        )}
        {requiresShipping && (
          <BillingSection
            same={billingSame}
            address={billing}
            errors={errors}
            locale={locale}
            onSameChange={setBillingSame}
            onChange={(next) => {
              if (next.country !== billing.country) {
                setErrors(
                  ({ 'billingAddress.postalCode': _p, 'billingAddress.region': _r, ...rest }) => rest,
                );
              }
              setBilling(next);
            }}
          />
        )}
        {requiresShipping && quote.shippingOptions.length > 0 && (
          <fieldset
            className="checkout-section checkout-shipping-options"
            id={fieldId('shippingOptionId')}
            aria-invalid={errors.shippingOptionId ? true : undefined}
            aria-describedby={errors.shippingOptionId ? `${fieldId('shippingOptionId')}-error` : undefined}
            tabIndex={-1}
          >
            <legend>
              <h2>{CHECKOUT_TEXT.shippingMethod}</h2>
            </legend>
            {quote.shippingOptions.map((option) => (
              <label className="checkout-shipping-option" key={option.id}>
                <input
                  type="radio"
                  name="shippingOptionId"
                  value={option.id}
                  checked={choices.shippingOptionId === option.id}
                  onChange={() => requote({ ...choices, shippingOptionId: option.id })}
                />{' '}
                <span>{option.name}</span>{' '}
                <span className="checkout-shipping-cost">
                  {formatMoney(option.costCents, quote.currency, locale)}
                </span>
              </label>
            ))}
            {errors.shippingOptionId && (
              <p id={`${fieldId('shippingOptionId')}-error`} className="checkout-field-error">
                {errors.shippingOptionId}
              </p>
            )}
          </fieldset>
        )}
        <Codes
          quote={quote}
          locale={locale}
          errors={errors}
          giftCardCode={choices.giftCardCode}
          onApplyCoupon={(code) =>
            requote(
              {
                ...choices,
                couponCodes: [
                  ...choices.couponCodes.filter((c) => c.toUpperCase() !== code.toUpperCase()),
                  code,
                ],
              },
              'couponCodes',
            )
          }
          onRemoveCoupon={(code) =>
            requote(
              {
                ...choices,
                couponCodes: choices.couponCodes.filter((c) => c.toUpperCase() !== code.toUpperCase()),
              },
              'couponCodes',
            )
          }
          onApplyGiftCard={(code) => requote({ ...choices, giftCardCode: code }, 'giftCardCode')}
        />
        <NoteSection details={details} errors={errors} onChange={setDetails} />
        {paymentNeeded && (
          <PaymentSection
            payment={payment}
            errors={errors}
            testMode={testMode}
            payLater={quote.payLater ?? null}
            method={payingLater ? 'pay-later' : 'card'}
            onMethodChange={setMethod}
            currency={quote.currency}
            locale={locale}
            firstYear={new Date().getFullYear()}
            onChange={setPayment}
          />
        )}
        <p ref={messageRef} className="checkout-order-message" role="alert" tabIndex={-1}>
          {orderMessage}
        </p>
        <button type="submit" className="checkout-place-order" disabled={placing}>
          {placing ? CHECKOUT_TEXT.placing : CHECKOUT_TEXT.placeOrder}
        </button>
      </form>
    </div>
  );
}
