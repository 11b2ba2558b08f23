import { MESSAGES } from '@storefront/commerce';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/index.js';
import { PAYMENT_MESSAGES } from '../src/modules/payments/provider.js';
import { createTestPaymentProvider, TEST_CARDS } from '../src/modules/payments/test-provider.js';
import {
  RENEWAL_DECLINE_RETRY_MS,
  RENEWAL_ERROR_RETRY_MS,
  RENEWAL_LEASE_MS,
  RENEWAL_STOCK_RETRY_MS,
  type RenewalWorker,
  startRenewalWorker,
} from '../src/modules/subscriptions/renewals.js';
import { stockOf } from './checkout-support.js';
import {
  type BillingTestApp,
  countingProvider,
  createBillingApp,
  subscribeAndOrder,
} from './subscriptions-billing-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';

const utc = (m: number, d: number, h = 12) => Date.UTC(2025, m - 1, d, h);
const JAN_31 = utc(1, 31);

describe.each(dialects)('subscription billing on %s', (dialect) => {
  let t: BillingTestApp;
  let provider: ReturnType<typeof countingProvider>;
  const workers: RenewalWorker[] = [];
  const pools: Database[] = [];

  beforeEach(async () => {
    provider = countingProvider();
    t = await createBillingApp(dialect, provider);
    t.clock.set(JAN_31);
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    for (const p of pools.splice(0)) await p.close();
    await t.close();
  });

  function worker(database: Database = t.database) {
    const w = startRenewalWorker({ database, clock: t.clock, provider, autoStart: false });
    workers.push(w);
    return w;
  }
  const subscription = (orderId: string) =>
    t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  const subscriptionById = (id: string) =>
    t.database.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ordersOf = (id: string) =>
    t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('source_key', 'like', `subscription:${id}:%`)
      .orderBy('created_at')
      .execute();
  const confirmationMails = () =>
    t.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'order-confirmation').execute();

  it('an order from a subscription cart starts the subscription in the same transaction: monthly from Jan 31 bills next on Feb 28', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans', { qty: 2 });
    const sub = await subscription(order.id);
    expect(sub).toMatchObject({
      status: 'active',
      cycles_billed: 1,
      started_at: JAN_31,
      next_billing_at: utc(2, 28),
      next_attempt_at: utc(2, 28),
      item_id: 'beans',
      sku: 'BEANS',
      quantity: 2,
      unit_price_cents: 1400,
      currency: 'USD',
      email: 'ada@example.com',
      shipping_option_id: 'std',
      payment_provider: 'test',
      failed_attempts: 0,
    });
    expect(JSON.parse(sub.plan)).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: null,
    });
    expect(JSON.parse(sub.shipping_address!)).toMatchObject({
      firstName: 'Ada',
      country: 'US',
      region: 'IL',
    });
    expect(sub.payment_token).toMatch(/^test_pm_ok_/);
  });

  it.each([
    ['tea', 'weekly', utc(2, 7)],
    ['soap', 'every 2 weeks', utc(2, 14)],
  ])('%s (%s) bills next on the right day', async (itemId, _plan, next) => {
    const { order } = await subscribeAndOrder(t.app, itemId);
    expect((await subscription(order.id)).next_billing_at).toBe(next);
  });

  it('a declined first payment starts no subscription', async () => {
    await expect(subscribeAndOrder(t.app, 'beans', { cardNumber: TEST_CARDS.declined })).rejects.toThrow(
      /402/,
    );
    expect(await t.database.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('the status call answers status, plan wording and next billing date for the right token only', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/commerce/subscriptions/${sub.id}?token=${sub.access_token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      id: sub.id,
      orderId: order.id,
      status: 'active',
      planText: '$14.00 every month',
      nextBillingDate: '2025-02-28T12:00:00.000Z',
      nextBillingDateText: 'February 28, 2025',
      cyclesBilled: 1,
      cyclesLeft: null,
      price: { decimalValue: '14.00', currency: 'USD' },
    });
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/commerce/subscriptions/${sub.id}?token=nope`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('We could not find that subscription.');
  });

  it('the subscription confirmed page (206) shows the plan and the next billing date', async () => {
    const { confirmationUrl } = await subscribeAndOrder(t.app, 'beans');
    const page = await t.app.inject({ method: 'GET', url: confirmationUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="page-type-206"');
    expect(page.body).toContain('$14.00 every month');
    expect(page.body).toContain('February 28, 2025');
  });

  it('runOnce before the billing date does nothing; at it, renews exactly once and moves the date on', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    const w = worker();
    t.clock.set(utc(2, 28) - 1);
    expect((await w.runOnce()).size).toBe(0);
    expect(provider.charges).toHaveLength(0);
    expect(await ordersOf(sub.id)).toHaveLength(0);

    const stockBefore = await stockOf(t.database, 'BEANS');
    const mailsBefore = (await confirmationMails()).length;
    t.clock.set(utc(2, 28));
    expect([...(await w.runOnce()).entries()]).toEqual([[sub.id, 'renewed']]);
    expect(await w.runOnce()).toEqual(new Map());

    const renewals = await ordersOf(sub.id);
    expect(renewals).toHaveLength(1);
    // 14.00 plus the stored Standard shipping (5.00); no tax rule for Illinois in this store.
    expect(renewals[0]).toMatchObject({
      source_kind: 'subscription',
      source_key: `subscription:${sub.id}:cycle:2`,
      status: 'paid',
      email: 'ada@example.com',
      subtotal_cents: 1400,
      shipping_cents: 500,
      grand_total_cents: 1900,
      amount_paid_cents: 1900,
      payment_provider: 'test',
    });
    expect(renewals[0].payment_reference).toMatch(/^test_/);
    expect(provider.charges).toEqual([
      {
        token: sub.payment_token,
        amountCents: 1900,
        currency: 'USD',
        idempotencyKey: `w1:subscription:${sub.id}:cycle:2:attempt:1`,
      },
    ]);
    expect(await stockOf(t.database, 'BEANS')).toBe(stockBefore - 1);
    const mails = await confirmationMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.some((m) => JSON.parse(m.payload).data.orderId === renewals[0].id)).toBe(true);
    // Counted from Jan 31, the third cycle is on Mar 31, not Mar 28.
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'active',
      cycles_billed: 2,
      next_billing_at: utc(3, 31),
      next_attempt_at: utc(3, 31),
      locked_until: null,
      claim_token: null,
    });
  });

  it('two workers on separate connection pools racing for one due subscription place one renewal order and one charge', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    // PostgreSQL: a second pool, as a second instance would have. SQLite serves one instance,
    // whose requests and workers share one connection (a second in-process connection would
    // block the event loop on the first one's write lock).
    const second = dialect === 'postgres' ? openDatabase(t.database.config) : t.database;
    if (second !== t.database) pools.push(second);
    const a = worker();
    const b = worker(second);
    t.clock.set(utc(3, 1));
    const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const outcomes = results.flatMap((m) => [...m.values()]);
    expect(outcomes).toEqual(['renewed']);
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(provider.charges).toHaveLength(1);
    expect((await subscriptionById(sub.id)).cycles_billed).toBe(2);
  });

  it('a subscription held by a worker that died is left alone until its lease ends, then renewed once with the same key', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    const due = utc(2, 28);
    // What a worker that crashed after claiming leaves behind: its claim, and nothing committed.
    await t.database.db
      .updateTable('subscriptions')
      .set({ locked_until: due + RENEWAL_LEASE_MS, claim_token: 'dead-worker' })
      .where('id', '=', sub.id)
      .execute();
    const w = worker();
    t.clock.set(due + RENEWAL_LEASE_MS - 1);
    expect((await w.runOnce()).size).toBe(0);
    t.clock.set(due + RENEWAL_LEASE_MS);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'renewed']]));
    expect(provider.charges.map((c) => c.idempotencyKey)).toEqual([
      `w1:subscription:${sub.id}:cycle:2:attempt:1`,
    ]);
    expect(await ordersOf(sub.id)).toHaveLength(1);
  });

  it('a declined renewal is past due, retried after 1 day and 3 days, then cancelled; nothing is ordered or taken', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans', { cardNumber: TEST_CARDS.renewalDeclined });
    const sub = await subscription(order.id);
    expect(sub.payment_token).toMatch(/^test_pm_declines_/);
    const stock = await stockOf(t.database, 'BEANS');
    const w = worker();

    const due = utc(2, 28);
    t.clock.set(due);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'past_due']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'past_due',
      failed_attempts: 1,
      next_billing_at: due,
      next_attempt_at: due + RENEWAL_DECLINE_RETRY_MS[0],
      last_error: PAYMENT_MESSAGES.declined,
    });

    t.clock.set(due + RENEWAL_DECLINE_RETRY_MS[0] - 1);
    expect((await w.runOnce()).size).toBe(0);
    const second = due + RENEWAL_DECLINE_RETRY_MS[0];
    t.clock.set(second);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'past_due']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'past_due',
      failed_attempts: 2,
      next_attempt_at: second + RENEWAL_DECLINE_RETRY_MS[1],
    });

    t.clock.set(second + RENEWAL_DECLINE_RETRY_MS[1]);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'cancelled']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'cancelled',
      failed_attempts: 3,
      next_billing_at: null,
      next_attempt_at: null,
      cancelled_at: second + RENEWAL_DECLINE_RETRY_MS[1],
    });
    t.clock.set(utc(6, 1));
    expect((await w.runOnce()).size).toBe(0);

    // Each attempt had its own key, so a provider would not answer a retry with the cached decline.
    expect(provider.charges.map((c) => c.idempotencyKey)).toEqual(
      [1, 2, 3].map((n) => `w1:subscription:${sub.id}:cycle:2:attempt:${n}`),
    );
    expect(await ordersOf(sub.id)).toHaveLength(0);
    expect(await stockOf(t.database, 'BEANS')).toBe(stock);
    // The shopper hears of each declined renewal, and of the cancellation that ends the retries.
    const notices = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('ref', '=', `subscription:${sub.id}`)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(notices.map((n) => JSON.parse(n.payload).data.event)).toEqual([
      'renewal-failed',
      'renewal-failed',
      'cancelled',
    ]);
  });

  it('a provider that cannot be reached is asked again later with the same key, then the cycle renews', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    const inner = provider.charge!;
    let failNext = true;
    provider.charge = async (input) => {
      if (failNext) {
        failNext = false;
        provider.charges.push(input);
        throw new Error('connect ETIMEDOUT');
      }
      return inner(input);
    };
    const w = worker();
    const due = utc(2, 28);
    t.clock.set(due);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'retry']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'active',
      failed_attempts: 0,
      next_attempt_at: due + RENEWAL_ERROR_RETRY_MS,
      last_error: PAYMENT_MESSAGES.processingError,
    });
    t.clock.set(due + RENEWAL_ERROR_RETRY_MS);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'renewed']]));
    const [first, retried] = provider.charges.map((c) => c.idempotencyKey);
    expect(retried).toBe(first);
    expect(await ordersOf(sub.id)).toHaveLength(1);
  });

  it('a finite plan completes after its number of billing cycles', async () => {
    const { order } = await subscribeAndOrder(t.app, 'box');
    const sub = await subscription(order.id);
    const w = worker();
    t.clock.set(utc(2, 28));
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'renewed']]));
    expect((await subscriptionById(sub.id)).next_billing_at).toBe(utc(3, 31));
    t.clock.set(utc(3, 31));
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'completed']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'completed',
      cycles_billed: 3,
      next_billing_at: null,
      next_attempt_at: null,
    });
    t.clock.set(utc(12, 31));
    expect((await w.runOnce()).size).toBe(0);
    expect(await ordersOf(sub.id)).toHaveLength(2);
    expect(provider.charges).toHaveLength(2);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/commerce/subscriptions/${sub.id}?token=${sub.access_token}`,
    });
    expect(view.json().subscription).toMatchObject({
      status: 'completed',
      planText: '$30.00 every month for 3 months',
      cyclesLeft: 0,
      nextBillingDate: null,
      nextBillingDateText: '',
    });
  });

  it('out of stock at renewal: past due without a charge, retried the next day once restocked', async () => {
    const { order } = await subscribeAndOrder(t.app, 'jam');
    const sub = await subscription(order.id);
    expect(await stockOf(t.database, 'JAM')).toBe(0);
    const w = worker();
    const due = utc(2, 28);
    t.clock.set(due);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'past_due']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'past_due',
      failed_attempts: 0,
      next_attempt_at: due + RENEWAL_STOCK_RETRY_MS,
      last_error: MESSAGES.outOfStock,
    });
    expect(provider.charges).toHaveLength(0);
    expect(await ordersOf(sub.id)).toHaveLength(0);

    await t.database.db.updateTable('variants').set({ qty_in_stock: 4 }).where('sku', '=', 'JAM').execute();
    t.clock.set(due + RENEWAL_STOCK_RETRY_MS);
    expect(await w.runOnce()).toEqual(new Map([[sub.id, 'renewed']]));
    expect(await subscriptionById(sub.id)).toMatchObject({
      status: 'active',
      cycles_billed: 2,
      next_billing_at: utc(3, 31),
      last_error: null,
    });
    expect(await stockOf(t.database, 'JAM')).toBe(3);
    expect(provider.charges).toHaveLength(1);
  });

  it('cancelling (crumb and token required) stops renewals', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const sub = await subscription(order.id);
    const cancel = (token: string, crumb: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/commerce/subscriptions/${sub.id}/cancel?token=${token}`,
        cookies: { crumb: CRUMB },
        headers: crumb ? { 'x-csrf-token': CRUMB } : {},
      });
    expect((await cancel(sub.access_token, false)).statusCode).toBe(403);
    expect((await cancel('wrong', true)).statusCode).toBe(404);
    t.clock.set(utc(2, 10));
    const res = await cancel(sub.access_token, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: 'cancelled',
      nextBillingDate: null,
      cancelled: utc(2, 10),
    });
    expect((await cancel(sub.access_token, true)).json().subscription.status).toBe('cancelled');

    t.clock.set(utc(3, 1));
    expect((await worker().runOnce()).size).toBe(0);
    expect(provider.charges).toHaveLength(0);
    expect(await ordersOf(sub.id)).toHaveLength(0);
  });

  it('a completed subscription cannot be cancelled', async () => {
    await t.database.db
      .updateTable('products')
      .set({
        subscription_plan: JSON.stringify({
          billingPeriod: { value: 1, unit: 'MONTH' },
          numBillingCycles: 1,
        }),
      })
      .where('id', '=', 'box')
      .execute();
    const { order } = await subscribeAndOrder(t.app, 'box');
    const sub = await subscription(order.id);
    expect(sub).toMatchObject({ status: 'completed', next_billing_at: null });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${sub.id}/cancel?token=${sub.access_token}`,
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscription has already ended.');
  });
});

