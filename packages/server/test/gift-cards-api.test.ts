import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  newGiftCardCode,
  normalizeGiftCardCode,
} from '../src/modules/gift-cards/code.js';
import { DEFAULT_RATE_LIMIT_REQUESTS, DEFAULT_RATE_LIMIT_WINDOW_MS } from '../src/platform/rate-limit.js';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { inOneWindow } from './support/app.js';
import { dialects } from './support/databases.js';

describe('gift card codes', () => {
  it('are 16 unambiguous symbols printed in groups of four', () => {
    const code = newGiftCardCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(formatGiftCardCode(code)).toMatch(/^([A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}$/);
    expect(normalizeGiftCardCode(` ${formatGiftCardCode(code).toLowerCase()} `)).toBe(code);
    expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQ0')).toBeNull();
    expect(new Set(Array.from({ length: 1000 }, newGiftCardCode)).size).toBe(1000);
  });
});

describe.each(dialects)('gift cards on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect);
  });
  afterAll(async () => t?.close());

  const balance = (code: string) =>
    t.app.inject({ method: 'GET', url: `/api/commerce/gift-cards/${encodeURIComponent(code)}/balance` });

  async function buyCard(): Promise<string> {
    const res = await placeOrder(t.app, {
      source: {
        kind: 'gift-card',
        giftCardProductId: 'card',
        sku: 'GC-25',
        recipientEmail: 'friend@example.com',
      },
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      source: 'gift-card',
      purchasedCartId: null,
      items: [
        {
          sku: 'GC-25',
          productName: 'Gift Card',
          quantity: 1,
          unitPrice: { decimalValue: '25.00', currency: 'USD' },
        },
      ],
      grandTotal: { decimalValue: '25.00', currency: 'USD' },
      giftCards: [
        { amount: { decimalValue: '25.00', currency: 'USD' }, recipientEmail: 'friend@example.com' },
      ],
    });
    return order.giftCards[0].code;
  }

  it('buying a gift card issues a code with its balance', async () => {
    const code = await buyCard();
    const res = await balance(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code,
      balance: { decimalValue: '25.00', currency: 'USD' },
      balanceCents: 2500,
    });
  });

  it('a gift card product with one denomination needs no sku; an unknown product is refused', async () => {
    const res = await placeOrder(t.app, { source: { kind: 'gift-card', giftCardProductId: 'card' } });
    expect(res.statusCode).toBe(201);
    const wrong = await placeOrder(t.app, { source: { kind: 'gift-card', giftCardProductId: 'tee' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('That gift card is not available.');
  });

  it('pays part of an order and the card is charged the rest', async () => {
    const code = await buyCard();
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 2 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, giftCardCode: code },
      token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      grandTotal: { decimalValue: '54.00' },
      giftCardTotal: { decimalValue: '25.00' },
      amountPaid: { decimalValue: '29.00' },
    });
    expect((await balance(code)).json().balanceCents).toBe(0);
  });

  it('pays a whole order with no card needed, leaving the rest on the card', async () => {
    const code = await buyCard();
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, giftCardCode: code, payment: undefined },
      token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      amountPaid: { decimalValue: '0.00' },
      giftCardTotal: { decimalValue: '12.00' },
    });
    expect((await balance(code)).json().balanceCents).toBe(1300);
  });

  it('never goes negative when two orders spend the same card at once', async () => {
    const code = await buyCard();
    const carts = await Promise.all([
      cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }]),
      cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }]),
    ]);
    const results = await Promise.all(
      carts.map((token) =>
        placeOrder(
          t.app,
          { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, giftCardCode: code },
          token,
        ),
      ),
    );
    const paidByCard = results
      .filter((r) => r.statusCode === 201)
      .map((r) => Number(r.json().order.giftCardTotal.decimalValue));
    expect(paidByCard.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25);
    expect((await balance(code)).json().balanceCents).toBeGreaterThanOrEqual(0);
  });

  it('refuses an unknown code at checkout and on the balance call', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, giftCardCode: 'AAAA-BBBB-CCCC-DDDD' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ giftCardCode: 'That gift card code is not valid.' });
    const b = await balance('AAAA-BBBB-CCCC-DDDD');
    expect(b.statusCode).toBe(404);
    expect(b.json().message).toBe('That gift card code is not valid.');
  });
});

describe('gift card balance rate limit', () => {
  it(`answers 429 after ${DEFAULT_RATE_LIMIT_REQUESTS} lookups from one IP in a window`, async () => {
    const t = await createCheckoutApp('sqlite', {}, undefined, DEFAULT_RATE_LIMIT_REQUESTS);
    try {
      await inOneWindow(DEFAULT_RATE_LIMIT_WINDOW_MS, 5_000);
      const statuses: number[] = [];
      for (let i = 0; i < DEFAULT_RATE_LIMIT_REQUESTS; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/commerce/gift-cards/AAAA-BBBB-CCCC-DDDD/balance',
        });
        statuses.push(res.statusCode);
      }
      expect(new Set(statuses)).toEqual(new Set([404]));
      const last = await t.app.inject({
        method: 'GET',
        url: '/api/commerce/gift-cards/AAAA-BBBB-CCCC-DDDD/balance',
      });
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toBe('Please try again in a few seconds.');
    } finally {
      await t.close();
    }
  });
});
