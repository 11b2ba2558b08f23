import { FIRST_ORDER_NUMBER } from '@storefront/commerce';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESERVATION_TIMEOUT_MS, releaseAbandonedReservations } from '../src/modules/checkout/service.js';
import type { AuthorizeInput, PaymentProvider } from '../src/modules/payments/provider.js';
import { createTestPaymentProvider, TEST_CARDS } from '../src/modules/payments/test-provider.js';
import {
  type CheckoutTestApp,
  card,
  cartWith,
  createCheckoutApp,
  newKey,
  placeOrder,
  stockOf,
  US_ADDRESS,
} from './checkout-support.js';
import { dialects } from './support/databases.js';

/** The test provider, but every authorization waits until the test opens the gate. */
function gatedProvider() {
  const inner = createTestPaymentProvider();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const started: AuthorizeInput[] = [];
  let waiting: (() => void) | null = null;
  const provider: PaymentProvider = {
    ...inner,
    async authorize(input) {
      started.push(input);
      waiting?.();
      await gate;
      return inner.authorize(input);
    },
  };
  return {
    provider,
    open,
    started,
    /** Resolves once `n` authorizations are waiting at the gate. */
    until(n: number) {
      return new Promise<void>((resolve) => {
        const check = () => (started.length >= n ? resolve() : undefined);
        waiting = check;
        check();
      });
    },
  };
}

const mugOrder = (quantity: number, cardNumber: string = TEST_CARDS.success) => ({
  source: { kind: 'cart' },
  shippingAddress: US_ADDRESS,
  payment: card(cardNumber),
  quantity,
});

async function orderMugs(t: CheckoutTestApp, quantity: number, cardNumber?: string, key = newKey()) {
  const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity }]);
  const { quantity: _q, ...body } = mugOrder(quantity, cardNumber);
  return { token, key, send: () => placeOrder(t.app, { ...body, idempotencyKey: key }, token) };
}

describe.each(dialects)('checkout reserves, pays outside any lock, then confirms, on %s', (dialect) => {
  let t: CheckoutTestApp;
  let gated: ReturnType<typeof gatedProvider>;
  beforeEach(async () => {
    gated = gatedProvider();
    t = await createCheckoutApp(dialect, { paymentProvider: gated.provider });
  });
  afterEach(async () => {
    gated.open();
    await t?.close();
  });

  it('another shopper checks out while a payment is being authorized; the reservation holds its stock', async () => {
    const late = await orderMugs(t, 1);
    const slow = await orderMugs(t, 10);
    const answer = slow.send();
    await gated.until(1);
    // All 10 mugs are held by the order being paid for: nothing is left to oversell.
    expect(await stockOf(t.database, 'MUG')).toBe(0);
    const refused = await late.send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sorry, we do not have enough of that item available.');
    // A digital order needs no stock: it reserves, waits its own turn at the gate, and is not blocked by the first.
    const zine = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const other = placeOrder(t.app, { source: { kind: 'cart' } }, zine);
    await gated.until(2);
    gated.open();
    expect((await other).statusCode).toBe(201);
    expect((await answer).statusCode).toBe(201);
    expect(await stockOf(t.database, 'MUG')).toBe(0);
  });

  it('a declined card releases the reservation: stock, cart and key are as they were', async () => {
    gated.open();
    const declined = await orderMugs(t, 4, TEST_CARDS.declined);
    const res = await declined.send();
    expect(res.statusCode).toBe(402);
    expect(await stockOf(t.database, 'MUG')).toBe(10);
    const orders = await t.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
    const keys = await t.database.db.selectFrom('idempotency_keys').select('key').execute();
    expect(keys).toEqual([]);
    // The same cart can be bought with another card.
    const retry = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, payment: card() },
      declined.token,
    );
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(t.database, 'MUG')).toBe(6);
  });

  it('a retry with the same key resumes a reservation whose request is still paying: one order, one charge', async () => {
    const first = await orderMugs(t, 2);
    const a = first.send();
    await gated.until(1);
    const b = first.send();
    await gated.until(2);
    gated.open();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.statusCode).toBe(201);
    expect(rb.statusCode).toBe(201);
    expect(ra.json().order.id).toBe(rb.json().order.id);
    // Both authorizations carried the same provider key: a real processor charges it once.
    expect(new Set(gated.started.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(await stockOf(t.database, 'MUG')).toBe(8);
    // One confirmation (the reviews request waits in the outbox apart: test/reviews.test.ts).
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '!=', 'reviews-request')
      .execute();
    expect(mails).toHaveLength(1);
    // The confirm that found the order settled took a number and gave it back: no gap.
    expect(ra.json().order.number).toBe(FIRST_ORDER_NUMBER);
    const next = await (await orderMugs(t, 1)).send();
    expect(next.json().order.number).toBe(FIRST_ORDER_NUMBER + 1);
  });

  it('a reservation abandoned by a dead checkout is released once it is old enough', async () => {
    const dead = await orderMugs(t, 3);
    void dead.send();
    await gated.until(1);
    expect(await stockOf(t.database, 'MUG')).toBe(7);
    const at = (ms: number) => ({ db: t.database.db, websiteId: '', clock: { now: () => Date.now() + ms } });
    expect(await releaseAbandonedReservations(at(0))).toBe(0);
    expect(await releaseAbandonedReservations(at(RESERVATION_TIMEOUT_MS + 1000))).toBe(1);
    expect(await stockOf(t.database, 'MUG')).toBe(10);
    const cart = await t.database.db
      .selectFrom('carts')
      .select('is_purchased')
      .where('token', '=', dead.token)
      .executeTakeFirstOrThrow();
    expect(cart.is_purchased).toBe(0);
    // The dead request's payment lands too late: its order is gone, so it is refused, and nothing is kept.
    gated.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const orders = await t.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
    // Its confirm took a number before finding the order gone, and gave it back.
    const next = await (await orderMugs(t, 1)).send();
    expect(next.json().order.number).toBe(FIRST_ORDER_NUMBER);
  });
});
