import { formatMoney, minorFromDecimal } from '@storefront/commerce';
import { type KeyboardEvent, useState } from 'react';
import { Field } from './Field';
import { type Errors, fieldId, LABELS } from './form';
import type { Quote } from './types';

export const CODES_TEXT = {
  heading: 'Discounts',
  apply: 'Apply',
  remove: 'Remove',
  removeCoupon: (code: string) => `Remove coupon ${code}`,
  removeGiftCard: 'Remove gift card',
  giftCardApplied: (amount: string) => `${amount} applied`,
} as const;

export interface CodesProps {
  quote: Quote;
  locale: string;
  errors: Errors;
  giftCardCode: string;
  onApplyCoupon: (code: string) => void;
  onRemoveCoupon: (code: string) => void;
  onApplyGiftCard: (code: string) => void;
}

/** One code input with its Apply button; Enter applies instead of placing the order. */
function CodeInput(props: { id: string; label: string; error?: string; onApply: (code: string) => void }) {
  const [value, setValue] = useState('');
  const apply = () => {
    const code = value.trim();
    if (code === '') return;
    props.onApply(code);
    setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  return (
    <div className="checkout-code">
      <Field id={props.id} label={props.label} error={props.error}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
      </Field>
      <button type="button" className="checkout-code-apply" onClick={apply}>
        {CODES_TEXT.apply}
      </button>
    </div>
  );
}

/** Coupon codes (applied and refused with the reason) and one gift card code. */
export function Codes(props: CodesProps) {
  const { quote, locale } = props;
  const giftCard = quote.giftCard;
  return (
    <section className="checkout-section checkout-discounts">
      <h2>{CODES_TEXT.heading}</h2>
      <CodeInput
        id={fieldId('couponCodes')}
        label={LABELS.coupon}
        error={props.errors.couponCodes}
        onApply={props.onApplyCoupon}
      />
      {quote.validCoupons.length + quote.invalidCoupons.length > 0 && (
        <ul className="checkout-coupons">
          {quote.validCoupons.map((c) => (
            <li className="checkout-coupon" key={`valid-${c.code}`}>
              <span className="checkout-coupon-code">{c.code}</span>
              <button
                type="button"
                aria-label={CODES_TEXT.removeCoupon(c.code)}
                onClick={() => props.onRemoveCoupon(c.code)}
              >
                {CODES_TEXT.remove}
              </button>
            </li>
          ))}
          {quote.invalidCoupons.map((c) => (
            <li className="checkout-coupon checkout-coupon-invalid" key={`invalid-${c.code}`}>
              <span className="checkout-coupon-code">{c.code}</span>
              <span className="checkout-coupon-reason">{c.message ?? c.reason}</span>
              <button
                type="button"
                aria-label={CODES_TEXT.removeCoupon(c.code)}
                onClick={() => props.onRemoveCoupon(c.code)}
              >
                {CODES_TEXT.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <CodeInput
        id={fieldId('giftCardCode')}
        label={LABELS.giftCard}
        error={props.errors.giftCardCode}
        onApply={props.onApplyGiftCard}
      />
      {giftCard && props.giftCardCode !== '' && (
        <p className="checkout-gift-card">
          <span className="checkout-gift-card-code">{giftCard.code}</span>{' '}
          <span className="checkout-gift-card-applied">
            {CODES_TEXT.giftCardApplied(
              formatMoney(
                minorFromDecimal(giftCard.applied.decimalValue, giftCard.applied.currency),
                quote.currency,
                locale,
              ),
            )}
          </span>{' '}
          <button
            type="button"
            aria-label={CODES_TEXT.removeGiftCard}
            onClick={() => props.onApplyGiftCard('')}
          >
            {CODES_TEXT.remove}
          </button>
        </p>
      )}
    </section>
  );
}
