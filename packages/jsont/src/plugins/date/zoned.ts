import type { RenderContext } from '../../plugin.js';
import { dateFormat } from '../i18n/intl.js';

/** Spec §9: "The default time zone is America/New_York." */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Spec §9: "The Julian day range is 0 to 4881503." */
export const JULIAN_DAY_MIN = 0;
export const JULIAN_DAY_MAX = 4881503;
/** The Julian day of the Unix epoch, 1970-01-01T00:00Z. */
const EPOCH_JULIAN_DAY = 2440587.5;
const DAY_MS = 86_400_000;

/** Wall-clock fields of an instant in a time zone. */
export interface Zoned {
  epoch: number;
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  /** 0 = Sunday to 6 = Saturday. */
  weekday: number;
  /** Offset from UTC in minutes, east positive. */
  offset: number;
  /** 0-based day of the year. */
  dayOfYear: number;
  timeZone: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The time zone to use, falling back to the default when the name is unknown to Intl. */
export function zoneOf(ctx: RenderContext): string {
  const zone = ctx.timeZone || DEFAULT_TIME_ZONE;
  try {
    dateFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Reads a timestamp (number or numeric string); NaN for anything else. */
export function toInstant(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/**
 * Checks the instant against the supported Julian day range, reporting an error when it is
 * outside; the caller renders nothing then.
 */
export function inRange(ctx: RenderContext, epoch: number): boolean {
  const jd = Math.floor(epoch / DAY_MS + EPOCH_JULIAN_DAY);
  if (jd >= JULIAN_DAY_MIN && jd <= JULIAN_DAY_MAX) return true;
  ctx.error('FORMATTER_FAILED', `Julian day ${jd} is out of range (${JULIAN_DAY_MIN} to ${JULIAN_DAY_MAX})`);
  return false;
}

export function zoned(epoch: number, timeZone: string): Zoned {
  const parts = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(epoch);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const num = (type: string) => Number(get(type));
  // Intl shows years before 1 AD as positive era years; astronomical numbering keeps arithmetic simple.
  const year = get('era') === 'BC' ? 1 - num('year') : num('year');
  const millis = ((epoch % 1000) + 1000) % 1000;
  const wall = Date.UTC(year, num('month') - 1, num('day'), num('hour'), num('minute'), num('second'));
  const utcDate = new Date(0);
  utcDate.setUTCFullYear(year, num('month') - 1, num('day'));
  const jan1 = new Date(0);
  jan1.setUTCFullYear(year, 0, 1);
  return {
    epoch,
    year,
    month: num('month'),
    day: num('day'),
    hour: num('hour'),
    minute: num('minute'),
    second: num('second'),
    millis,
    weekday: WEEKDAYS.indexOf(get('weekday')),
    offset: Math.round((fixYear(wall, year) - (epoch - millis)) / 60_000),
    dayOfYear: Math.round((utcDate.getTime() - jan1.getTime()) / DAY_MS),
    timeZone,
  };
}

/** Date.UTC maps years 0 to 99 to 1900 to 1999; put them back. */
function fixYear(ms: number, year: number): number {
  if (year < 0 || year > 99) return ms;
  const d = new Date(ms);
  d.setUTCFullYear(year);
  return d.getTime();
}

const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja-JP'];

/**
 * A short zone name such as EST or JST. Intl's en-US data names only American zones, so a
 * few English (and the Japanese) locales are tried before settling for a GMT offset.
 */
export function zoneAbbreviation(epoch: number, timeZone: string): string {
  let fallback = '';
  for (const locale of ABBREVIATION_LOCALES) {
    const name =
      dateFormat(locale, { timeZone, timeZoneName: 'short' })
        .formatToParts(epoch)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (!/^(GMT|UTC)[+-−]/.test(name)) return name;
    fallback ||= name;
  }
  return fallback;
}

/** Same calendar day (and year) in the time zone. */
export function sameDay(a: number, b: number, timeZone: string): boolean {
  const x = zoned(a, timeZone);
  const y = zoned(b, timeZone);
  return x.year === y.year && x.dayOfYear === y.dayOfYear;
}
