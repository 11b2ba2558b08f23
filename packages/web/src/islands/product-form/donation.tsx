import {
  DONATION_TEXT,
  type DonationRules,
  decimalFromMinor,
  formatMoney,
  parseDonationAmount,
} from '@storefront/commerce';
import type { Ref } from 'react';
import { pageContext } from '../../context';
import { ProductForm, type ProductFormProps } from '../ProductForm';

interface DonationAmountProps {
  rules: DonationRules;
  currency: string;
  /** The form's instance id: the field's ids derive from it. */
  uid: string;
  value: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
}

/** The amount box with its suggested amounts and the merchant's range, as the server renders it. */
function DonationAmount({ rules, currency, uid, value, onChange, inputRef }: DonationAmountProps) {
  const { locale } = pageContext();
  return (
    <div className="product-donation-amount">
      <label htmlFor={`${uid}a`}>{DONATION_TEXT.label}</label>
      <input
        ref={inputRef}
        id={`${uid}a`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={`${uid}r`}
        list={rules.presetsCents.length > 0 ? `${uid}p` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {rules.presetsCents.length > 0 && (
        <datalist id={`${uid}p`}>
          {rules.presetsCents.map((cents) => (
            <option key={cents} value={decimalFromMinor(cents, currency)} />
          ))}
        </datalist>
      )}
      <p id={`${uid}r`} className="product-donation-range">
        {DONATION_TEXT.range(
          formatMoney(rules.minCents, currency, locale),
          formatMoney(rules.maxCents, currency, locale),
        )}
      </p>
    </div>
  );
}

/** The typed amount as the add call takes it (a decimal in major units), or the message to show. */
function readAmount(
  text: string,
  rules: DonationRules,
  currency: string,
): { ok: true; amount: string } | { ok: false; message: string } {
  // The server checks the same rule again.
  const parsed = parseDonationAmount(text, rules, currency, pageContext().locale);
  return parsed.ok ? { ok: true, amount: decimalFromMinor(parsed.cents, currency) } : parsed;
}

/** What the product form takes from this chunk for a donation. */
export interface DonationField {
  Amount: typeof DonationAmount;
  read: typeof readAmount;
}

const FIELD: DonationField = { Amount: DonationAmount, read: readAmount };

/** The product form of a donation: the amount field comes with it. */
export function DonationProductForm(props: ProductFormProps) {
  return <ProductForm {...props} donationField={FIELD} />;
}
