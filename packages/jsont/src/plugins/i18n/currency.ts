/**
 * Money facts from spec §9 ("Money and formatting"): the constants (default currency, fraction
 * digits, separators, integer places) live in @storefront/commerce; this adds the legacy symbols.
 */

export {
  currencyFractionDigits as fractionDigits,
  DEFAULT_CURRENCY,
  DEFAULT_DECIMAL_SEPARATOR as DECIMAL_SEPARATOR,
  DEFAULT_GROUP_SEPARATOR as GROUP_SEPARATOR,
  MAX_INTEGER_PLACES,
} from '@storefront/commerce';

/**
 * The 27 supported currencies with the symbol the legacy `i18n-money-format` shows for each
 * (the common local symbol, prefixed where one sign serves several currencies).
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  EUR: '€',
  USD: '$',
  AUD: 'A$',
  NOK: 'kr',
  CAD: 'C$',
  NZD: 'NZ$',
  DKK: 'kr',
  GBP: '£',
  HKD: 'HK$',
  CHF: 'CHF',
  MXN: 'MX$',
  SGD: 'S$',
  SEK: 'kr',
  CZK: 'Kč',
  ILS: '₪',
  PHP: '₱',
  RUB: '₽',
  PLN: 'zł',
  THB: '฿',
  MYR: 'RM',
  ARS: 'AR$',
  BRL: 'R$',
  COP: 'COL$',
  IDR: 'Rp',
  INR: '₹',
  JPY: '¥',
  ZAR: 'R',
};

/** A currency code Intl accepts: the supported ones, or any other three-letter code. */
export const currencyCode = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : undefined;

/** Reads a money object: `{ decimalValue, currencyCode }` (legacy) or `{ value, currency }`. */
export function moneyOf(node: unknown): { amount: unknown; currency: string } | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const m = node as Record<string, unknown>;
  const amount = m.decimalValue ?? m.value;
  const currency = currencyCode(m.currencyCode ?? m.currency);
  return amount === undefined || currency === undefined ? undefined : { amount, currency };
}
