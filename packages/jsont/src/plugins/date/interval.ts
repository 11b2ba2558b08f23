import type { Formatter, RenderContext } from '../../plugin.js';
import { capitalize, dateFormat, parseOptions } from '../i18n/intl.js';
import { type DatetimeOptions, formatDatetime } from './datetime.js';
import { isSkeleton, skeletonOptions } from './skeleton.js';
import { inRange, toInstant, type Zoned, zoned, zoneName, zoneOf } from './zoned.js';

/** The pattern CLDR falls back to when no interval format fits ("{0} – {1}", thin spaces). */
const FALLBACK_SEPARATOR = '\u2009–\u2009';

export interface IntervalOptions {
  skeleton?: string;
  beginSentence: boolean;
}

export function intervalOptions(args: readonly string[]): IntervalOptions {
  const o = parseOptions(args);
  let skeleton = o.get('skeleton');
  for (const [key, value] of o) if (value === '' && isSkeleton(key)) skeleton = key;
  return { skeleton, beginSentence: o.get('context') === 'begin-sentence' };
}

/** Wall-clock fields from the coarsest, each with the skeleton letters that show it. */
const FIELDS: [(z: Zoned) => unknown, string][] = [
  [(z) => z.year, 'y'],
  [(z) => z.month, 'ML'],
  [(z) => z.day, 'd'],
  [(z) => z.hour < 12, 'ahHkKjB'],
  [(z) => z.hour, 'hHkKj'],
  [(z) => z.minute, 'm'],
];

/** The letters of the coarsest field in which the two instants differ. */
function greatestDifference(a: number, b: number, timeZone: string): string | undefined {
  const x = zoned(a, timeZone);
  const y = zoned(b, timeZone);
  return FIELDS.find(([field]) => field(x) !== field(y))?.[1];
}

export function formatInterval(
  a: number,
  b: number,
  locale: string,
  timeZone: string,
  o: IntervalOptions,
): string {
  const diff = greatestDifference(a, b, timeZone);
  // Without a skeleton: dates for a multi-day range, times (with the zone when AM/PM changes) within a day.
  const skeleton =
    o.skeleton ?? (diff === undefined || 'yMLd'.includes(diff[0]) ? 'yMMMd' : diff[0] === 'a' ? 'hmv' : 'hm');
  const options = { timeZone, ...skeletonOptions(skeleton) };
  // A zone name that is an abbreviation ("ET"), else the GMT form: long location names do not fit a range.
  if (options.timeZoneName === 'shortGeneric' && /\s/.test(zoneName(locale, timeZone, 'shortGeneric', a))) {
    options.timeZoneName = 'short';
  }
  let out: string;
  if (diff === undefined || [...diff].some((c) => skeleton.includes(c))) {
    out = dateFormat(locale, options).formatRange(a, b);
  } else {
    // The skeleton cannot show what differs: both ends in full. One without a calendar date gets the time.
    const o2: DatetimeOptions = {
      date: skeletonOptions(skeleton),
      time: /[yMLd]/.test(skeleton) ? undefined : skeletonOptions('hm'),
      wrap: 'short',
    };
    out =
      formatDatetime(a, locale, timeZone, o2) + FALLBACK_SEPARATOR + formatDatetime(b, locale, timeZone, o2);
  }
  return o.beginSentence ? capitalize(out, locale) : out;
}

export function intervalValue(ctx: RenderContext, start: unknown, end: unknown, o: IntervalOptions): string {
  const a = toInstant(start);
  const b = toInstant(end);
  if (!Number.isFinite(a) || !Number.isFinite(b) || !inRange(ctx, a) || !inRange(ctx, b)) return '';
  try {
    return formatInterval(a, b, ctx.locale, zoneOf(ctx), o);
  } catch {
    return '';
  }
}

/** `start, end|datetime-interval [skeleton]`: a localized range between two instants. */
export const datetimeIntervalFormatter: Formatter = {
  validate: (args) => intervalOptions(args),
  apply(ctx, args, vars, parsed) {
    const o = (parsed as IntervalOptions) ?? intervalOptions(args);
    vars[0].value = intervalValue(ctx, vars[0].value, vars[1]?.value, o);
  },
};
