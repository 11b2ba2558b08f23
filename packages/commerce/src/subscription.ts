/** Subscription price wording (spec §3 "Subscription price wording", §8, §9). */
import { SUBSCRIPTION_UNAVAILABLE } from './messages.js';
import type { BillingPeriodUnit, SubscriptionPlan } from './product.js';

/** Spec §9: "Subscription billing: 52 weeks or 12 months per year". */
export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;

/** Localisation key of the missing-plan text (spec §8: 'Unavailable' "or the localized text"). */
export const SUBSCRIPTION_UNAVAILABLE_KEY = 'productPriceUnavailable';

export type SubscriptionDuration = { unit: 'WEEK' | 'MONTH' | 'YEAR'; count: number } | null;

/** Billing units a whole number of years is counted in, with their count per year. */
const PER_YEAR: Partial<Record<BillingPeriodUnit, number>> = { WEEK: WEEKS_PER_YEAR, MONTH: MONTHS_PER_YEAR };

/**
 * Total length of a finite plan, in years when it divides evenly into years (spec §9: "durations
 * divisible by that are shown in years"), otherwise in the billing unit. Null when indefinite.
 */
export function subscriptionDuration(plan: SubscriptionPlan): SubscriptionDuration {
  const cycles = plan.numBillingCycles ?? 0;
  if (!(cycles > 0)) return null;
  const { unit, value } = plan.billingPeriod;
  const total = value * cycles;
  const perYear = PER_YEAR[unit];
  return perYear && total % perYear === 0 ? { unit: 'YEAR', count: total / perYear } : { unit, count: total };
}

/** A unit's English word ('week'); the plural adds an 's'. */
const unitWord = (unit: BillingPeriodUnit): string => unit.toLowerCase();
/** A unit as the localisation keys spell it ('Week'). */
const unitKey = (unit: BillingPeriodUnit): string => unit[0] + unitWord(unit).slice(1);

/**
 * The localisation key for a plan, following the fixtures' pattern, e.g.
 * 'productPrice__singlePrice__1Weekly__indefinite', 'productPrice__singlePrice__nWeekly__limited__nWeeks',
 * '…__limited__1Year'.
 */
export function subscriptionPriceKey(plan: SubscriptionPlan): string {
  const { unit, value } = plan.billingPeriod;
  const every = `${value === 1 ? '1' : 'n'}${unitKey(unit)}ly`;
  const duration = subscriptionDuration(plan);
  const limit = duration
    ? `limited__${duration.count === 1 ? '1' : 'n'}${unitKey(duration.unit)}${duration.count === 1 ? '' : 's'}`
    : 'indefinite';
  return `productPrice__singlePrice__${every}__${limit}`;
}

/**
 * English template for a plan with the placeholders {price}, {billingPeriodValue} and {duration},
 * e.g. '{price} every {billingPeriodValue} weeks for {duration} weeks', '{price} every month for 1 year'.
 */
export function subscriptionPriceTemplate(plan: SubscriptionPlan): string {
  const { unit, value } = plan.billingPeriod;
  const every = value === 1 ? `every ${unitWord(unit)}` : `every {billingPeriodValue} ${unitWord(unit)}s`;
  const duration = subscriptionDuration(plan);
  if (!duration) return `{price} ${every}`;
  const durationWord = unitWord(duration.unit);
  const limit = duration.count === 1 ? `for 1 ${durationWord}` : `for {duration} ${durationWord}s`;
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

/** The label of the choice among a product's subscription options (product page, server and island). */
export const SUBSCRIPTION_OPTION_LABEL = 'Subscription';
