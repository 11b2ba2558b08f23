import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyticsValue,
  type CartLineInput,
  type Coupon,
  computeCartTotals,
  ProductType,
  percentOf,
} from '../src/index.js';

const line = (over: Partial<CartLineInput> = {}): CartLineInput => ({
  itemId: 'i1',
  sku: 'S1',
  quantity: 1,
  unitPriceCents: 1000,
  productType: ProductType.PHYSICAL,
  ...over,
});
const shipping = [
  { id: 'std', name: 'Standard', costCents: 500 },
  { id: 'exp', name: 'Express', costCents: 1500 },
];

describe('percentOf', () => {
  it.each([
    [1000, 10, 100],
    [1005, 10, 101],
    [1004, 10, 100],
    [1000, 8.25, 83],
    [999, 8.875, 89],
    [0, 50, 0],
    [1000, 100, 1000],
    [3, 50, 2],
  ])('%d × %d %% = %d', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
  it('rejects bad input', () => {
    expect(() => percentOf(-1, 10)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('computeCartTotals', () => {
  it('sums lines, ships and taxes', () => {
    const t = computeCartTotals({
      entries: [
        line({ quantity: 2 }),
        line({ itemId: 'i2', sku: 'S2', unitPriceCents: 2550, productType: ProductType.DIGITAL }),
      ],
      currency: 'USD',
      shippingOptions: shipping,
      selectedShipping: 'std',
      taxRules: [{ id: 't', name: 'State', ratePercent: 8.25 }],
    });
    expect(t).toMatchObject({
      subtotalCents: 4550,
      discountCents: 0,
      shippingCostCents: 500,
      taxCents: 375,
      grandTotalCents: 5425,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
      amountDueCents: 5425,
    });
    expect(t.lines.map((l) => l.subTotalCents)).toEqual([2000, 2550]);
  });

  it('taxes shipping only for rules that say so', () => {
    const t = computeCartTotals({
      entries: [line()],
      currency: 'USD',
      shippingOptions: shipping,
      selectedShipping: 'exp',
      taxRules: [
        { id: 'a', name: 'A', ratePercent: 10, appliesToShipping: true },
        { id: 'b', name: 'B', ratePercent: 5 },
      ],
    });
    expect(t.taxes.map((x) => x.amountCents)).toEqual([250, 50]);
    expect(t.grandTotalCents).toBe(1000 + 1500 + 300);
  });

  it('purely digital carts need no shipping', () => {
    const t = computeCartTotals({
      entries: [line({ productType: ProductType.DIGITAL })],
      currency: 'USD',
      shippingOptions: shipping,
      selectedShipping: 'std',
      coupons: [{ code: 'SHIP', type: 'free-shipping' }],
    });
    expect(t).toMatchObject({
      purelyDigital: true,
      requiresShipping: false,
      shippingCostCents: 0,
      selectedShippingOption: null,
    });
    expect(t.invalidCoupons).toEqual([
      { coupon: { code: 'SHIP', type: 'free-shipping' }, reason: 'no-shipping' },
    ]);
  });

  it('an empty cart is all zeros and not purely digital', () => {
    expect(computeCartTotals({ entries: [], currency: 'EUR' })).toMatchObject({
      subtotalCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      purelyDigital: false,
      hasDigital: false,
    });
  });

  it('applies percentage, fixed and free-shipping coupons', () => {
    const t = computeCartTotals({
      entries: [line({ unitPriceCents: 5000 })],
      currency: 'USD',
      shippingOptions: shipping,
      selectedShipping: 'std',
      coupons: [
        { code: 'TEN', type: 'percentage', percent: 10 },
        { code: 'FIVE', type: 'fixed', amountCents: 500 },
        { code: 'SHIP', type: 'free-shipping' },
      ],
    });
    expect(t).toMatchObject({ discountCents: 1000, shippingCostCents: 0, grandTotalCents: 4000 });
    expect(t.validCoupons.map((c) => c.code)).toEqual(['TEN', 'FIVE', 'SHIP']);
  });

  it('never discounts below zero', () => {
    const t = computeCartTotals({
      entries: [line()],
      currency: 'USD',
      coupons: [
        { code: 'BIG', type: 'fixed', amountCents: 5000 },
        { code: 'ALL', type: 'percentage', percent: 100 },
      ],
    });
    expect(t).toMatchObject({ discountCents: 1000, grandTotalCents: 0 });
  });

  it.each([
    [{ code: 'OLD', type: 'fixed', amountCents: 100, validUntil: 999 }, 'expired'],
    [{ code: 'NEW', type: 'fixed', amountCents: 100, validFrom: 1001 }, 'not-started'],
    [{ code: 'MIN', type: 'percentage', percent: 5, minSubtotalCents: 1001 }, 'minimum-not-met'],
  ] as [Coupon, string][])('rejects %j as %s', (coupon, reason) => {
    const t = computeCartTotals({ entries: [line()], currency: 'USD', coupons: [coupon], now: 1000 });
    expect(t.invalidCoupons).toEqual([{ coupon, reason }]);
    expect(t.discountCents).toBe(0);
  });

  it('rejects a repeated code, case-insensitively', () => {
    const t = computeCartTotals({
      entries: [line()],
      currency: 'USD',
      coupons: [
        { code: 'a', type: 'fixed', amountCents: 100 },
        { code: 'A', type: 'fixed', amountCents: 100 },
      ],
    });
    expect(t.discountCents).toBe(100);
    expect(t.invalidCoupons.map((c) => c.reason)).toEqual(['duplicate']);
  });

  it('gift cards pay toward the grand total in order', () => {
    const t = computeCartTotals({
      entries: [line({ unitPriceCents: 3000 })],
      currency: 'USD',
      giftCards: [
        { code: 'G1', balanceCents: 1000 },
        { code: 'G2', balanceCents: 5000 },
      ],
    });
    expect(t).toMatchObject({ grandTotalCents: 3000, giftCardAppliedCents: 3000, amountDueCents: 0 });
  });

  it('handles JPY in whole yen', () => {
    const t = computeCartTotals({
      entries: [line({ unitPriceCents: 1999, quantity: 3 })],
      currency: 'JPY',
      taxRules: [{ id: 'c', name: 'Consumption', ratePercent: 10 }],
    });
    expect(t).toMatchObject({ subtotalCents: 5997, taxCents: 600, grandTotalCents: 6597 });
  });

  it('holds its invariants for any cart (property)', () => {
    const coupon = fc.oneof(
      fc.record({
        code: fc.string({ maxLength: 3 }),
        type: fc.constant('percentage' as const),
        percent: fc.double({ min: 0, max: 100, noNaN: true }),
      }),
      fc.record({
        code: fc.string({ maxLength: 3 }),
        type: fc.constant('fixed' as const),
        amountCents: fc.integer({ min: 0, max: 1e6 }),
      }),
      fc.record({ code: fc.string({ maxLength: 3 }), type: fc.constant('free-shipping' as const) }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            itemId: fc.string(),
            sku: fc.string(),
            quantity: fc.integer({ min: 0, max: 9999 }),
            unitPriceCents: fc.integer({ min: 0, max: 1e7 }),
            productType: fc.constantFrom(ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE),
          }),
          { maxLength: 6 },
        ),
        fc.array(coupon, { maxLength: 4 }),
        fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { maxLength: 3 }),
        fc.constantFrom('std', 'exp', 'none'),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 2 }),
        fc.constantFrom('USD', 'JPY', 'EUR'),
        (entries, coupons, rates, selectedShipping, cards, currency) => {
          const t = computeCartTotals({
            entries,
            currency,
            coupons,
            shippingOptions: shipping,
            selectedShipping,
            taxRules: rates.map((r, i) => ({
              id: String(i),
              name: String(i),
              ratePercent: r,
              appliesToShipping: i % 2 === 0,
            })),
            giftCards: cards.map((b, i) => ({ code: String(i), balanceCents: b })),
          });
          for (const v of [
            t.subtotalCents,
            t.discountCents,
            t.shippingCostCents,
            t.taxCents,
            t.grandTotalCents,
            t.giftCardAppliedCents,
            t.amountDueCents,
          ]) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(t.grandTotalCents).toBe(
            t.subtotalCents - t.discountCents + t.shippingCostCents + t.taxCents,
          );
          expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
          expect(t.amountDueCents).toBe(t.grandTotalCents - t.giftCardAppliedCents);
          expect(t.validCoupons.length + t.invalidCoupons.length).toBe(coupons.length);
        },
      ),
    );
  });
});

describe('analyticsValue', () => {
  it('is the subtotal divided by 100', () => {
    expect(analyticsValue(4550)).toBe(45.5);
    expect(analyticsValue(0)).toBe(0);
  });
});
