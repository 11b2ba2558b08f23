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
  PAY_LATER_MESSAGES,
  ProductType,
  payLaterOffer,
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

describe('payLaterOffer (checkout)', () => {
  const context: InstallmentContext = {
    afterPayAvailable: true,
    afterPayMin: 3500,
    afterPayMax: 200_000,
    shopperLanguage: 'en',
    stripeAccountCountry: 'US',
  };
  const physical = { productType: ProductType.PHYSICAL };
  const offer = (over: Partial<Parameters<typeof payLaterOffer>[0]>) =>
    payLaterOffer({
      context,
      lines: [physical],
      amountDueCents: 5001,
      currency: 'USD',
      locale: 'en-US',
      ...over,
    });

  it('offers 4 payments summing to the amount due, largest first', () => {
    expect(offer({})).toEqual({
      available: true,
      brand: 'Afterpay',
      count: 4,
      scheduleCents: [1251, 1250, 1250, 1250],
    });
  });

  it('is above the minimum up to and including the maximum, with the product page wording', () => {
    expect(offer({ amountDueCents: 3500 })).toMatchObject({
      available: false,
      reason: 'Afterpay is available for orders over $35.00.',
    });
    expect(offer({ amountDueCents: 200_000 })).toMatchObject({ available: true });
    expect(offer({ amountDueCents: 200_001 })).toMatchObject({
      reason: 'Afterpay is available for orders up to $2,000.00.',
    });
  });

  it('only for non-subscribable physical lines, in a served country and language, branded Clearpay in GB', () => {
    const notEligible = { available: false, reason: PAY_LATER_MESSAGES.productsNotEligible };
    expect(offer({ lines: [physical, { productType: ProductType.DIGITAL }] })).toMatchObject(notEligible);
    expect(offer({ lines: [{ ...physical, isSubscribable: true }] })).toMatchObject(notEligible);
    expect(offer({ lines: [] })).toMatchObject(notEligible);
    expect(offer({ context: { ...context, shopperLanguage: 'de' } })).toEqual({
      available: false,
      brand: null,
      reason: PAY_LATER_MESSAGES.unavailable,
    });
    expect(offer({ context: { ...context, afterPayAvailable: false } })).toMatchObject({ brand: null });
    expect(offer({ context: { ...context, stripeAccountCountry: 'GB' } })).toMatchObject({
      brand: 'Clearpay',
    });
  });
});
