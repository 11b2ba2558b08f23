import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../src/modules/payments/provider.js';
import { createTestPaymentProvider } from '../src/modules/payments/test-provider.js';
import { startRenewalWorker } from '../src/modules/subscriptions/renewals.js';
import { csvCell, csvRow } from '../src/platform/csv.js';
import { cartWith, placeOrder, stockOf, US_ADDRESS } from './checkout-support.js';
import { type BillingTestApp, createBillingApp, subscribeAndOrder } from './subscriptions-billing-support.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

/** The test provider, keeping each refund it was asked for; `failRefunds` makes refunds throw, `whileRefunding` runs while it answers. */
function refundingProvider() {
  const inner = createTestPaymentProvider();
  const refunds: { reference: string; amountCents: number }[] = [];
  const state: { failRefunds: boolean; whileRefunding?: () => Promise<void> } = { failRefunds: false };
  const provider: PaymentProvider = {
    ...inner,
    async refund(reference, amountCents) {
      await state.whileRefunding?.();
      if (state.failRefunds) throw new Error('provider down');
      refunds.push({ reference, amountCents });
    },
  };
  return { provider, refunds, state };
}

describe.each(dialects)('owner orders on %s', (dialect) => {
  let t: BillingTestApp;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  const payments = refundingProvider();

  /** Each call a second later, so what it writes sorts after what came before. */
  const tick = () => t.clock.set(t.clock.now() + 1000);
  const call = (method: string, url: string, body?: unknown, cookies = admin) => {
    tick();
    return ownerCall(t.app, method, url, cookies, body);
  };

  async function buy(lines: { itemId: string; sku: string; quantity: number }[], email = 'ada@example.com') {
    tick();
    const token = await cartWith(t.app, lines);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, email, shippingOptionId: 'std' },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; numberText: string; amountPaid: { decimalValue: string } };
  }

  const mails = (orderId: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('ref', '=', `order:${orderId}`)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          kind: r.kind,
          ...(JSON.parse(r.payload) as { to: string; data: Record<string, unknown> }),
        })),
      );

  const audit = (action: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    t = await createBillingApp(dialect, payments.provider);
    await addOwner(t.database, 1);
    await addOwner(t.database, 10);
    admin = await signIn(t.app, ownerEmail(1));
    viewer = await signIn(t.app, ownerEmail(10));
  });
  afterAll(async () => t?.close());

  it('lists orders newest first, filtered by status, test mode, dates and email or id', async () => {
    const a = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }], 'Grace.Hopper@Example.com');
    const b = await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 2 }], 'linus@example.com');

    const all = await call('GET', '/api/config/orders');
    expect(all.statusCode).toBe(200);
    const list = all.json();
    expect(list.page).toBe(1);
    expect(list.pageSize).toBe(50);
    expect(list.orders.map((o: { id: string }) => o.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect(list.orders[0]).toMatchObject({
      email: 'linus@example.com',
      status: 'paid',
      fulfilmentStatus: 'unfulfilled',
      testMode: true,
      currency: 'USD',
    });

    const byEmail = (await call('GET', '/api/config/orders?q=grace.hopper')).json();
    expect(byEmail.orders.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(byEmail.total).toBe(1);
    const byId = (await call('GET', `/api/config/orders?q=${b.id}`)).json();
    expect(byId.orders.map((o: { id: string }) => o.id)).toEqual([b.id]);
    // Empty parameters are no filter, as a form submits them.
    const blank = await call('GET', '/api/config/orders?status=&from=&to=&test=&q=&page=');
    expect(blank.json().total).toBe(list.total);
    expect((await call('GET', '/api/config/orders?status=refunded')).json().total).toBe(0);
    expect((await call('GET', '/api/config/orders?test=false')).json().total).toBe(0);
    expect((await call('GET', '/api/config/orders?test=true')).json().total).toBe(list.total);
    // The store's clock is on 2025-01-31 (UTC, the store's time zone).
    expect((await call('GET', '/api/config/orders?from=2025-01-31&to=2025-01-31')).json().total).toBe(
      list.total,
    );
    expect((await call('GET', '/api/config/orders?from=2025-02-01')).json().total).toBe(0);
    expect((await call('GET', '/api/config/orders?to=2025-01-30')).json().total).toBe(0);
  });

  it('refuses bad filters with a 400 and the field at fault', async () => {
    const res = await call('GET', '/api/config/orders?status=lost&from=2025-02-30&page=0');
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['from', 'page', 'status']);
    expect(errors.from).toBe('Enter a date as YYYY-MM-DD.');
    const range = await call('GET', '/api/config/orders?from=2025-02-02&to=2025-02-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().errors).toEqual({ to: 'The end date must not be before the start date.' });
  });

  it('shows an order with its items, address, payment and the mails it sent', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const res = await call('GET', `/api/config/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().order;
    expect(detail).toMatchObject({
      id: order.id,
      email: 'ada@example.com',
      status: 'paid',
      items: [{ sku: 'MUG', productName: 'Mug', quantity: 2, unitPriceCents: 1000, lineTotalCents: 2000 }],
      subtotalCents: 2000,
      shippingCents: 500,
      shippingAddress: { line1: '1 Main St', city: 'Springfield', country: 'US' },
      shippingOption: { id: 'std', name: 'Standard' },
      payment: { provider: 'test' },
      refunds: [],
      fulfilments: [],
      refundableCents: detail.amountPaidCents,
    });
    expect(detail.payment.reference).toMatch(/^test_/);
    expect(detail.emails).toMatchObject([
      { template: 'order-confirmation', to: 'ada@example.com', status: 'pending' },
    ]);
    const missing = await call('GET', '/api/config/orders/o_missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'We could not find that order.' });
  });

  it('refunds in parts that add up, never past what was paid, and mails each refund', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const paid = (await call('GET', `/api/config/orders/${order.id}`)).json().order.amountPaidCents as number;
    expect(paid).toBe(1500);

    const first = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 500,
      restock: false,
      reason: 'Chipped',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 500,
      refundableCents: 1000,
    });
    // The shopper's order page says so too.
    const page = await t.app.inject({ method: 'GET', url: first.json().order.statusUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Partially refunded');

    const over = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 1001,
      restock: false,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: 'A refund cannot be more than what is left of the amount paid.',
      errors: { amountCents: 'A refund cannot be more than what is left of the amount paid.' },
    });

    const rest = await call('POST', `/api/config/orders/${order.id}/refund`, { whole: true, restock: false });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order).toMatchObject({ status: 'refunded', refundedCents: 1500, refundableCents: 0 });
    const again = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 1,
      restock: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a paid order can be refunded.');

    const detail = (await call('GET', `/api/config/orders/${order.id}`)).json().order;
    expect(detail.refunds.map((r: { amountCents: number }) => r.amountCents)).toEqual([500, 1000]);
    expect(detail.refunds[0]).toMatchObject({
      reason: 'Chipped',
      by: ownerEmail(1),
      restocked: false,
      status: 'done',
    });
    const reference = detail.payment.reference;
    expect(payments.refunds.filter((r) => r.reference === reference)).toEqual([
      { reference, amountCents: 500 },
      { reference, amountCents: 1000 },
    ]);
    const refundMails = (await mails(order.id)).filter((m) => m.kind === 'order-refunded');
    expect(refundMails.map((m) => [m.to, m.data.amountCents, m.data.totalRefundedCents])).toEqual([
      ['ada@example.com', 500, 500],
      ['ada@example.com', 1000, 1500],
    ]);
    expect((await audit('order.refund')).filter((a) => a.target === `order:${order.id}`)).toHaveLength(2);
  });

  it('lets racing refunds together give back at most what was paid', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const results = await Promise.all(
      [900, 900, 900].map((amountCents) =>
        call('POST', `/api/config/orders/${order.id}/refund`, { amountCents, restock: false }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const detail = (await call('GET', `/api/config/orders/${order.id}`)).json().order;
    expect(detail.refundedCents).toBe(900);
    expect(detail.refunds).toHaveLength(1);
  });

  it('puts the items back in stock once when a refund restocks', async () => {
    const before = await stockOf(t.database, 'MUG');
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 3 }]);
    expect(await stockOf(t.database, 'MUG')).toBe(before - 3);
    const res = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 100,
      restock: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.restocked).toBe(true);
    expect(await stockOf(t.database, 'MUG')).toBe(before);
    const twice = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 100,
      restock: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ restock: 'The items of this order are already back in stock.' });
    // Refused as a whole: neither money nor stock moved.
    expect(await stockOf(t.database, 'MUG')).toBe(before);
    expect((await call('GET', `/api/config/orders/${order.id}`)).json().order.refundedCents).toBe(100);
  });

  it('holds no lock while the provider refunds: a shopper can check out meanwhile', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    let placedMeanwhile: string | null = null;
    payments.state.whileRefunding = async () => {
      placedMeanwhile = (await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 1 }])).id;
    };
    try {
      const res = await call('POST', `/api/config/orders/${order.id}/refund`, {
        amountCents: 100,
        restock: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.refunds).toMatchObject([{ amountCents: 100, status: 'done' }]);
    } finally {
      payments.state.whileRefunding = undefined;
    }
    expect(placedMeanwhile).not.toBeNull();
  });

  it('changes nothing when the payment provider fails the refund', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const stock = await stockOf(t.database, 'MUG');
    payments.state.failRefunds = true;
    try {
      const res = await call('POST', `/api/config/orders/${order.id}/refund`, { whole: true, restock: true });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The payment provider could not make this refund. Nothing was changed; please try again.',
      );
    } finally {
      payments.state.failRefunds = false;
    }
    const detail = (await call('GET', `/api/config/orders/${order.id}`)).json().order;
    expect(detail).toMatchObject({ status: 'paid', refundedCents: 0, restocked: false, refunds: [] });
    expect(await stockOf(t.database, 'MUG')).toBe(stock);
    expect((await mails(order.id)).map((m) => m.kind)).toEqual(['order-confirmation']);
  });

  it('refuses refund bodies that say neither or both, with field errors', async () => {
    const order = await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
    const neither = await call('POST', `/api/config/orders/${order.id}/refund`, { restock: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({
      amountCents: 'Enter an amount to refund, or refund the whole order.',
    });
    const both = await call('POST', `/api/config/orders/${order.id}/refund`, { amountCents: 5, whole: true });
    expect(both.json().errors).toEqual({
      amountCents: 'Refund either an amount or the whole order, not both.',
    });
    const bad = await call('POST', `/api/config/orders/${order.id}/refund`, {
      amountCents: 2.5,
      restock: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amountCents', 'restock']);
  });

  it('after a partial refund, a fulfilment mails the tracking; both mails are in the outbox', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    expect(
      (await call('POST', `/api/config/orders/${order.id}/refund`, { amountCents: 250, restock: false }))
        .statusCode,
    ).toBe(200);
    const res = await call('POST', `/api/config/orders/${order.id}/fulfil`, {
      carrier: ' UPS ',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'partially_refunded',
      fulfilmentStatus: 'fulfilled',
      fulfilments: [{ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', by: ownerEmail(1) }],
    });
    const sent = await mails(order.id);
    expect(sent.map((m) => m.kind)).toEqual(['order-confirmation', 'order-refunded', 'order-fulfilled']);
    expect(sent[2]).toMatchObject({
      to: 'ada@example.com',
      data: { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    const detail = (await call('GET', `/api/config/orders/${order.id}`)).json().order;
    expect(detail.emails.map((e: { template: string }) => e.template)).toEqual([
      'order-confirmation',
      'order-refunded',
      'order-fulfilled',
    ]);
    const twice = await call('POST', `/api/config/orders/${order.id}/fulfil`, {
      carrier: 'UPS',
      trackingNumber: '2',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This order is already fulfilled.');
    expect((await audit('order.fulfil')).filter((a) => a.target === `order:${order.id}`)).toHaveLength(1);
  });

  it('refuses a fulfilment without carrier or tracking number, or with a script link', async () => {
    const order = await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
    const empty = await call('POST', `/api/config/orders/${order.id}/fulfil`, {
      carrier: ' ',
      trackingUrl: 'javascript:alert(1)',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      carrier: 'Enter the carrier.',
      trackingNumber: 'Enter the tracking number.',
      trackingUrl: 'Enter a web address starting with http:// or https://.',
    });
    expect((await call('GET', `/api/config/orders/${order.id}`)).json().order.fulfilmentStatus).toBe(
      'unfulfilled',
    );
  });

  it('resends the confirmation through the outbox', async () => {
    const order = await buy([{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const res = await call('POST', `/api/config/orders/${order.id}/resend-confirmation`);
    expect(res.statusCode).toBe(202);
    const sent = (await mails(order.id)).filter((m) => m.kind === 'order-confirmation');
    expect(sent).toHaveLength(2);
    expect(sent[1].data).toEqual(sent[0].data);
    expect(await audit('order.resend-confirmation')).not.toHaveLength(0);
  });

  it('lets a viewer neither read orders nor change them', async () => {
    const order = await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
    expect((await call('GET', '/api/config/orders', undefined, viewer)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/config/orders/${order.id}/refund`, { whole: true }, viewer)).statusCode,
    ).toBe(403);
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: `/api/config/orders/${order.id}/refund`,
      cookies: admin,
      payload: { whole: true },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect((await call('GET', `/api/config/orders/${order.id}`)).json().order.refundedCents).toBe(0);
  });

  it('exports the filtered orders as CSV a spreadsheet cannot run', async () => {
    // A valid address that a spreadsheet would run as a formula (a DDE payload).
    const order = await buy(
      [
        { itemId: 'poster', sku: 'POSTER', quantity: 1 },
        { itemId: 'zine', sku: 'ZINE', quantity: 1 },
      ],
      "=cmd|'/Ccalc'!A0@example.com",
    );
    const { created, items } = (await call('GET', `/api/config/orders/${order.id}`)).json().order;
    const itemsCell = (items as { quantity: number; productName: string; sku: string }[])
      .map((i) => `${i.quantity} × ${i.productName} (${i.sku})`)
      .join(', ');
    expect(itemsCell).toContain('1 × Poster (POSTER)');
    const res = await call('GET', `/api/config/orders.csv?q=${encodeURIComponent('cmd|')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Order id,Date (UTC),Email,Status,Fulfilment,Test,Currency,Subtotal,Discount,Shipping,Tax,Total,Gift card,Paid,Refunded,Coupons,Items,Phone,Note',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe(
      `${order.numberText},${order.id},${new Date(created).toISOString()},'=cmd|'/Ccalc'!A0@example.com,paid,unfulfilled,yes,USD,17.00,0.00,5.00,0.00,22.00,0.00,22.00,0.00,,"${itemsCell}",,`,
    );
    expect((await call('GET', '/api/config/orders.csv?status=nope')).statusCode).toBe(400);
  });

  it('lists subscriptions, shows their renewals and cancels them', async () => {
    const { order } = await subscribeAndOrder(t.app, 'beans');
    const list = (await call('GET', '/api/config/subscriptions?status=active')).json();
    const sub = list.subscriptions.find((s: { orderId: string }) => s.orderId === order.id);
    expect(sub).toMatchObject({
      status: 'active',
      productName: 'Beans',
      email: 'ada@example.com',
      cyclesBilled: 1,
    });

    const start = t.clock.now();
    t.clock.set(Date.UTC(2025, 2, 1, 13));
    const worker = startRenewalWorker({
      database: t.database,
      clock: t.clock,
      provider: payments.provider,
      autoStart: false,
    });
    await worker.runOnce();
    await worker.stop();
    t.clock.set(start);

    const detail = await call('GET', `/api/config/subscriptions/${sub.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().subscription).toMatchObject({ id: sub.id, cyclesBilled: 2 });
    expect(detail.json().subscription.renewals).toMatchObject([
      { status: 'paid', currency: 'USD', orderNumber: expect.stringMatching(/^#10\d\d$/) },
    ]);

    const cancelled = await call('POST', `/api/config/subscriptions/${sub.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'cancelled', nextBillingDate: null });
    expect((await call('POST', `/api/config/subscriptions/${sub.id}/cancel`)).statusCode).toBe(200);
    expect(
      (await audit('subscription.cancel')).filter((a) => a.target === `subscription:${sub.id}`),
    ).toHaveLength(1);
    // The subscriber is told once, however often the owner presses cancel.
    const notices = await t.database.db
      .selectFrom('outbox')
      .select('kind')
      .where('ref', '=', `subscription:${sub.id}`)
      .execute();
    expect(notices).toEqual([{ kind: 'subscription-notice' }]);
    expect((await call('GET', '/api/config/subscriptions?status=cancelled')).json().total).toBe(1);
    expect((await call('GET', '/api/config/subscriptions?status=frozen')).statusCode).toBe(400);
    expect((await call('GET', '/api/config/subscriptions/sub_missing')).statusCode).toBe(404);
  });

  it('reads the date filters as days in the store’s time zone', async () => {
    await buy([{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
    // 2025-01-31 around 12:00 UTC is already 2025-02-01 in Auckland (UTC+13 in summer).
    expect((await call('PATCH', '/api/config/settings', { timeZone: 'Pacific/Auckland' })).statusCode).toBe(
      200,
    );
    try {
      // Every order but the subscription's renewal (placed in March) falls on that day.
      const total = (await call('GET', '/api/config/orders?to=2025-02-28')).json().total;
      expect(total).toBeGreaterThan(0);
      expect((await call('GET', '/api/config/orders?from=2025-02-01&to=2025-02-01')).json().total).toBe(
        total,
      );
      expect((await call('GET', '/api/config/orders?to=2025-01-31')).json().total).toBe(0);
    } finally {
      await call('PATCH', '/api/config/settings', { timeZone: 'UTC' });
    }
  });
});

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks and defuse formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});
