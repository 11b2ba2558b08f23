/** Money: currencies, exact minor/decimal conversion and display formatting (spec §3, §9). */

/** Spec §3 "Currencies", in the spec's order. */
export const CURRENCIES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number];

/** Spec §9: "Default currency is USD." */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** Spec §9: "Currency: 2 fraction digits, JPY 0". */
export const DEFAULT_FRACTION_DIGITS = 2;
const ZERO_FRACTION_CURRENCY = 'JPY';

/** Spec §9: "max 15 integer places". */
export const MAX_INTEGER_PLACES = 15;

/** Spec §9: "Formatting digits are clamped to 0 to 50." */
export const MIN_FORMAT_DIGITS = 0;
export const MAX_FORMAT_DIGITS = 50;

/** Spec §9: "default separators ',' and '.'" (grouping, decimal). */
export const DEFAULT_GROUP_SEPARATOR = ',';
export const DEFAULT_DECIMAL_SEPARATOR = '.';

export interface Money {
  /** Spec §3: "value as a decimal string in minor units". */
  value: string;
  currency: string;
}

export function isCurrencyCode(code: string): code is CurrencyCode {
  return (CURRENCIES as readonly string[]).includes(code);
}

/** Fraction digits of a currency: 2 for all spec currencies except JPY (0); unknown codes use 2. */
export function currencyFractionDigits(code: string): number {
  return code.toUpperCase() === ZERO_FRACTION_CURRENCY ? 0 : DEFAULT_FRACTION_DIGITS;
}

/** Clamps a requested number of formatting digits into 0–50 (non-integers truncate, NaN → 0). */
export function clampDigits(digits: number): number {
  return Math.min(MAX_FORMAT_DIGITS, Math.max(MIN_FORMAT_DIGITS, Math.trunc(digits) || 0));
}

function assertSafeMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor amount must be a safe integer: ${minor}`);
}

/**
 * Exact decimal rendering of an integer amount with `digits` fraction digits, without float
 * arithmetic (string shifting), e.g. (2500, 2) → '25.00', (-5, 2) → '-0.05'.
 */
export function shiftDecimal(minor: number, digits: number): string {
  assertSafeMinor(minor);
  const d = clampDigits(digits);
  const abs = String(Math.abs(minor)).padStart(d + 1, '0');
  const body = d === 0 ? abs : `${abs.slice(0, -d)}.${abs.slice(-d)}`;
  return minor < 0 ? `-${body}` : body;
}

/** Minor units → decimal string in the currency's precision: (2500, 'USD') → '25.00', (2500, 'JPY') → '2500'. */
export function decimalFromMinor(minor: number, currency: string): string {
  return shiftDecimal(minor, currencyFractionDigits(currency));
}

/** Sign, integer digits, fraction digits; the lookahead asks for at least one digit. */
const DECIMAL_RE = /^([+-])?(?=\.?\d)(\d*)(?:\.(\d*))?$/;

/**
 * Decimal string → integer minor units, exactly. Extra fraction digits round half away from zero
 * ('0.005' USD → 1). Rejects malformed input and more than 15 integer places.
 */
export function minorFromDecimal(decimal: string, currency: string): number {
  const match = DECIMAL_RE.exec(decimal.trim());
  if (!match) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(decimal)}`);
  }
  const sign = match[1] === '-' ? -1 : 1;
  const intDigits = match[2].replace(/^0+/, '');
  if (intDigits.length > MAX_INTEGER_PLACES) {
    throw new RangeError(`Amount exceeds ${MAX_INTEGER_PLACES} integer places: ${decimal}`);
  }
  const digits = currencyFractionDigits(currency);
  const frac = match[3] ?? '';
  const kept = frac.slice(0, digits).padEnd(digits, '0');
  const roundUp = frac.charAt(digits) >= '5';
  // No digits at all (as in '.5' for JPY) read 0: Number('') is 0.
  const minor = Number(intDigits + kept) + (roundUp ? 1 : 0);
  assertSafeMinor(minor);
  return minor === 0 ? 0 : sign * minor;
}

/** Spec §3 Money: `{ value: '<minor units>', currency }`. */
export function toMoney(amountMinor: number, currency: string = DEFAULT_CURRENCY): Money {
  assertSafeMinor(amountMinor);
  return { value: String(amountMinor), currency };
}

/** Reads a spec Money object back into minor units; a missing or empty value is 0 (spec: "value 0"). */
export function minorFromMoney(money: Partial<Money> | null | undefined): number {
  const raw = money?.value;
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  assertSafeMinor(n);
  return n;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    const digits = currencyFractionDigits(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * Localised currency display of a minor amount: (2500, 'USD') → '$25.00', (2500, 'JPY') → '¥2,500'.
 * The exact decimal string is passed to Intl so large amounts keep every digit.
 */
export function formatMoney(
  amountMinor: number,
  currency: string = DEFAULT_CURRENCY,
  locale = 'en-US',
): string {
  const decimal = decimalFromMinor(amountMinor, currency);
  // Intl.NumberFormat v3 formats numeric strings exactly; older engines coerce to Number.
  return currencyFormatter(currency, locale).format(decimal as unknown as number);
}

/**
 * Plain number formatting with the spec defaults (',' grouping, '.' decimal), digits clamped 0–50.
 * Used where templates print amounts without a currency symbol.
 */
export function formatDecimal(
  minor: number,
  fractionDigits: number,
  separators: { group?: string; decimal?: string } = {},
): string {
  const [intPart, fracPart] = shiftDecimal(minor, fractionDigits).split('.');
  // A leading '-' is no word character, so no group separator goes after it.
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group ?? DEFAULT_GROUP_SEPARATOR);
  const dec = separators.decimal ?? DEFAULT_DECIMAL_SEPARATOR;
  return fracPart === undefined ? grouped : grouped + dec + fracPart;
}

/**
 * Money with a major-unit decimal value ({ value: '25.00', currency }), the shape the template
 * fixtures' priceMoney objects use; `toMoney` keeps the spec §3 minor-unit shape.
 */
export function toDecimalMoney(amountMinor: number, currency: string = DEFAULT_CURRENCY): Money {
  return { value: decimalFromMinor(amountMinor, currency), currency };
}

/** Spec §9: "Percentage format: 2 fraction digits, 0 with trim, max 3." */
export const PERCENTAGE_FRACTION_DIGITS = 2;
export const PERCENTAGE_TRIM_FRACTION_DIGITS = 0;
export const PERCENTAGE_MAX_FRACTION_DIGITS = 3;

/**
 * Percentage number display (no % sign): 123456 → '123,456.00', with trim → '123,456';
 * 12.3456 → '12.346'. Non-numeric input counts as 0.
 */
export function formatPercentage(value: unknown, opts: { trim?: boolean; locale?: string } = {}): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return new Intl.NumberFormat(opts.locale ?? 'en-US', {
    minimumFractionDigits: opts.trim ? PERCENTAGE_TRIM_FRACTION_DIGITS : PERCENTAGE_FRACTION_DIGITS,
    maximumFractionDigits: PERCENTAGE_MAX_FRACTION_DIGITS,
  }).format(Number.isFinite(n) ? n : 0);
}
