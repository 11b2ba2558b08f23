import { formatMoney, installmentDueText } from '@storefront/commerce';
import { Field } from './Field';
import { type Errors, fieldId, LABELS, type PaymentState } from './form';
import type { PayLaterQuote, PaymentMethod } from './types';

export const PAYMENT_TEXT = {
  heading: 'Payment',
  testMode:
    'Test mode: no real payment is taken. Pay with card 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.',
  month: 'MM',
  year: 'YYYY',
  method: 'Payment method',
  card: 'Card',
  payLaterOption: (count: number, amount: string) => `${count} interest-free payments of ${amount}`,
  payLaterIntro: (brand: string) =>
    `After you place the order, ${brand} asks you to approve this plan. Your order is confirmed once ${brand} approves it.`,
  payLaterTestMode: 'Test mode: the test provider lets you approve or decline the plan; no money moves.',
} as const;

/** How many years ahead the expiry year list reaches; cards are issued for at most a few years. */
export const EXPIRY_YEARS_AHEAD = 15;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export interface PaymentSectionProps {
  payment: PaymentState;
  errors: Errors;
  testMode: boolean;
  /** The year the expiry list starts at (the current one). */
  firstYear: number;
  onChange: (next: PaymentState) => void;
  /** The quote's pay-later offer: a choice beside the card when available, its reason when not. */
  payLater?: PayLaterQuote | null;
  method?: PaymentMethod;
  onMethodChange?: (method: PaymentMethod) => void;
  currency?: string;
  locale?: string;
}

function PayLaterPlan({
  offer,
  currency,
  locale,
}: {
  offer: PayLaterQuote & { available: true };
  currency: string;
  locale?: string;
}) {
  return (
    <div className="checkout-pay-later-plan">
      <p>{PAYMENT_TEXT.payLaterIntro(offer.brand)}</p>
      <ol className="checkout-pay-later-schedule">
        {offer.scheduleCents.map((cents, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the schedule's order is its identity
          <li key={i}>
            <span>{installmentDueText(i)}</span> <strong>{formatMoney(cents, currency, locale)}</strong>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function PaymentSection(props: PaymentSectionProps) {
  const { payment, errors, testMode, firstYear, onChange, payLater, currency = 'USD', locale } = props;
  const set = (field: keyof PaymentState, value: string) => onChange({ ...payment, [field]: value });
  const years = Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => firstYear + i);
  const offer = payLater?.available ? payLater : null;
  const payingLater = !!offer && props.method === 'pay-later';
  const choose = (method: PaymentMethod) => props.onMethodChange?.(method);
  return (
    <section className="checkout-section checkout-payment">
      <h2>{PAYMENT_TEXT.heading}</h2>
      {offer && (
        <fieldset className="checkout-payment-methods" id={fieldId('paymentMethod')}>
          <legend className="checkout-visually-hidden">{PAYMENT_TEXT.method}</legend>
          <label className="checkout-payment-method">
            <input
              type="radio"
              name="paymentMethod"
              value="card"
              checked={!payingLater}
              onChange={() => choose('card')}
            />{' '}
            <span>{PAYMENT_TEXT.card}</span>
          </label>
          <label className="checkout-payment-method">
            <input
              type="radio"
              name="paymentMethod"
              value="pay-later"
              checked={payingLater}
              onChange={() => choose('pay-later')}
            />{' '}
            <span>{offer.brand}</span>{' '}
            <span className="checkout-payment-method-note">
              {PAYMENT_TEXT.payLaterOption(
                offer.count,
                formatMoney(offer.scheduleCents[0], currency, locale),
              )}
            </span>
          </label>
        </fieldset>
      )}
      {payLater && !payLater.available && payLater.brand && (
        <p className="checkout-pay-later-reason">{payLater.reason}</p>
      )}
      {errors.paymentMethod && (
        <p className="checkout-field-error" role="alert">
          {errors.paymentMethod}
        </p>
      )}
      {testMode && (
        <p className="checkout-test-mode">
          {payingLater ? PAYMENT_TEXT.payLaterTestMode : PAYMENT_TEXT.testMode}
        </p>
      )}
      {payingLater && offer ? (
        <PayLaterPlan offer={offer} currency={currency} locale={locale} />
      ) : (
        <CardFields payment={payment} errors={errors} years={years} set={set} />
      )}
    </section>
  );
}

function CardFields({
  payment,
  errors,
  years,
  set,
}: {
  payment: PaymentState;
  errors: Errors;
  years: number[];
  set: (field: keyof PaymentState, value: string) => void;
}) {
  return (
    <>
      <Field
        id={fieldId('payment.cardNumber')}
        label={LABELS.cardNumber}
        error={errors['payment.cardNumber']}
      >
        {(control) => (
          <input
            {...control}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            value={payment.cardNumber}
            onChange={(event) => set('cardNumber', event.target.value)}
          />
        )}
      </Field>
      <Field id={fieldId('payment.expMonth')} label={LABELS.expMonth} error={errors['payment.expMonth']}>
        {(control) => (
          <select
            {...control}
            name="expMonth"
            autoComplete="cc-exp-month"
            value={payment.expMonth}
            onChange={(event) => set('expMonth', event.target.value)}
          >
            <option value="">{PAYMENT_TEXT.month}</option>
            {MONTHS.map((m) => (
              <option key={m} value={String(m)}>
                {String(m).padStart(2, '0')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fieldId('payment.expYear')} label={LABELS.expYear} error={errors['payment.expYear']}>
        {(control) => (
          <select
            {...control}
            name="expYear"
            autoComplete="cc-exp-year"
            value={payment.expYear}
            onChange={(event) => set('expYear', event.target.value)}
          >
            <option value="">{PAYMENT_TEXT.year}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fieldId('payment.cvc')} label={LABELS.cvc} error={errors['payment.cvc']}>
        {(control) => (
          <input
            {...control}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={payment.cvc}
            onChange={(event) => set('cvc', event.target.value)}
          />
        )}
      </Field>
      <Field id={fieldId('payment.name')} label={LABELS.cardName} error={errors['payment.name']}>
        {(control) => (
          <input
            {...control}
            name="ccName"
            autoComplete="cc-name"
            value={payment.name}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
