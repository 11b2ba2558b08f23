/**
 * Donations (spec §2 page types donate 203 and contribution confirmed 204): the visitor types the
 * amount, within the merchant's minimum and maximum. One rule set for the product page and the
 * server; the spec gives no numbers or words, these are ours.
 */
import { currencyFractionDigits, formatMoney } from './money.js';

/** A donation's rules as the merchant sets them; amounts in minor units of the store currency. */
export interface DonationRules {
  minCents: number;
  maxCents: number;
  /** Suggested amounts offered with the box. */
  presetsCents: number[];
}

/** Without a merchant's choice: from 1.00 to 10,000.00 of the store currency (100 JPY up). */
export const DONATION_DEFAULT_MIN_CENTS = 100;
export const DONATION_DEFAULT_MAX_CENTS = 1_000_000;
/** The most suggested amounts a donation offers. */
export const DONATION_PRESETS_MAX = 6;

/** The amount box's words, the same in the server's markup and the island. */
export const DONATION_TEXT = {
  label: 'Amount',
  range: (min: string, max: string) => `Give from ${min} to ${max}.`,
} as const;

export const DONATION_MESSAGES = {
  required: 'Enter the amount you want to give.',
  invalid: 'Enter an amount as a number, like 25 or 25.50.',
  tooSmall: (min: string) => `The smallest amount you can give is ${min}.`,
  tooLarge: (max: string) => `The largest amount you can give is ${max}.`,
} as const;

/** Whole units, then at most the currency's fraction digits ('25', '25.5', '25.50'; JPY '2500'). */
function amountPattern(currency: string): RegExp {
  const digits = currencyFractionDigits(currency);
  return digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
}

export type DonationAmountResult = { ok: true; cents: number } | { ok: false; message: string };

/** Reads the typed amount ('25', '25.50', '$1,000') and checks it against the merchant's range. */
export function parseDonationAmount(
  input: unknown,
  rules: Pick<DonationRules, 'minCents' | 'maxCents'>,
  currency: string,
  locale?: string,
): DonationAmountResult {
  const raw = typeof input === 'number' ? String(input) : typeof input === 'string' ? input : '';
  // A leading currency symbol is what people type; it carries no meaning here.
  const text = raw
    .trim()
    .replace(/^\p{Sc}\s*/u, '')
    // Grouping commas ('1,000') are dropped; any other comma makes the amount unreadable.
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (text === '') return { ok: false, message: DONATION_MESSAGES.required };
  if (!amountPattern(currency).test(text)) return { ok: false, message: DONATION_MESSAGES.invalid };
  const [whole, fraction = ''] = text.split('.');
  const digits = currencyFractionDigits(currency);
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
  if (!Number.isSafeInteger(cents)) return { ok: false, message: DONATION_MESSAGES.invalid };
  if (cents < rules.minCents)
    return { ok: false, message: DONATION_MESSAGES.tooSmall(formatMoney(rules.minCents, currency, locale)) };
  if (cents > rules.maxCents)
    return { ok: false, message: DONATION_MESSAGES.tooLarge(formatMoney(rules.maxCents, currency, locale)) };
  return { ok: true, cents };
}
