/** Money facts from spec §9 ("Money and formatting"). */

/** Spec §9: "Default currency is USD." */
export const DEFAULT_CURRENCY = 'USD';
/** Spec §9: "Currency: 2 fraction digits, JPY 0". */
export const CURRENCY_FRACTION_DIGITS = 2;
export const ZERO_DIGIT_CURRENCIES: readonly string[] = ['JPY'];
/** Spec §9: "default separators ',' and '.'". */
export const GROUP_SEPARATOR = ',';
export const DECIMAL_SEPARATOR = '.';
/** Spec §9: "max 15 integer places". */
export const MAX_INTEGER_PLACES = 15;

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

export const fractionDigits = (code: string): number =>
  ZERO_DIGIT_CURRENCIES.includes(code) ? 0 : CURRENCY_FRACTION_DIGITS;

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
