import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSTALLMENTS_DEFAULT_COUNT,
  type InstallmentContext,
  installmentDisplay,
  installmentProviderBrand,
  installmentProviderSupports,
  installmentSchedule,
  isInInstallmentRange,
  isInstallmentProduct,
  ProductType,
} from '../src/index.js';

const ctx = (over: Partial<InstallmentContext> = {}): InstallmentContext => ({
  afterPayAvailable: true,
  afterPayMin: 3500,
  afterPayMax: 100000,
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
  ...over,
});
const physical = { productType: ProductType.PHYSICAL, isSubscribable: false };

describe('eligibility', () => {
  it.each([
    [3500, false],
    [3501, true],
    [100000, true],
    [100001, false],
  ])('range (35.00, 1000.00]: %d → %s', (price, expected) => {
    expect(isInInstallmentRange(price, 3500, 100000)).toBe(expected);
  });
  it('only non-subscribable physical products', () => {
    expect(isInstallmentProduct(physical)).toBe(true);
    expect(isInstallmentProduct({ ...physical, isSubscribable: true })).toBe(false);
    for (const t of [ProductType.DIGITAL, ProductType.SERVICE, ProductType.GIFT_CARD, ProductType.PAYWALL]) {
      expect(isInstallmentProduct({ productType: t })).toBe(false);
    }
  });
  it.each([
    ['US', 'en', true],
    ['US', 'en-US', true],
    ['US', 'fr', false],
    ['CA', 'fr-CA', true],
    ['CA', 'en', true],
    ['AU', 'en', true],
    ['NZ', 'en', true],
    ['GB', 'en-GB', true],
    ['GB', 'fr', false],
    ['DE', 'de', false],
  ])('provider supports %s/%s = %s', (country, lang, expected) => {
    expect(installmentProviderSupports(country, lang)).toBe(expected);
  });
  it('brands GB differently', () => {
    expect(installmentProviderBrand('GB')).toBe('Clearpay');
    expect(installmentProviderBrand('US')).toBe('Afterpay');
  });
});

describe('schedule', () => {
  it('defaults to 4 and spreads the remainder over the first payments', () => {
    expect(INSTALLMENTS_DEFAULT_COUNT).toBe(4);
    expect(installmentSchedule(1000)).toEqual([250, 250, 250, 250]);
    expect(installmentSchedule(1003)).toEqual([251, 251, 251, 250]);
  });
  it('always sums to the total, differs by at most one unit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 24 }), (total, count) => {
        const s = installmentSchedule(total, count);
        expect(s).toHaveLength(count);
        expect(s.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('installmentDisplay', () => {
  it('in range', () => {
    expect(
      installmentDisplay({ product: physical, priceCents: 10001, context: ctx(), currency: 'USD' }),
    ).toEqual({
      kind: 'in-range',
      count: 4,
      paymentCents: 2501,
      text: 'or 4 interest-free payments of $25.01 with',
      pillText: 'or 4 installments with',
      brand: 'Afterpay',
    });
  });
  it('below or at the minimum', () => {
    expect(
      installmentDisplay({ product: physical, priceCents: 3500, context: ctx(), currency: 'USD' }),
    ).toEqual({
      kind: 'out-of-range',
      text: 'available for orders over $35.00',
      brand: 'Afterpay',
    });
  });
  it('above the maximum', () => {
    expect(
      installmentDisplay({
        product: physical,
        priceCents: 200000,
        context: ctx({ stripeAccountCountry: 'GB' }),
        currency: 'GBP',
      }),
    ).toEqual({
      kind: 'out-of-range',
      text: 'available for orders up to £1,000.00',
      brand: 'Clearpay',
    });
  });
  it.each([
    ['no context', { context: null }],
    ['not available', { context: ctx({ afterPayAvailable: false }) }],
    ['unsupported language', { context: ctx({ shopperLanguage: 'es' }) }],
    ['subscribable', { product: { ...physical, isSubscribable: true } }],
  ])('hidden: %s', (_label, over) => {
    expect(
      installmentDisplay({ product: physical, priceCents: 5000, context: ctx(), currency: 'USD', ...over }),
    ).toEqual({ kind: 'hidden' });
  });
});
