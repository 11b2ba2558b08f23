import type { Formatter, RenderContext } from '../../plugin.js';
import { capitalize, dateFormat, parseOptions } from '../i18n/intl.js';
import { isSkeleton, skeletonOptions } from './skeleton.js';
import { inRange, toInstant, zoneOf } from './zoned.js';

type Style = 'short' | 'medium' | 'long' | 'full';
const STYLES: readonly unknown[] = ['short', 'medium', 'long', 'full'];
const isStyle = (s: unknown): s is Style => STYLES.includes(s);

/** A date or time part as Intl options: a CLDR width, or the fields a skeleton names. */
type Part = Intl.DateTimeFormatOptions | undefined;

export interface DatetimeOptions {
  date: Part;
  time?: Part;
  wrap?: Style;
  calendar?: string;
  beginSentence?: boolean;
}

const part = (s: string | undefined, kind: 'dateStyle' | 'timeStyle'): Part =>
  isStyle(s) ? { [kind]: s } : isSkeleton(s) ? skeletonOptions(s) : undefined;

/**
 * Reads `datetime` arguments: a bare width (both parts), a bare skeleton, `date:`, `time:`,
 * `skeleton:`, `wrap:`, `calendar:`, `context:begin-sentence`. With nothing, the long date.
 */
export function datetimeOptions(args: readonly string[]): DatetimeOptions {
  const o = parseOptions(args);
  let date = part(o.get('date'), 'dateStyle');
  let time = part(o.get('time'), 'timeStyle');
  for (const [key, value] of o) {
    if (value !== '') continue;
    if (isStyle(key)) {
      date ??= { dateStyle: key };
      time ??= { timeStyle: key };
    } else if (isSkeleton(key)) date = skeletonOptions(key);
  }
  const skeleton = o.get('skeleton');
  if (isSkeleton(skeleton)) date = skeletonOptions(skeleton);
  if (!date && !time) date = { dateStyle: 'long' };
  const wrap = o.get('wrap');
  return {
    date,
    time,
    wrap: isStyle(wrap) ? wrap : undefined,
    calendar: o.get('calendar'),
    beginSentence: o.get('context') === 'begin-sentence',
  };
}

/**
 * Formats one instant. V8's format() swaps ICU's narrow no-break space before AM/PM for a
 * plain space (formatRange() does not); it is put back so single dates and ranges agree.
 */
export function formatInstant(locale: string, options: Intl.DateTimeFormatOptions, epoch: number): string {
  const parts = dateFormat(locale, options).formatToParts(epoch);
  return parts
    .map((p, i) =>
      p.type === 'literal' && p.value === ' ' && parts[i + 1]?.type === 'dayPeriod' && !options.dayPeriod
        ? '\u202f'
        : p.value,
    )
    .join('');
}

/** The literal the locale puts between a date and a time at the given width ("{1}, {0}", "{1} 'at' {0}"). */
function glue(locale: string, wrap: Style, timeZone: string): string {
  const parts = dateFormat(locale, { timeZone, dateStyle: wrap, timeStyle: 'short' }).formatToParts(0);
  let i = parts.findIndex((p) => ['hour', 'minute', 'dayPeriod'].includes(p.type));
  let out = '';
  while (parts[--i]?.type === 'literal') out = parts[i].value + out;
  return out;
}

export function formatDatetime(epoch: number, locale: string, timeZone: string, o: DatetimeOptions): string {
  const loc = o.calendar ? `${locale}-u-ca-${o.calendar}` : locale;
  const { date, time } = o;
  const format = (options: Intl.DateTimeFormatOptions) => formatInstant(loc, { timeZone, ...options }, epoch);
  // Two widths or two skeletons make one pattern; mixed parts, or a wrap asked for, are joined by the locale's glue.
  const out =
    date && time && (o.wrap || 'dateStyle' in date !== 'timeStyle' in time)
      ? format(date) + glue(loc, o.wrap ?? date.dateStyle ?? 'short', timeZone) + format(time)
      : format({ ...date, ...time });
  return o.beginSentence ? capitalize(out, locale) : out;
}

/** Renders `datetime` for a value, or '' for anything that is not a valid instant. */
export function datetimeValue(ctx: RenderContext, value: unknown, o: DatetimeOptions): string {
  const epoch = toInstant(value);
  if (!Number.isFinite(epoch) || !inRange(ctx, epoch)) return '';
  try {
    return formatDatetime(epoch, ctx.locale, zoneOf(ctx), o);
  } catch {
    return '';
  }
}

/** `datetime [width|skeleton] [date:…] [time:…] [wrap:…] [calendar:…] [context:…]`, localized by Intl. */
export const datetimeFormatter: Formatter = {
  validate: (args) => datetimeOptions(args),
  apply(ctx, args, vars, parsed) {
    vars[0].value = datetimeValue(ctx, vars[0].value, (parsed as DatetimeOptions) ?? datetimeOptions(args));
  },
};

/** `datetimefield SKELETON`: the fields of an instant the skeleton names (`EEEE` → Monday). */
export const datetimefieldFormatter: Formatter = {
  apply(ctx, args, vars) {
    const skeleton = args[0] ?? '';
    vars[0].value = isSkeleton(skeleton)
      ? datetimeValue(ctx, vars[0].value, { date: skeletonOptions(skeleton) })
      : '';
  },
};
