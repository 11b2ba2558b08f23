import { type FormEvent, useId, useState } from 'react';
import { setCart } from '../../cart-store';
import { applyCoupon, failureMessage, removeCoupon } from './api';
import { couponCode, type PricedCart } from './types';

export const COUPON_TEXT = {
  label: 'Coupon code',
  apply: 'Apply',
  remove: 'Remove',
  removeLabel: (code: string) => `Remove coupon ${code}`,
} as const;

/** The coupon field and the cart's coupons: applied ones, then those not applied with the reason. */
export function Coupons({ cart }: { cart: PricedCart }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const messageId = `${inputId}-message`;

  async function run(action: () => Promise<PricedCart>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setMessage('');
    try {
      setCart(await action());
      return true;
    } catch (error) {
      setMessage(failureMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = code.trim();
    if (wanted === '') return;
    if (await run(() => applyCoupon(wanted))) setCode('');
  }

  const valid = (cart.validCoupons ?? []).map(couponCode);
  const invalid = cart.invalidCoupons ?? [];
  return (
    <div className="cart-coupons">
      <form className="cart-coupon-form" noValidate onSubmit={submit}>
        <label htmlFor={inputId}>{COUPON_TEXT.label}</label>
        <input
          id={inputId}
          className="cart-coupon-input"
          name="code"
          autoComplete="off"
          value={code}
          aria-invalid={message !== '' || undefined}
          aria-describedby={messageId}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="cart-coupon-apply" aria-disabled={busy || undefined}>
          {COUPON_TEXT.apply}
        </button>
        <p id={messageId} className="cart-coupon-message" role="alert">
          {message}
        </p>
      </form>
      {valid.length + invalid.length > 0 && (
        <ul className="cart-coupon-list">
          {valid.map((c) => (
            <li className="cart-coupon" key={`valid-${c}`}>
              <span className="cart-coupon-code">{c}</span>
              <button
                type="button"
                className="cart-coupon-remove"
                aria-label={COUPON_TEXT.removeLabel(c)}
                onClick={() => run(() => removeCoupon(c))}
              >
                {COUPON_TEXT.remove}
              </button>
            </li>
          ))}
          {invalid.map((c) => (
            <li className="cart-coupon cart-coupon-invalid" key={`invalid-${c.code}`}>
              <span className="cart-coupon-code">{c.code}</span>
              <span className="cart-coupon-reason">{c.message ?? c.reason}</span>
              <button
                type="button"
                className="cart-coupon-remove"
                aria-label={COUPON_TEXT.removeLabel(c.code)}
                onClick={() => run(() => removeCoupon(c.code))}
              >
                {COUPON_TEXT.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
