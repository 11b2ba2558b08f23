import { describe, expect, it } from 'vitest';
import {
  addBillingPeriods,
  type BillingPeriodUnit,
  billingCyclesLeft,
  nextBillingDate,
  type SubscriptionPlan,
  totalBillingCycles,
} from '../src/index.js';

const plan = (
  unit: BillingPeriodUnit,
  value: number,
  numBillingCycles?: number | null,
): SubscriptionPlan => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});
const utc = (y: number, m: number, d: number, h = 12, min = 0) => Date.UTC(y, m - 1, d, h, min);
const iso = (ms: number) => new Date(ms).toISOString();

describe('nextBillingDate', () => {
  it.each([
    ['monthly from Jan 31 clamps to Feb 28', plan('MONTH', 1), utc(2025, 1, 31), utc(2025, 2, 28)],
    [
      'monthly from Jan 31 in a leap year clamps to Feb 29',
      plan('MONTH', 1),
      utc(2024, 1, 31),
      utc(2024, 2, 29),
    ],
    ['monthly from Mar 31 clamps to Apr 30', plan('MONTH', 1), utc(2025, 3, 31), utc(2025, 4, 30)],
    ['monthly from Dec 15 crosses the year', plan('MONTH', 1), utc(2025, 12, 15), utc(2026, 1, 15)],
    ['every 3 months from Nov 30', plan('MONTH', 3), utc(2025, 11, 30), utc(2026, 2, 28)],
    ['weekly is 7 days', plan('WEEK', 1), utc(2025, 1, 31), utc(2025, 2, 7)],
    ['every 2 weeks is 14 days', plan('WEEK', 2), utc(2025, 2, 20), utc(2025, 3, 6)],
    ['yearly from Feb 29 clamps to Feb 28', plan('YEAR', 1), utc(2024, 2, 29), utc(2025, 2, 28)],
    ['every 2 years', plan('YEAR', 2), utc(2025, 6, 1), utc(2027, 6, 1)],
  ])('%s', (_name, p, from, expected) => {
    expect(iso(nextBillingDate(from, p))).toBe(iso(expected));
  });

  it('keeps the time of day to the millisecond', () => {
    const from = utc(2025, 5, 10, 8, 30) + 123;
    expect(nextBillingDate(from, plan('MONTH', 1)) - utc(2025, 6, 10, 8, 30)).toBe(123);
  });

  it('counts calendar days in the store time zone, so local time survives daylight saving', () => {
    // 09:00 in New York: EST (UTC−5) before 9 March 2025, EDT (UTC−4) after.
    const from = utc(2025, 3, 1, 14);
    expect(iso(nextBillingDate(from, plan('WEEK', 2), 'America/New_York'))).toBe(iso(utc(2025, 3, 15, 13)));
    expect(iso(nextBillingDate(from, plan('MONTH', 1), 'America/New_York'))).toBe(iso(utc(2025, 4, 1, 13)));
    // In UTC the same instant moves by whole days of 24 hours.
    expect(iso(nextBillingDate(from, plan('WEEK', 2)))).toBe(iso(utc(2025, 3, 15, 14)));
  });

  it('clamps by the local date: Jan 31 evening in Los Angeles is already Feb 1 in UTC', () => {
    const from = utc(2025, 2, 1, 4); // 20:00 on 31 January in Los Angeles (PST, UTC−8)
    // 31 March 20:00 in Los Angeles (PDT, UTC−7).
    expect(iso(nextBillingDate(from, plan('MONTH', 2), 'America/Los_Angeles'))).toBe(iso(utc(2025, 4, 1, 3)));
    expect(iso(nextBillingDate(from, plan('MONTH', 2)))).toBe(iso(utc(2025, 4, 1, 4)));
  });

  it('refuses a period that is not a whole number of at least 1, and an unknown zone', () => {
    expect(() => nextBillingDate(0, plan('MONTH', 0))).toThrow(RangeError);
    expect(() => nextBillingDate(0, plan('WEEK', 1.5))).toThrow(RangeError);
    expect(() => nextBillingDate(0, plan('DAY' as BillingPeriodUnit, 1))).toThrow(RangeError);
    expect(() => nextBillingDate(0, plan('WEEK', 1), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('addBillingPeriods', () => {
  it('counts from the start, so a 31st-of-the-month subscription returns to the 31st after February', () => {
    const start = utc(2025, 1, 31);
    const monthly = plan('MONTH', 1);
    expect([1, 2, 3, 4].map((n) => iso(addBillingPeriods(start, monthly, n)))).toEqual(
      [utc(2025, 2, 28), utc(2025, 3, 31), utc(2025, 4, 30), utc(2025, 5, 31)].map(iso),
    );
    expect(addBillingPeriods(start, monthly, 0)).toBe(start);
  });

  it('refuses a negative or fractional number of periods', () => {
    expect(() => addBillingPeriods(0, plan('MONTH', 1), -1)).toThrow(RangeError);
    expect(() => addBillingPeriods(0, plan('MONTH', 1), 0.5)).toThrow(RangeError);
  });
});

describe('billing cycles', () => {
  it.each([
    [plan('MONTH', 1, 12), 0, 12],
    [plan('MONTH', 1, 12), 1, 11],
    [plan('MONTH', 1, 12), 12, 0],
    [plan('MONTH', 1, 12), 13, 0],
    [plan('WEEK', 1, 0), 5, null],
    [plan('WEEK', 1, null), 5, null],
    [plan('WEEK', 1), 5, null],
  ])('%j after %i billed leaves %s', (p, billed, left) => {
    expect(billingCyclesLeft(p, billed)).toBe(left);
  });

  it('a plan without a positive numBillingCycles renews until cancelled', () => {
    expect(totalBillingCycles(plan('MONTH', 1, 3))).toBe(3);
    expect(totalBillingCycles(plan('MONTH', 1, 0))).toBeNull();
    expect(totalBillingCycles(plan('MONTH', 1, null))).toBeNull();
  });
});
