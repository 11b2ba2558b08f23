import { afterEach, describe, expect, it } from 'vitest';
import { luhnValid } from '../src/modules/payments/card.js';
import { PAYMENT_MESSAGES, type PaymentProvider } from '../src/modules/payments/provider.js';
import { createTestPaymentProvider, TEST_CARDS } from '../src/modules/payments/test-provider.js';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  placeOrder,
  stockOf,
  US_ADDRESS,
} from './checkout-support.js';
import { dialects } from './support/databases.js';

describe('the test provider', () => {
  const provider = createTestPaymentProvider();
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123', name: 'A' });

  it('knows the test cards', async () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    const input = { amountCents: 100, currency: 'USD', idempotencyKey: 'k1' };
    expect(await provider.authorize({ ...input, card: card(TEST_CARDS.success) })).toMatchObject({
      ok: true,
      status: 'authorized',
    });
    expect(await provider.authorize({ ...input, card: card(TEST_CARDS.declined) })).toEqual({
      ok: false,
      code: 'declined',
      message: 'Your card was declined.',
    });
    expect(await provider.authorize({ ...input, card: card(TEST_CARDS.processingError) })).toEqual({
      ok: false,
      code: 'retry',
      message: 'We could not process your payment. Please try again.',
    });
    expect(provider.testMode).toBe(true);
  });

  it('answers the same reference for the same idempotency key', async () => {
    const input = { amountCents: 100, currency: 'USD', card: card(TEST_CARDS.success) };
    const a = await provider.authorize({ ...input, idempotencyKey: 'same' });
    const b = await provider.authorize({ ...input, idempotencyKey: 'same' });
    const c = await provider.authorize({ ...input, idempotencyKey: 'other' });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });
});

describe.each(dialects)('plugged-in providers on %s', (dialect) => {
  let t: CheckoutTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a provider that throws is a retryable refusal and changes nothing', async () => {
    t = await createCheckoutApp(dialect, {
      paymentProvider: {
        name: 'down',
        testMode: false,
        authorize: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const before = await stockOf(t.database, 'MUG');
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: PAYMENT_MESSAGES.processingError, code: 'retry' });
    expect(await stockOf(t.database, 'MUG')).toBe(before);
  });

  it('the built-in provider answers after TEST_PAYMENT_LATENCY_MS (the slow-provider bench relies on it)', async () => {
    t = await createCheckoutApp(dialect, {}, undefined, 0, { TEST_PAYMENT_LATENCY_MS: '250' });
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const started = performance.now();
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('an authorization whose order cannot be written is released (compensation)', async () => {
    const refunds: string[] = [];
    const provider: PaymentProvider = {
      name: 'broken-reference',
      testMode: false,
      // A reference the orders table cannot hold makes the write after authorizing fail.
      authorize: async () => ({
        ok: true,
        reference: (dialect === 'postgres' ? 'r'.repeat(500) : { not: 'a string' }) as string,
      }),
      refund: async (reference) => {
        refunds.push(String(reference));
      },
    };
    t = await createCheckoutApp(dialect, { paymentProvider: provider });
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const before = await stockOf(t.database, 'MUG');
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(500);
    expect(refunds).toHaveLength(1);
    expect(await stockOf(t.database, 'MUG')).toBe(before);
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });
});
