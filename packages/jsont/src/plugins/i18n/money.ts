import type { Formatter, RenderContext } from '../../plugin.js';
import {
  CURRENCY_SYMBOLS,
  currencyCode,
  DECIMAL_SEPARATOR,
  DEFAULT_CURRENCY,
  fractionDigits,
  GROUP_SEPARATOR,
  MAX_INTEGER_PLACES,
  moneyOf,
} from './currency.js';
import { numberFormat, numberSpaces, parseOptions } from './intl.js';
import { decimalText, formatExact, formatNumber, numberOptions } from './numbers.js';

export interface MoneyOptions {
  number: Intl.NumberFormatOptions;
  display: Intl.NumberFormatOptions['currencyDisplay'];
}

/** `money` options: the number options plus `style:short|long|name|code|symbol|narrow`. */
export function moneyOptions(args: readonly string[]): MoneyOptions {
  const style = parseOptions(args).get('style');
  const number = numberOptions(args);
  // Money is grouped even when no option is given.
  if (parseOptions(args).size === 0) number.useGrouping = true;
  const display =
    style === 'name' ? 'name' : style === 'code' ? 'code' : style === 'narrow' ? 'narrowSymbol' : 'symbol';
  return { number, display };
}

/** A money object formatted with the options; '' for anything else (memo.ts keeps results in Node). */
export function moneyValue(ctx: RenderContext, node: unknown, o: MoneyOptions): string {
  const money = moneyOf(node);
  const text = money && decimalText(money.amount);
  return !money || text === undefined ? '' : formatMoney(ctx.locale, money.currency, text, o);
}

export function formatMoney(locale: string, currency: string, text: string, o: MoneyOptions): string {
  const digits = fractionDigits(currency);
  const scale =
    o.number.notation === 'compact' ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (o.display === 'code') {
    // The reference (CLDR) puts the code after the number in every locale: '1,234.50 EUR'.
    const number = formatNumber(locale, { ...scale, ...o.number }, text);
    return number && `${number} ${currency}`;
  }
  return formatNumber(
    locale,
    { ...scale, ...o.number, style: 'currency', currency, currencyDisplay: o.display },
    text,
  );
}

/** `money` (alias `currency`): a money object localized by Intl. */
export const moneyFormatter: Formatter = {
  validate: (args) => moneyOptions(args),
  apply(ctx, args, vars, parsed) {
    vars[0].value = moneyValue(ctx, vars[0].value, (parsed as MoneyOptions) ?? moneyOptions(args));
  },
};

/** The currency for amounts in cents: the argument, the website's base currency, else USD. */
function centsCurrency(ctx: RenderContext, args: readonly string[]): string {
  return currencyCode(args[0]) ?? currencyCode(ctx.resolve('website.baseCurrency')) ?? DEFAULT_CURRENCY;
}

/** Cents as a plain amount with the default separators: 12345 → 123.45; '' for a non-number. */
export function formatCents(cents: unknown, currency: string): string {
  const n = Number(cents);
  if (!Number.isFinite(n)) return '';
  const digits = fractionDigits(currency);
  const amount = n / 10 ** digits;
  const [int, frac] = Math.abs(amount).toFixed(digits).split('.');
  // Like the reference's number format, integer digits beyond the maximum are dropped from the left.
  const kept = int.slice(-MAX_INTEGER_PLACES).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const sign = amount < 0 && Number(`${int}.${frac ?? 0}`) !== 0 ? '-' : '';
  return sign + kept + (frac ? DECIMAL_SEPARATOR + frac : '');
}

/** `money-format` / `moneyFormat [CURRENCY]`: cents as a plain amount. */
export const moneyFormatFormatter: Formatter = {
  apply(ctx, args, vars) {
    vars[0].value = formatCents(vars[0].value, centsCurrency(ctx, args));
  },
};

/** `money-string [CURRENCY]`: the amount wrapped for the storefront's money script. */
export const moneyStringFormatter: Formatter = {
  apply(ctx, args, vars) {
    const amount = formatCents(vars[0].value, centsCurrency(ctx, args));
    vars[0].value = amount && `<span class="sqs-money-native">${amount}</span>`;
  },
};

/** Bound on the amounts remembered: pages repeat a few prices many times. */
const MAX_AMOUNTS = 1000;

/**
 * The locale and currency `bookkeeper-money-format` used last, with its outputs by amount in
 * cents: a page formats its prices in one of each. Another pair starts afresh. Keyed by the
 * number, this skips the text conversion and formatter lookup of `formatExact`'s memo (measured:
 * 50 money calls 2.4× the reference with it, 1.8× through `formatExact`).
 */
let last:
  | {
      locale: string;
      currency: string;
      scale: number;
      format: Intl.NumberFormat;
      amounts: Map<number, string>;
    }
  | undefined;

/** `bookkeeper-money-format [CURRENCY]`: cents with the currency symbol, in the render locale. */
export const bookkeeperMoneyFormatter: Formatter = {
  // The currency argument is read once, at compile time (null: none).
  validate: (args) => currencyCode(args[0]) ?? null,
  apply(ctx, args, vars, parsed) {
    const currency = (parsed as string | null | undefined) ?? centsCurrency(ctx, args);
    const n = Number(vars[0].value);
    const cents = Number.isFinite(n) ? n : 0;
    try {
      const { locale } = ctx;
      if (last?.locale !== locale || last.currency !== currency) {
        const digits = fractionDigits(currency);
        const format = numberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        last = { locale, currency, scale: 10 ** digits, format, amounts: new Map() };
      }
      let out = last.amounts.get(cents);
      if (out === undefined) {
        out = numberSpaces(last.format.format(String(cents / last.scale) as unknown as number));
        if (last.amounts.size >= MAX_AMOUNTS) last.amounts.clear();
        last.amounts.set(cents, out);
      }
      vars[0].value = out;
    } catch {
      vars[0].value = '';
    }
  },
};

/**
 * `i18n-money-format [LOCALE]`: the legacy money display. The locale decides separators and
 * which side the symbol goes; the symbol comes from the supported-currency table.
 */
export const i18nMoneyFormatter: Formatter = {
  apply(ctx, args, vars) {
    const money = moneyOf(vars[0].value);
    const text = money && decimalText(money.amount);
    if (!money || text === undefined) {
      vars[0].value = '';
      return;
    }
    const locale = args[0] || ctx.locale;
    const digits = fractionDigits(money.currency);
    try {
      const parts = numberFormat(locale, { style: 'currency', currency: money.currency }).formatToParts(1);
      const symbolFirst =
        parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
      const plain = formatExact(
        numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
        text.replace(/^-/, ''),
      );
      const negative = text.startsWith('-') ? '-' : '';
      const symbol = CURRENCY_SYMBOLS[money.currency] ?? money.currency;
      if (!symbolFirst) vars[0].value = `${negative}${plain}${symbol.length > 1 ? ' ' : ''}${symbol}`;
      else if (/^\p{L}+$/u.test(symbol)) vars[0].value = `${symbol} ${negative}${plain}`;
      else vars[0].value = `${negative}${symbol}${plain}`;
    } catch {
      vars[0].value = '';
    }
  },
};
