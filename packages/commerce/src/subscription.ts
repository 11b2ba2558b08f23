/** Subscription price wording (spec §3 "Subscription price wording", §8, §9). */
import { SUBSCRIPTION_UNAVAILABLE } from './messages.js';
import type { BillingPeriodUnit, SubscriptionPlan } from './product.js';

/** Spec §9: "Subscription billing: 52 weeks or 12 months per year". */
export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;

/** Localisation key of the missing-plan text (spec §8: 'Unavailable' "or the localized text"). */
export const SUBSCRIPTION_UNAVAILABLE_KEY = 'productPriceUnavailable';

export type SubscriptionDuration = { unit: 'WEEK' | 'MONTH' | 'YEAR'; count: number } | null;

/**
 * Total length of a finite plan, in years when it divides evenly into years (spec §9: "durations
 * divisible by that are shown in years"), otherwise in the billing unit. Null when indefinite.
 */
export function subscriptionDuration(plan: SubscriptionPlan): SubscriptionDuration {
  const cycles = plan.numBillingCycles ?? 0;
  if (!(cycles > 0)) return null;
  const { unit, value } = plan.billingPeriod;
  const total = value * cycles;
  if (unit === 'WEEK' && total % WEEKS_PER_YEAR === 0) return { unit: 'YEAR', count: total / WEEKS_PER_YEAR };
  if (unit === 'MONTH' && total % MONTHS_PER_YEAR === 0)
    return { unit: 'YEAR', count: total / MONTHS_PER_YEAR };
  return { unit, count: total };
}

const UNIT_WORDS: Record<BillingPeriodUnit, { one: string; many: string; key: string }> = {
  WEEK: { one: 'week', many: 'weeks', key: 'Week' },
  MONTH: { one: 'month', many: 'months', key: 'Month' },
  YEAR: { one: 'year', many: 'years', key: 'Year' },
};

/**
 * The localisation key for a plan, following the fixtures' pattern, e.g.
 * 'productPrice__singlePrice__1Weekly__indefinite', 'productPrice__singlePrice__nWeekly__limited__nWeeks',
 * '…__limited__1Year'.
 */
export function subscriptionPriceKey(plan: SubscriptionPlan): string {
  const { unit, value } = plan.billingPeriod;
  const every = `${value === 1 ? '1' : 'n'}${UNIT_WORDS[unit].key}ly`;
  const duration = subscriptionDuration(plan);
  const limit = duration
    ? `limited__${duration.count === 1 ? '1' : 'n'}${UNIT_WORDS[duration.unit].key}${duration.count === 1 ? '' : 's'}`
    : 'indefinite';
  return `productPrice__singlePrice__${every}__${limit}`;
}

/**
 * English template for a plan with the placeholders {price}, {billingPeriodValue} and {duration},
 * e.g. '{price} every {billingPeriodValue} weeks for {duration} weeks', '{price} every month for 1 year'.
 */
export function subscriptionPriceTemplate(plan: SubscriptionPlan): string {
  const { unit, value } = plan.billingPeriod;
  const words = UNIT_WORDS[unit];
  const every = value === 1 ? `every ${words.one}` : `every {billingPeriodValue} ${words.many}`;
  const duration = subscriptionDuration(plan);
  if (!duration) return `{price} ${every}`;
  const durationWords = UNIT_WORDS[duration.unit];
  const limit = duration.count === 1 ? `for 1 ${durationWords.one}` : `for {duration} ${durationWords.many}`;
  return `{price} ${every} ${limit}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export interface SubscriptionPriceTextInput {
  /** The already formatted price (may be markup, e.g. a money span). */
  priceString: string;
  plan: SubscriptionPlan | null | undefined;
  /** Site translations keyed as in `subscriptionPriceKey`; missing keys fall back to English. */
  localizedStrings?: Record<string, string> | null;
}

/**
 * Spec §3 subscription wording: '{price} every week', '{price} every 2 months for 8 months',
 * '{price} every 2 weeks for 1 year'. A missing plan gives 'Unavailable' (or its translation).
 */
export function subscriptionPriceText({
  priceString,
  plan,
  localizedStrings,
}: SubscriptionPriceTextInput): string {
  if (!plan?.billingPeriod) {
    return localizedStrings?.[SUBSCRIPTION_UNAVAILABLE_KEY] ?? SUBSCRIPTION_UNAVAILABLE;
  }
  const template = localizedStrings?.[subscriptionPriceKey(plan)] ?? subscriptionPriceTemplate(plan);
  const duration = subscriptionDuration(plan);
  return fill(template, {
    price: priceString,
    billingPeriodValue: String(plan.billingPeriod.value),
    duration: duration ? String(duration.count) : '',
  });
}
