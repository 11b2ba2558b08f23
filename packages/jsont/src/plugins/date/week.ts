/**
 * Week-of-year numbering for a week that starts on `firstDay` (0 = Sunday) and whose first
 * week of a year must hold at least `minDays` days of that year.
 */

/** Spec §9: "The ISO calendar week starts on day 2 with a minimum of 4 days" (day 2 = Monday). */
export const ISO_FIRST_DAY = 2;
export const ISO_MIN_DAYS = 4;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number) => (isLeap(y) ? 366 : 365);

/** Index (may be negative) of the first day of week 1, relative to January 1. */
function weekOneStart(jan1Weekday: number, firstDay: number, minDays: number): number {
  const lead = (jan1Weekday - firstDay + 7) % 7;
  return 7 - lead >= minDays ? -lead : 7 - lead;
}

export interface WeekOfYear {
  week: number;
  year: number;
}

/**
 * @param dayOfYear 0-based day of the year
 * @param weekday 0 = Sunday
 * @param firstDay 0 = Sunday
 */
export function weekOfYear(
  year: number,
  dayOfYear: number,
  weekday: number,
  firstDay: number,
  minDays: number,
): WeekOfYear {
  const jan1 = (((weekday - dayOfYear) % 7) + 7) % 7;
  const start = weekOneStart(jan1, firstDay, minDays);
  // Days before week 1 fall in the last week of the previous year; days from next year's week 1 on, in it.
  if (dayOfYear < start)
    return weekOfYear(year - 1, dayOfYear + daysIn(year - 1), weekday, firstDay, minDays);
  const days = daysIn(year);
  if (dayOfYear - days >= weekOneStart((jan1 + days) % 7, firstDay, minDays))
    return { week: 1, year: year + 1 };
  return { week: Math.floor((dayOfYear - start) / 7) + 1, year };
}
