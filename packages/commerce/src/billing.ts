/**
 * When a subscription bills (spec §3 subscriptionPlan { billingPeriod { value, unit }, numBillingCycles }).
 * Dates are epoch milliseconds; calendar arithmetic happens in a time zone's wall clock, so a
 * subscription billed at 09:00 local keeps billing at 09:00 local across daylight-saving changes.
 */
import type { SubscriptionPlan } from './product.js';
import { MONTHS_PER_YEAR } from './subscription.js';

/** A billing week is seven calendar days. */
export const DAYS_PER_WEEK = 7;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;

interface WallClock {
  year: number;
  /** 0-11, as Date.UTC takes it. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for an unknown zone, which is what callers should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month - 1,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

function wallAsUtc(w: WallClock): number {
  return Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
export function zoneOffset(ms: number, timeZone: string): number {
  return wallAsUtc(wallClock(ms, timeZone)) - ms;
}

/**
 * The instant the zone's clock shows `w`. A wall time skipped by a daylight-saving jump lands
 * just after the jump; a repeated one takes its first occurrence.
 */
function fromWallClock(w: WallClock, timeZone: string): number {
  const asUtc = wallAsUtc(w);
  const first = asUtc - zoneOffset(asUtc, timeZone);
  return asUtc - zoneOffset(first, timeZone);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function checkPlan(plan: SubscriptionPlan): void {
  const { value, unit } = plan.billingPeriod;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`A billing period is a whole number of at least 1, not ${value}`);
  }
  if (unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR') {
    throw new RangeError(`Unknown billing period unit "${String(unit)}"`);
  }
}

/**
 * `start` moved on by `periods` billing periods of the plan. Months and years keep the day of
 * the month, clamped to the month's length (Jan 31 + 1 month → Feb 28 or 29; Feb 29 + 1 year →
 * Feb 28); weeks are DAYS_PER_WEEK calendar days. Counting from the subscription's start rather
 * than from the previous date keeps a 31st-of-the-month subscription on the 31st after February.
 */
export function addBillingPeriods(
  start: number,
  plan: SubscriptionPlan,
  periods: number,
  timeZone = 'UTC',
): number {
  checkPlan(plan);
  if (!Number.isInteger(periods) || periods < 0) {
    throw new RangeError(`A number of billing periods is a whole number of at least 0, not ${periods}`);
  }
  const { value, unit } = plan.billingPeriod;
  const w = wallClock(start, timeZone);
  if (unit === 'WEEK') {
    const date = new Date(Date.UTC(w.year, w.month, w.day) + value * periods * DAYS_PER_WEEK * MS_PER_DAY);
    return fromWallClock(
      { ...w, year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() },
      timeZone,
    );
  }
  const months = value * periods * (unit === 'YEAR' ? MONTHS_PER_YEAR : 1);
  const total = w.year * MONTHS_PER_YEAR + w.month + months;
  const year = Math.floor(total / MONTHS_PER_YEAR);
  const month = total % MONTHS_PER_YEAR;
  return fromWallClock({ ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) }, timeZone);
}

/** One billing period after `from` (the next charge of a subscription billed at `from`). */
export function nextBillingDate(from: number, plan: SubscriptionPlan, timeZone?: string): number {
  return addBillingPeriods(from, plan, 1, timeZone);
}

/** Billing cycles the plan has in all; null when it renews until cancelled (numBillingCycles 0, null or absent). */
export function totalBillingCycles(plan: SubscriptionPlan): number | null {
  const n = plan.numBillingCycles ?? 0;
  return n > 0 ? n : null;
}

/** Cycles still to bill after `cyclesBilled`; null when the plan renews until cancelled. */
export function billingCyclesLeft(plan: SubscriptionPlan, cyclesBilled: number): number | null {
  const total = totalBillingCycles(plan);
  return total === null ? null : Math.max(0, total - cyclesBilled);
}
