import { DEFAULT_TIME_ZONE } from '../../limits.js';
import type { RenderContext } from '../../plugin.js';
import { dateFormat } from '../i18n/intl.js';

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

/** The time zone to use, falling back to the default when the name is unknown to Intl. */
export function zoneOf(ctx: RenderContext): string {
  const zone = ctx.timeZone || DEFAULT_TIME_ZONE;
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      dateFormat('en-US', { timeZone: zone });
      known = zone;
    } catch {
      known = DEFAULT_TIME_ZONE;
    }
    // Few zones are ever asked for; a full map is simply dropped.
    if (zones.size >= 100) zones.clear();
    zones.set(zone, known);
  }
  return known;
}

/** Zone names already checked against Intl, with what they resolve to. */
const zones = new Map<string, string>();

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

/** The name Intl gives the zone at an instant, in the locale and style asked for. */
export const zoneName = (
  locale: string,
  timeZone: string,
  timeZoneName: Intl.DateTimeFormatOptions['timeZoneName'],
  epoch: number,
): string =>
  dateFormat(locale, { timeZone, timeZoneName })
    .formatToParts(epoch)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

export function zoned(epoch: number, timeZone: string): Zoned {
  // Intl gives the offset as "GMT-04:56:02" (seconds for local mean time), bare "GMT" at zero.
  const name = zoneName('en-US', timeZone, 'longOffset', epoch);
  const [h = 0, m = 0, s = 0] = (name.match(/\d+/g) ?? []).map(Number);
  const offset = (name.includes('-') ? -1 : 1) * ((h * 60 + m) * 60 + s) * 1000;
  // The wall clock as a UTC date (whole milliseconds, as Intl reads the instant) for the getters.
  const wall = new Date(Math.trunc(epoch) + offset);
  return {
    epoch,
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millis: ((epoch % 1000) + 1000) % 1000,
    weekday: wall.getUTCDay(),
    offset: Math.round(offset / 60_000),
    dayOfYear: (wall.getTime() - new Date(wall).setUTCMonth(0, 1)) / DAY_MS,
    timeZone,
  };
}

/**
 * A short zone name such as EST or JST. Intl's en-US data names only American zones, so a
 * few English (and the Japanese) locales are tried before settling for a GMT offset.
 */
export function zoneAbbreviation(epoch: number, timeZone: string): string {
  let fallback = '';
  for (const locale of ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja-JP']) {
    const name = zoneName(locale, timeZone, 'short', epoch);
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