describe('the test provider keeps cards for renewals', () => {
  const provider = createTestPaymentProvider();
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada' });
  const authorize = (number: string, reuse?: boolean) =>
    provider.authorize({
      amountCents: 1900,
      currency: 'USD',
      card: card(number),
      idempotencyKey: 'k1',
      reuse,
    });

  it('answers a reusable token only when asked to keep the card', async () => {
    expect(await authorize(TEST_CARDS.success)).not.toHaveProperty('reusableToken');
    const kept = await authorize(TEST_CARDS.success, true);
    expect(kept).toMatchObject({ ok: true, reusableToken: expect.stringMatching(/^test_pm_ok_/) });
  });

  it('charges a kept card, the same reference for the same key; declines renewals of 4000000000000341 and unknown tokens', async () => {
    const kept = await authorize(TEST_CARDS.success, true);
    if (!kept.ok || !kept.reusableToken) throw new Error('no token');
    const charge = (token: string, idempotencyKey: string) =>
      provider.charge!({ token, amountCents: 1900, currency: 'USD', idempotencyKey });
    const first = await charge(kept.reusableToken, 'renewal-1');
    expect(first).toMatchObject({ ok: true, status: 'authorized' });
    expect(await charge(kept.reusableToken, 'renewal-1')).toEqual(first);
    expect(await charge(kept.reusableToken, 'renewal-2')).not.toEqual(first);

    const declining = await authorize(TEST_CARDS.renewalDeclined, true);
    expect(declining.ok).toBe(true);
    if (!declining.ok || !declining.reusableToken) throw new Error('no token');
    const declined = { ok: false, code: 'declined', message: PAYMENT_MESSAGES.declined };
    expect(await charge(declining.reusableToken, 'renewal-3')).toEqual(declined);
    expect(await charge('tok_unknown', 'renewal-4')).toEqual(declined);
  });
});
