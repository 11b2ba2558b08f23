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

describe('gift cards, coupons and stacking (no free store credit)', () => {
  const card = (unitPriceCents = 10_000) =>
    line({ itemId: 'gc', sku: 'GC', unitPriceCents, productType: ProductType.GIFT_CARD });
  const pct = (code: string, percent: number, over: Partial<Coupon> = {}) =>
    ({ code, type: 'percentage', percent, ...over }) as Coupon;
  const fixed = (code: string, amountCents: number, over: Partial<Coupon> = {}) =>
    ({ code, type: 'fixed', amountCents, ...over }) as Coupon;

  it('a gift card is bought at face value: coupons do not discount it', () => {
    const t = computeCartTotals({
      entries: [card()],
      currency: 'USD',
      coupons: [pct('A', 10), fixed('B', 500)],
    });
    expect(t.discountCents).toBe(0);
    expect(t.grandTotalCents).toBe(10_000);
    expect(t.validCoupons).toEqual([]);
    expect(t.invalidCoupons.map((c) => c.reason)).toEqual(['gift-cards-excluded', 'gift-cards-excluded']);
  });

  it('a gift card cannot be paid with a gift card', () => {
    const t = computeCartTotals({
      entries: [card()],
      currency: 'USD',
      giftCards: [{ code: 'OLD', balanceCents: 10_000 }],
    });
    expect(t.giftCardAppliedCents).toBe(0);
    expect(t.amountDueCents).toBe(10_000);
  });

  it('the cycle of the finding turns no cash into more balance than was paid', () => {
    // Buy a $100 card with two coupons, then pay the next card with the first one, six times.
    let cash = 0;
    let balance = 0;
    let held = 0;
    for (let i = 0; i < 6; i++) {
      const t = computeCartTotals({
        entries: [card()],
        currency: 'USD',
        coupons: [pct('TEN', 10), fixed('FIVE', 500)],
        giftCards: held > 0 ? [{ code: 'PREV', balanceCents: held }] : [],
      });
      cash += t.amountDueCents;
      held -= t.giftCardAppliedCents;
      balance += 10_000;
      held += 10_000;
    }
    expect(cash).toBe(balance);
  });

  it('a coupon the merchant lets apply to gift cards discounts them, and gift cards still do not pay for them', () => {
    const t = computeCartTotals({
      entries: [card(), line({ unitPriceCents: 2_000 })],
      currency: 'USD',
      coupons: [pct('ALL', 10, { appliesToGiftCards: true })],
      giftCards: [{ code: 'OLD', balanceCents: 50_000 }],
    });
    expect(t.discountCents).toBe(1_200);
    expect(t.grandTotalCents).toBe(10_800);
    // The discount goes to the other goods first (2,000 → 800); the gift card pays only those 800,
    // never the card being bought.
    expect(t.giftCardAppliedCents).toBe(800);
    expect(t.amountDueCents).toBe(10_000);
  });

  it('coupons and tax apply to the other goods of an order that also holds a gift card', () => {
    const t = computeCartTotals({
      entries: [card(), line({ unitPriceCents: 2_000 })],
      currency: 'USD',
      coupons: [pct('TEN', 10)],
      taxRules: [{ id: 't', name: 'Tax', ratePercent: 10 }],
    });
    expect(t.discountCents).toBe(200);
    expect(t.taxCents).toBe(180);
    expect(t.grandTotalCents).toBe(12_000 - 200 + 180);
  });

  it('a coupon that is not combinable is used only alone', () => {
    const solo = fixed('SOLO', 300, { combinable: false });
    const first = computeCartTotals({ entries: [line()], currency: 'USD', coupons: [solo, pct('TEN', 10)] });
    expect(first.validCoupons.map((c) => c.code)).toEqual(['SOLO']);
    expect(first.invalidCoupons.map((c) => [c.coupon.code, c.reason])).toEqual([['TEN', 'not-combinable']]);
    expect(first.discountCents).toBe(300);
    const second = computeCartTotals({ entries: [line()], currency: 'USD', coupons: [pct('TEN', 10), solo] });
    expect(second.validCoupons.map((c) => c.code)).toEqual(['TEN']);
    expect(second.invalidCoupons.map((c) => [c.coupon.code, c.reason])).toEqual([['SOLO', 'not-combinable']]);
    const stacked = computeCartTotals({
      entries: [line()],
      currency: 'USD',
      coupons: [pct('TEN', 10), fixed('B', 100)],
    });
    expect(stacked.discountCents).toBe(200);
  });

  it('a coupon used up overall or by this customer does not apply', () => {
    const t = computeCartTotals({
      entries: [line()],
      currency: 'USD',
      coupons: [
        pct('ALL', 10, { usageLimitReached: true }),
        fixed('ME', 100, { customerLimitReached: true }),
      ],
    });
    expect(t.discountCents).toBe(0);
    expect(t.invalidCoupons.map((c) => c.reason)).toEqual(['usage-limit', 'customer-limit']);
  });

  it('never lets gift cards pay for gift cards, whatever the coupons (property)', () => {
    const coupon = fc.oneof(
      fc.record({
        code: fc.constantFrom('A', 'B', 'C'),
        type: fc.constant('percentage' as const),
        percent: fc.integer({ min: 0, max: 100 }),
        appliesToGiftCards: fc.boolean(),
        combinable: fc.boolean(),
      }),
      fc.record({
        code: fc.constantFrom('D', 'E'),
        type: fc.constant('fixed' as const),
        amountCents: fc.integer({ min: 0, max: 50_000 }),
        appliesToGiftCards: fc.boolean(),
        combinable: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        fc.array(coupon, { maxLength: 4 }),
        fc.integer({ min: 0, max: 500_000 }),
        (cards, goods, coupons, balance) => {
          const entries = [
            ...cards.map((c, i) => ({ ...card(c), sku: `GC${i}` })),
            ...goods.map((g, i) => line({ sku: `P${i}`, unitPriceCents: g })),
          ];
          const t = computeCartTotals({
            entries,
            currency: 'USD',
            coupons,
            giftCards: [{ code: 'X', balanceCents: balance }],
          });
          const cardFace = cards.reduce((a, b) => a + b, 0);
          const allowed = t.validCoupons.some((c) => c.appliesToGiftCards);
          // Money paid covers the gift cards bought, less only the discounts the merchant allowed on them.
          expect(t.amountDueCents).toBeGreaterThanOrEqual(cardFace - (allowed ? t.discountCents : 0));
          if (t.validCoupons.some((c) => c.combinable === false)) expect(t.validCoupons).toHaveLength(1);
        },
      ),
      { seed: 20261125, numRuns: 500 },
    );
  });
});

describe('analyticsValue', () => {
  it('is the subtotal divided by 100', () => {
    expect(analyticsValue(4550)).toBe(45.5);
    expect(analyticsValue(0)).toBe(0);
  });
});
