import type { Formatter, RenderContext } from './plugin.js';
import { mapValue, remap, type ValueMap, valueMapOf } from './plugins/core/mapvalue.js';
import { textFormatters } from './plugins/core/text.js';
import { dateFormatter, strftime } from './plugins/date/date.js';
import { inRange, toInstant, zoneOf } from './plugins/date/zoned.js';
import { currencyCode } from './plugins/i18n/currency.js';
import { remember } from './plugins/i18n/intl.js';
import { formatMoney, type MoneyOptions, moneyFormatter, moneyOptions } from './plugins/i18n/money.js';
import { decimalText } from './plugins/i18n/numbers.js';
import { sizeFormatters } from './plugins/image/size.js';

/**
 * Results kept for the formatters real pages call most: `money`, `date`, `url-encode` and the
 * image size helpers. A server renders the same prices, dates and sizes page after page, and a lookup costs
 * a fraction of building Intl options or reading a zone's offset. The Node entry installs these
 * with the generated-code tier; the browser entry leaves them out (its bundle has a size budget,
 * and a browser renders a preview a few times), so there every call computes. Only results of
 * pure functions are kept, and errors are still reported on every call, so output and errors are
 * the same either way.
 */

/** `money` call sites with the same arguments share one options object, and so its results. */
const optionsByArgs = new Map<string, Money>();
type Money = MoneyOptions & { results: Map<string, Map<unknown, string>> };

/** The options, locale and currency code met last, with their results: a page prints its prices in one currency. */
let recent:
  | { o: Money; locale: string; code: unknown; currency: string; results: Map<unknown, string> }
  | undefined;

function moneyValue(ctx: RenderContext, node: unknown, o: Money): string {
  if (node === null || typeof node !== 'object') return '';
  const { decimalValue, value, currencyCode: c, currency: d } = node as Record<string, unknown>;
  const amount = decimalValue ?? value;
  const code = c ?? d;
  const { locale } = ctx;
  let r = recent;
  if (r?.o !== o || r.locale !== locale || r.code !== code) {
    const currency = currencyCode(code);
    if (currency === undefined) return '';
    const results = remember(o.results, `${locale}|${currency}`, () => new Map<unknown, string>());
    r = { o, locale, code, currency, results };
    recent = r;
  }
  const { currency, results } = r;
  if (amount === undefined) return '';
  const make = () => {
    const text = decimalText(amount);
    return text === undefined ? '' : formatMoney(locale, currency, text, o);
  };
  // A number kept with its written form (parseJson) is an object, likely new on every render: no key.
  return typeof amount === 'object' ? make() : remember(results, amount, make);
}

const moneyFor = (args: readonly string[]): Money =>
  remember(optionsByArgs, args.join('\u0000'), () => ({ ...moneyOptions(args), results: new Map() }));

/** A `date` call site: its pattern, and the zone it met last with that zone's results. */
interface DateSite {
  pattern: string;
  /** The render's time zone option met last, and the zone it resolves to. */
  option?: string;
  zone?: string;
  results?: Map<number, string>;
}
/** Formatted dates by zone and pattern, then by instant. */
const dates = new Map<string, Map<number, string>>();

function dateValue(ctx: RenderContext, value: unknown, site: DateSite): string {
  const epoch = toInstant(value);
  const { pattern } = site;
  // The range check reports its error on every call, before any lookup.
  if (!pattern || !Number.isFinite(epoch) || !inRange(ctx, epoch)) return '';
  if (site.option !== ctx.timeZone) {
    site.option = ctx.timeZone;
    site.zone = zoneOf(ctx);
    site.results = remember(dates, `${site.zone}|${pattern}`, () => new Map<number, string>());
  }
  const zone = site.zone as string;
  return remember(site.results as Map<number, string>, epoch, () => strftime(epoch, zone, pattern));
}

/** Bound on the size texts each size helper call site keeps. */
const MAX_SIZES = 1000;

/**
 * A size helper that keeps its results by its arguments (each call site's own array) and the size
 * text: the helpers read only those and report nothing.
 */
function sized(f: Formatter): Formatter {
  const plain = f.apply;
  const bySite = new WeakMap<readonly string[], Map<string, unknown>>();
  return {
    validate: f.validate,
    apply(ctx, args, vars, parsed) {
      const v = vars[0].value;
      if (typeof v !== 'string') return plain(ctx, args, vars, parsed);
      let memo = bySite.get(args);
      if (memo === undefined) {
        memo = new Map();
        bySite.set(args, memo);
      }
      const hit = memo.get(v);
      if (hit !== undefined || memo.has(v)) vars[0].value = hit;
      else {
        plain(ctx, args, vars, parsed);
        if (memo.size >= MAX_SIZES) memo.clear();
        memo.set(v, vars[0].value);
      }
    },
  };
}

const money: Formatter = {
  validate: moneyFor,
  apply(ctx, args, vars, parsed) {
    vars[0].value = moneyValue(ctx, vars[0].value, (parsed as Money | undefined) ?? moneyFor(args));
  },
};

const date: Formatter = {
  validate: (args): DateSite => ({ pattern: args.join(' ') }),
  apply(ctx, args, vars, parsed) {
    vars[0].value = dateValue(
      ctx,
      vars[0].value,
      (parsed as DateSite | undefined) ?? { pattern: args.join(' ') },
    );
  },
};

/** `url-encode` results by text: three native passes over it cost more than a lookup. */
const urlEncoded = new Map<string, unknown>();
const urlEncode = valueMapOf(textFormatters['url-encode']) as ValueMap;
const urlEncodeMemo: ValueMap = (value, args, ctx) =>
  typeof value === 'string'
    ? remember(urlEncoded, value, () => urlEncode(value, args, ctx))
    : urlEncode(value, args, ctx);

/** The formatters above by name, as a plugin would register them (the memo test compares them with the plain ones). */
export const memoFormatters: Record<string, Formatter> = { money, currency: money, date };

const SIZE_HELPERS = [
  'width',
  'height',
  'resizedHeightForWidth',
  'resizedWidthForHeight',
  'squarespaceThumbnailForHeight',
];
for (const name of SIZE_HELPERS) memoFormatters[name] = sized(sizeFormatters[name]);
memoFormatters['url-encode'] = mapValue(urlEncodeMemo);

/**
 * Gives the built-in formatter objects the memo versions' methods, so every engine built on the
 * default plugins uses them (the registry holds these objects).
 */
export function installMemos(): void {
  Object.assign(moneyFormatter, money);
  Object.assign(dateFormatter, date);
  for (const name of SIZE_HELPERS) Object.assign(sizeFormatters[name], memoFormatters[name]);
  remap(textFormatters['url-encode'], urlEncodeMemo);
}
