import type { Formatter, RenderContext } from '../../plugin.js';
import { dateFormat } from '../i18n/intl.js';
import { ISO_FIRST_DAY, ISO_MIN_DAYS, weekOfYear } from './week.js';
import { inRange, toInstant, type Zoned, zoneAbbreviation, zoned, zoneOf } from './zoned.js';

export const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);
const hour12 = (z: Zoned) => z.hour % 12 || 12;
const ampm = (z: Zoned) => (z.hour < 12 ? 'AM' : 'PM');
const iso = (z: Zoned) => weekOfYear(z.year, z.dayOfYear, z.weekday, ISO_FIRST_DAY - 1, ISO_MIN_DAYS);

/** A day or month name, in English like every strftime conversion (as in the reference engine). */
const english = (z: Zoned, name: Intl.DateTimeFormatOptions) =>
  dateFormat('en-US', { timeZone: z.timeZone, ...name }).format(z.epoch);

/** strftime conversions: a function of the instant, or a pattern of other conversions. */
const CONVERSIONS: Record<string, string | ((z: Zoned) => string | number)> = {
  a: (z) => english(z, { weekday: 'short' }),
  A: (z) => english(z, { weekday: 'long' }),
  b: (z) => english(z, { month: 'short' }),
  B: (z) => english(z, { month: 'long' }),
  c: (z) => expand(z, `%a, %b ${z.day}, %Y %r %Z`),
  C: (z) => pad(Math.floor(z.year / 100)),
  d: (z) => pad(z.day),
  D: '%m/%d/%y',
  e: (z) => pad(z.day, 2, ' '),
  F: '%Y-%m-%d',
  g: (z) => pad(iso(z).year % 100),
  G: (z) => iso(z).year,
  h: '%b',
  H: (z) => pad(z.hour),
  I: (z) => pad(hour12(z)),
  j: (z) => pad(z.dayOfYear + 1, 3),
  k: (z) => pad(z.hour, 2, ' '),
  l: (z) => pad(hour12(z), 2, ' '),
  m: (z) => pad(z.month),
  M: (z) => pad(z.minute),
  n: '\n',
  N: (z) => pad(z.millis * 1_000_000, 9),
  p: ampm,
  P: (z) => ampm(z).toLowerCase(),
  q: (z) => Math.ceil(z.month / 3),
  r: (z) => expand(z, `${hour12(z)}:%M:%S %p`),
  R: '%H:%M',
  s: (z) => Math.floor(z.epoch / 1000),
  S: (z) => pad(z.second),
  t: '\t',
  T: '%H:%M:%S',
  u: (z) => z.weekday || 7,
  U: (z) => pad(weekOfYear(z.year, z.dayOfYear, z.weekday, 0, 1).week),
  v: '%d-%b-%Y',
  V: (z) => pad(iso(z).week),
  w: (z) => z.weekday,
  W: (z) => pad(weekOfYear(z.year, z.dayOfYear, z.weekday, 1, 1).week),
  x: '%m/%d/%Y',
  X: '%I:%M:%S %p',
  y: (z) => pad(z.year % 100),
  Y: (z) => z.year,
  z: (z) =>
    `${z.offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(z.offset) / 60))}:${pad(Math.abs(z.offset) % 60)}`,
  Z: (z) => zoneAbbreviation(z.epoch, z.timeZone),
  '%': '%',
};

/** Expands the conversions of a pattern; unknown ones are kept as written. */
function expand(z: Zoned, pattern: string): string {
  return pattern.replace(/%(.)/gs, (all, c: string) => {
    const conversion = CONVERSIONS[c];
    if (conversion === undefined) return all;
    return typeof conversion === 'string' ? expand(z, conversion) : String(conversion(z));
  });
}

/** Formats an instant with a strftime pattern. */
export const strftime = (epoch: number, timeZone: string, pattern: string): string =>
  expand(zoned(epoch, timeZone), pattern);

/** `date PATTERN`: the instant in the website time zone; invalid or missing dates render empty (memo.ts keeps results in Node). */
export const dateFormatter: Formatter = {
  apply(ctx: RenderContext, args, vars) {
    const epoch = toInstant(vars[0].value);
    const pattern = args.join(' ');
    vars[0].value =
      pattern && Number.isFinite(epoch) && inRange(ctx, epoch) ? strftime(epoch, zoneOf(ctx), pattern) : '';
  },
};
