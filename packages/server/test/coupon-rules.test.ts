import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_MESSAGES } from '../src/modules/gift-cards/service.js';
import { INVALID_COUPON_MESSAGES } from '../src/modules/pricing/service.js';
import {
  type CheckoutTestApp,
  card,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
} from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';

/** The store of the finding: a $100 gift card, the coupons it used, and coupons with the merchant's rules. */
function couponCatalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    products: [
      ...base.products,
      {
        id: 'card100',
        collectionId: 'shop',
        urlSlug: 'card-100',
        name: 'Gift Card 100',
        productType: 4,
        variants: [{ sku: 'GC-100', attributes: { Amount: '$100' }, price: '100.00' }],
      },
    ],
    coupons: [
      { code: 'TEN', type: 'percentage', percent: 10 },
      { code: 'FIVE', type: 'fixed', amountCents: 500 },
      { code: 'GIFTOK', type: 'percentage', percent: 10, appliesToGiftCards: true },
      { code: 'SOLO', type: 'fixed', amountCents: 300, combinable: false },
      { code: 'ONCE', type: 'fixed', amountCents: 100, maxUses: 1 },
      { code: 'MINE', type: 'fixed', amountCents: 100, maxUsesPerCustomer: 1 },
    ],
  };
}

describe.each(dialects)('coupon rules and gift cards on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, {}, couponCatalog());
  });
  afterAll(async () => t?.close());

  const giftCardSource = { kind: 'gift-card', giftCardProductId: 'card100', sku: 'GC-100' };
  const quote = (body: Record<string, unknown>, cartToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: body,
      cookies: { crumb: CRUMB, ...(cartToken ? { CART: cartToken } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });
  const balanceOf = async (code: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/commerce/gift-cards/${encodeURIComponent(code)}/balance`,
      })
    ).json().balanceCents as number;

  it('the finding: coupons and older gift cards never buy gift card balance below face value', async () => {
    // The attack: buy a $100 card with two coupons, then pay the next card with the last one, six times.
    let cashPaid = 0;
    let balanceIssued = 0;
    let previous: string | null = null;
    for (let i = 0; i < 6; i++) {
      const body: Record<string, unknown> = { source: giftCardSource, couponCodes: ['TEN', 'FIVE'] };
      if (previous) {
        const refused = await placeOrder(t.app, { ...body, giftCardCode: previous });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual({ giftCardCode: GIFT_CARD_MESSAGES.notForGiftCards });
        expect(await balanceOf(previous)).toBe(10_000);
      }
      const q = await quote(body);
      expect(q.json()).toMatchObject({
        discountCents: 0,
        grandTotalCents: 10_000,
        invalidCoupons: [
          {
            code: 'TEN',
            reason: 'gift-cards-excluded',
            message: INVALID_COUPON_MESSAGES['gift-cards-excluded'],
          },
          { code: 'FIVE', reason: 'gift-cards-excluded' },
        ],
      });
      const res = await placeOrder(t.app, body);
      expect(res.statusCode).toBe(201);
      const { order } = res.json();
      expect(order.grandTotal.decimalValue).toBe('100.00');
      cashPaid += 10_000;
      balanceIssued += 10_000;
      previous = order.giftCards[0].code as string;
    }
    expect(balanceIssued).toBe(cashPaid);
    const amounts = await t.database.db
      .selectFrom('orders')
      .select(['amount_paid_cents', 'gift_card_cents', 'discount_cents'])
      .where('source_kind', '=', 'gift-card')
      .execute();
    expect(amounts.every((o) => o.amount_paid_cents === 10_000 && o.gift_card_cents === 0)).toBe(true);
    expect(amounts.every((o) => o.discount_cents === 0)).toBe(true);
  });

  it('a coupon the merchant lets apply to gift cards discounts them', async () => {
    const res = await placeOrder(t.app, { source: giftCardSource, couponCodes: ['GIFTOK'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.grandTotal.decimalValue).toBe('90.00');
  });

  it('gift cards still pay for other goods', async () => {
    const bought = await placeOrder(t.app, { source: giftCardSource });
    const code = bought.json().order.giftCards[0].code as string;
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, giftCardCode: code, payment: undefined },
      token,
    );
    expect(res.statusCode).toBe(201);
    expect(await balanceOf(code)).toBe(10_000 - 1_200);
  });

  it('a coupon that is not combinable applies only alone', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const q = await quote({ source: { kind: 'cart' }, couponCodes: ['SOLO', 'TEN'] }, token);
    expect(q.json()).toMatchObject({
      discountCents: 300,
      validCoupons: [{ code: 'SOLO' }],
      invalidCoupons: [
        {
          code: 'TEN',
          reason: 'not-combinable',
          message: 'This coupon cannot be combined with other coupons.',
        },
      ],
    });
    const stacked = await quote({ source: { kind: 'cart' }, couponCodes: ['TEN', 'FIVE'] }, token);
    expect(stacked.json().discountCents).toBe(120 + 500);
  });

  it('a coupon limited to one use is used once, then refused with its message', async () => {
    const first = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, couponCodes: ['ONCE'], email: 'one@example.com' },
      await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]),
    );
    expect(first.statusCode).toBe(201);
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const q = await quote({ source: { kind: 'cart' }, couponCodes: ['ONCE'] }, token);
    expect(q.json().invalidCoupons).toMatchObject([
      { code: 'ONCE', reason: 'usage-limit', message: 'This coupon has reached its usage limit.' },
    ]);
    const second = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, couponCodes: ['ONCE'], email: 'two@example.com', payment: card() },
      token,
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().errors.couponCodes).toBe('ONCE: This coupon has reached its usage limit.');
  });

  it('a coupon limited per customer counts the customer by email, in any case', async () => {
    const buy = async (email: string) =>
      placeOrder(
        t.app,
        { source: { kind: 'cart' }, couponCodes: ['MINE'], email },
        await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]),
      );
    expect((await buy('grace@example.com')).statusCode).toBe(201);
    const again = await buy(' Grace@Example.com ');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.couponCodes).toMatch(/^MINE: /);
    expect((await buy('someone.else@example.com')).statusCode).toBe(201);
  });

  it('racing orders never use a coupon more often than its limit', async () => {
    await t.database.db
      .updateTable('coupons')
      .set({ max_uses: 3, times_used: 0 })
      .where('code', '=', 'FIVE')
      .execute();
    const tokens = await Promise.all(
      Array.from({ length: 8 }, () => cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }])),
    );
    const results = await Promise.all(
      tokens.map((token, i) =>
        placeOrder(
          t.app,
          { source: { kind: 'cart' }, couponCodes: ['FIVE'], email: `r${i}@example.com` },
          token,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const row = await t.database.db
      .selectFrom('coupons')
      .select('times_used')
      .where('code', '=', 'FIVE')
      .executeTakeFirstOrThrow();
    expect(row.times_used).toBe(3);
    const redemptions = await t.database.db
      .selectFrom('coupon_redemptions')
      .innerJoin('coupons', 'coupons.id', 'coupon_redemptions.coupon_id')
      .select('coupon_redemptions.id')
      .where('coupons.code', '=', 'FIVE')
      .execute();
    expect(redemptions).toHaveLength(3);
  });
});
