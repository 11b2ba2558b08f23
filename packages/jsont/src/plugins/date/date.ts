import type { Formatter, RenderContext } from '../../plugin.js';
import { ISO_FIRST_DAY, ISO_MIN_DAYS, weekOfYear } from './week.js';
import { inRange, toInstant, type Zoned, zoneAbbreviation, zoned, zoneOf } from './zoned.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);
const hour12 = (h: number) => h % 12 || 12;
const ampm = (z: Zoned) => (z.hour < 12 ? 'AM' : 'PM');

function offset(z: Zoned): string {
  const m = Math.abs(z.offset);
  return `${z.offset < 0 ? '-' : '+'}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** strftime conversions, always in English as in the reference engine. */
const CONVERSIONS: Record<string, (z: Zoned) => string> = {
  a: (z) => DAYS[z.weekday].slice(0, 3),
  A: (z) => DAYS[z.weekday],
  b: (z) => MONTHS[z.month - 1].slice(0, 3),
  B: (z) => MONTHS[z.month - 1],
  c: (z) =>
    `${CONVERSIONS.a(z)}, ${CONVERSIONS.b(z)} ${z.day}, ${z.year} ${CONVERSIONS.r(z)} ${CONVERSIONS.Z(z)}`,
  C: (z) => pad(Math.floor(z.year / 100)),
  d: (z) => pad(z.day),
  D: (z) => `${pad(z.month)}/${pad(z.day)}/${pad(z.year % 100)}`,
  e: (z) => pad(z.day, 2, ' '),
  F: (z) => `${z.year}-${pad(z.month)}-${pad(z.day)}`,
  g: (z) => pad(iso(z).year % 100),
  G: (z) => String(iso(z).year),
  h: (z) => CONVERSIONS.b(z),
  H: (z) => pad(z.hour),
  I: (z) => pad(hour12(z.hour)),
  j: (z) => pad(z.dayOfYear + 1, 3),
  k: (z) => pad(z.hour, 2, ' '),
  l: (z) => pad(hour12(z.hour), 2, ' '),
  m: (z) => pad(z.month),
  M: (z) => pad(z.minute),
  n: () => '\n',
  N: (z) => pad(z.millis * 1_000_000, 9),
  p: ampm,
  P: (z) => ampm(z).toLowerCase(),
  q: (z) => String(Math.floor((z.month - 1) / 3) + 1),
  r: (z) => `${hour12(z.hour)}:${pad(z.minute)}:${pad(z.second)} ${ampm(z)}`,
  R: (z) => `${pad(z.hour)}:${pad(z.minute)}`,
  s: (z) => String(Math.floor(z.epoch / 1000)),
  S: (z) => pad(z.second),
  t: () => '\t',
  T: (z) => `${pad(z.hour)}:${pad(z.minute)}:${pad(z.second)}`,
  u: (z) => String(z.weekday || 7),
  U: (z) => pad(weekOfYear(z.year, z.dayOfYear, z.weekday, 0, 1).week),
  v: (z) => `${pad(z.day)}-${CONVERSIONS.b(z)}-${z.year}`,
  V: (z) => pad(iso(z).week),
  w: (z) => String(z.weekday),
  W: (z) => pad(weekOfYear(z.year, z.dayOfYear, z.weekday, 1, 1).week),
  x: (z) => `${pad(z.month)}/${pad(z.day)}/${z.year}`,
  X: (z) => `${pad(hour12(z.hour))}:${pad(z.minute)}:${pad(z.second)} ${ampm(z)}`,
  y: (z) => pad(z.year % 100),
  Y: (z) => String(z.year),
  z: offset,
  Z: (z) => zoneAbbreviation(z.epoch, z.timeZone),
  '%': () => '%',
};

const iso = (z: Zoned) => weekOfYear(z.year, z.dayOfYear, z.weekday, ISO_FIRST_DAY - 1, ISO_MIN_DAYS);

/** Formats an instant with a strftime pattern; unknown conversions are kept as written. */
export function strftime(epoch: number, timeZone: string, pattern: string): string {
  const z = zoned(epoch, timeZone);
  return pattern.replace(/%(.)/gs, (all, c: string) => CONVERSIONS[c]?.(z) ?? all);
}

/** `date PATTERN`: the instant in the website time zone; invalid or missing dates render empty. */
export const dateFormatter: Formatter = {
  apply(ctx: RenderContext, args, vars) {
    const epoch = toInstant(vars[0].value);
    const pattern = args.join(' ');
    vars[0].value =
      pattern && Number.isFinite(epoch) && inRange(ctx, epoch) ? strftime(epoch, zoneOf(ctx), pattern) : '';
  },
};
