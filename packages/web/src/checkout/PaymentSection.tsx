import { Field } from './Field';
import { type Errors, fieldId, LABELS, type PaymentState } from './form';

export const PAYMENT_TEXT = {
  heading: 'Payment',
  testMode:
    'Test mode: no real payment is taken. Pay with card 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.',
  month: 'MM',
  year: 'YYYY',
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
}

export function PaymentSection({ payment, errors, testMode, firstYear, onChange }: PaymentSectionProps) {
  const set = (field: keyof PaymentState, value: string) => onChange({ ...payment, [field]: value });
  const years = Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => firstYear + i);
  return (
    <section className="checkout-section checkout-payment">
      <h2>{PAYMENT_TEXT.heading}</h2>
      {testMode && <p className="checkout-test-mode">{PAYMENT_TEXT.testMode}</p>}
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
    </section>
  );
}
