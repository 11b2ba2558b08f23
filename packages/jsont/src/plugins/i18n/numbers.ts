import { MAX_FORMAT_DIGITS as MAX_DIGITS, MIN_FORMAT_DIGITS as MIN_DIGITS } from '@storefront/commerce';
import { getChild } from '../../values.js';
import { numberFormat, numberSpaces, parseOptions, remember } from './intl.js';

/** Intl accepts 1 to 21 significant digits, and on Node 20 at most 20 fraction digits. */
const MAX_SIGNIFICANT = 21;
const INTL_MAX_FRACTION = 20;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

const ROUNDING: Record<string, Intl.NumberFormatOptions['roundingMode']> = {
  down: 'trunc',
  truncate: 'trunc',
  up: 'expand',
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

/** Short option names as templates write them; the long Intl names are accepted too. */
const DIGIT_OPTIONS: Record<string, keyof Intl.NumberFormatOptions> = {
  maxfrac: 'maximumFractionDigits',
  maxFrac: 'maximumFractionDigits',
  minfrac: 'minimumFractionDigits',
  minFrac: 'minimumFractionDigits',
  maxsig: 'maximumSignificantDigits',
  minsig: 'minimumSignificantDigits',
  minint: 'minimumIntegerDigits',
};
const DIGIT_NAMES: string[] = Object.values(DIGIT_OPTIONS);

/**
 * Number options shared by `decimal`, `money` and message arguments: style, digits, grouping,
 * rounding and mode. A bare `decimal` prints the plain number, as the server-side sibling
 * implementation's fixtures do (f-decimal-1; see DIFFERENCES.md); any option turns grouping on
 * unless `group` / `grouping` says otherwise (on for '' or 'true', off for anything else, as in
 * the reference) or `no-group` / `no-grouping` is given.
 */
export function numberOptions(args: readonly string[]): Intl.NumberFormatOptions {
  const o = parseOptions(args);
  // Like the reference's CLDR number formats: ties round to even, and a value that rounds to
  // zero prints without a minus sign.
  const out: Intl.NumberFormatOptions = {
    useGrouping: o.size > 0,
    roundingMode: 'halfEven',
    signDisplay: 'negative',
  };
  for (const [key, value] of o) {
    const digit = DIGIT_NAMES.includes(key)
      ? key
      : (getChild(DIGIT_OPTIONS, key) as keyof Intl.NumberFormatOptions);
    if (digit && /^\d+$/.test(value)) {
      const sig = digit.includes('Significant');
      const n = clamp(
        Number(value),
        sig ? 1 : digit === 'minimumIntegerDigits' ? 1 : MIN_DIGITS,
        sig ? MAX_SIGNIFICANT : Math.min(MAX_DIGITS, INTL_MAX_FRACTION),
      );
      (out as Record<string, unknown>)[digit] = n;
    }
  }
  const group = o.get('group') ?? o.get('grouping');
  if (group !== undefined) out.useGrouping = group === '' || group === 'true';
  if (o.has('no-group') || o.has('no-grouping')) out.useGrouping = false;
  const style = o.get('style');
  if (style === 'percent') out.style = 'percent';
  else if (style === 'short' || style === 'long') {
    out.notation = 'compact';
    out.compactDisplay = style;
  } else if (style === 'scientific') out.notation = 'scientific';
  const round = getChild(
    ROUNDING,
    o.get('round') ?? o.get('rounding') ?? '',
  ) as Intl.NumberFormatOptions['roundingMode'];
  if (round) out.roundingMode = round;
  const mode = o.get('mode');
  if (mode === 'significant-maxfrac') out.roundingPriority = 'lessPrecision';
  else if (mode === 'significant') {
    delete out.minimumFractionDigits;
    delete out.maximumFractionDigits;
  }
  if ((out.minimumFractionDigits ?? 0) > (out.maximumFractionDigits ?? MAX_DIGITS)) {
    out.maximumFractionDigits = out.minimumFractionDigits;
  }
  return out;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number or numeric string as an exact decimal string, or undefined. */
export function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  // A number kept with its written form (parseJson): its text holds the exact digits.
  if (value instanceof Number) return decimalText(String(value));
  if (typeof value === 'string') {
    const s = value.trim();
    return NUMERIC.test(s) ? s : undefined;
  }
  return undefined;
}

/** Intl takes decimal strings and keeps their exact digits; results are kept per formatter. */
const memos = new WeakMap<Intl.NumberFormat, Map<string, string>>();

export function formatExact(f: Intl.NumberFormat, text: string): string {
  let memo = memos.get(f);
  if (memo === undefined) {
    memo = new Map();
    memos.set(f, memo);
  }
  return remember(memo, text, () => numberSpaces(f.format(text as unknown as number)));
}

/** A decimal text in a locale's number format; '' when Intl rejects the options. */
export function formatNumber(locale: string, options: Intl.NumberFormatOptions, text: string): string {
  try {
    return formatExact(numberFormat(locale, options), text);
  } catch {
    return '';
  }
}
