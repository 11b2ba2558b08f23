import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeShared, HAS_SHARED, sharedPath } from '../../../test-support/shared.js';
import {
  type BillingPeriodUnit,
  type SubscriptionPlan,
  subscriptionDuration,
  subscriptionPriceKey,
  subscriptionPriceTemplate,
  subscriptionPriceText,
} from '../src/index.js';

const plan = (unit: BillingPeriodUnit, value: number, numBillingCycles?: number): SubscriptionPlan => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});
const text = (p: SubscriptionPlan | null, localizedStrings?: Record<string, string>) =>
  subscriptionPriceText({ priceString: '$10.00', plan: p, localizedStrings });

describe('subscription wording', () => {
  it.each([
    [plan('WEEK', 1), '$10.00 every week'],
    [plan('MONTH', 1, 0), '$10.00 every month'],
    [plan('YEAR', 1), '$10.00 every year'],
    [plan('WEEK', 2), '$10.00 every 2 weeks'],
    [plan('MONTH', 3), '$10.00 every 3 months'],
    [plan('YEAR', 2), '$10.00 every 2 years'],
    [plan('WEEK', 1, 6), '$10.00 every week for 6 weeks'],
    [plan('WEEK', 2, 6), '$10.00 every 2 weeks for 12 weeks'],
    [plan('WEEK', 2, 26), '$10.00 every 2 weeks for 1 year'],
    [plan('WEEK', 1, 104), '$10.00 every week for 2 years'],
    [plan('MONTH', 2, 4), '$10.00 every 2 months for 8 months'],
    [plan('MONTH', 1, 12), '$10.00 every month for 1 year'],
    [plan('MONTH', 1, 36), '$10.00 every month for 3 years'],
    [plan('YEAR', 1, 3), '$10.00 every year for 3 years'],
    [plan('YEAR', 1, 1), '$10.00 every year for 1 year'],
    [plan('MONTH', 1, 1), '$10.00 every month for 1 month'],
    [null, 'Unavailable'],
  ])('%j', (p, expected) => {
    expect(text(p)).toBe(expected);
  });

  it('computes durations in years when divisible', () => {
    expect(subscriptionDuration(plan('WEEK', 4, 13))).toEqual({ unit: 'YEAR', count: 1 });
    expect(subscriptionDuration(plan('WEEK', 4, 14))).toEqual({ unit: 'WEEK', count: 56 });
    expect(subscriptionDuration(plan('MONTH', 6, 4))).toEqual({ unit: 'YEAR', count: 2 });
    expect(subscriptionDuration(plan('MONTH', 1))).toBeNull();
  });

  it('builds keys and templates', () => {
    expect(subscriptionPriceKey(plan('WEEK', 1))).toBe('productPrice__singlePrice__1Weekly__indefinite');
    expect(subscriptionPriceKey(plan('WEEK', 5, 3))).toBe(
      'productPrice__singlePrice__nWeekly__limited__nWeeks',
    );
    expect(subscriptionPriceKey(plan('WEEK', 1, 8))).toBe(
      'productPrice__singlePrice__1Weekly__limited__nWeeks',
    );
    expect(subscriptionPriceKey(plan('MONTH', 1, 12))).toBe(
      'productPrice__singlePrice__1Monthly__limited__1Year',
    );
    expect(subscriptionPriceTemplate(plan('WEEK', 5, 3))).toBe(
      '{price} every {billingPeriodValue} weeks for {duration} weeks',
    );
  });

  it('uses translations', () => {
    expect(text(null, { productPriceUnavailable: 'Localized: Unavailable' })).toBe('Localized: Unavailable');
    expect(
      text(plan('WEEK', 5, 3), {
        productPrice__singlePrice__nWeekly__limited__nWeeks:
          '{price} every {billingPeriodValue} weeks Other Super Translated for {duration} weeks',
      }),
    ).toBe('$10.00 every 5 weeks Other Super Translated for 15 weeks');
  });
});

/** Reads the product-price subscription fixtures and checks the wording after the price span. */
describeShared('conformance fixtures (product-price subscription wording)', () => {
  const dir = sharedPath('jsont-conformance/plugins/');
  const files = (HAS_SHARED ? readdirSync(dir) : []).filter((f) =>
    /^f-product-price-.*subscription.*\.html$/.test(f),
  );
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThan(20);
  });
  it.each(files)('%s', (file) => {
    const source = readFileSync(`${dir}${file}`, 'utf8');
    const json = JSON.parse(source.slice(source.indexOf(':JSON') + 5, source.indexOf(':TEMPLATE'))) as {
      structuredContent: { subscriptionPlan?: SubscriptionPlan };
      localizedStrings?: Record<string, string>;
    };
    const output = source.slice(source.indexOf(':OUTPUT') + 7).trim();
    const body = output.replace(/^<div class="product-price">\n?/, '').replace(/\n?<\/div>$/, '');
    // The first price's wording: text between the first money span and the next markup.
    const match = /<span class="sqs-money-native">([^<]*)<\/span>([^<]*)/.exec(body);
    const expected = match ? `${match[1]}${match[2]}`.trim() : body.trim();
    const priceString = match ? match[1] : '';
    expect(
      subscriptionPriceText({
        priceString,
        plan: json.structuredContent.subscriptionPlan,
        localizedStrings: json.localizedStrings,
      }),
    ).toBe(expected);
  });
});
