import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { numberPlacedOrders } from '../src/db/migrations/0015_shopper.js';
import { TEST_CARDS } from '../src/modules/payments/test-provider.js';
import {
  type CheckoutTestApp,
  card,
  cartWith,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const GB_ADDRESS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  line1: '10 Downing St',
  city: 'London',
  region: 'ENG',
  postalCode: 'sw1a2aa',
  country: 'GB',
};

describe.each(dialects)('order numbers and details on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect);
  });
  afterAll(async () => t?.close());

  const mails = async (kind: string) =>
    (await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute()).map(
      (m) => JSON.parse(m.payload) as { to: string; data: Record<string, unknown> },
    );

  async function buyMug(body: Record<string, unknown> = {}) {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    return placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, ...body }, token);
  }

  it('numbers orders #1001, #1002… per store; a declined checkout takes no number', async () => {
    const first = (await buyMug()).json().order;
    expect(first).toMatchObject({ number: 1001, numberText: '#1001' });
    const declined = await buyMug({ payment: card(TEST_CARDS.declined) });
    expect(declined.statusCode).toBe(402);
    const second = (await buyMug()).json().order;
    expect(second).toMatchObject({ number: 1002, numberText: '#1002' });
    const [confirmation] = (await mails('order-confirmation')).filter((m) => m.data.orderId === second.id);
    expect(confirmation.data.orderNumber).toBe('#1002');
  });

  it("writes a paid order's number, its mails and its reviews request together; on PostgreSQL in one statement after the reservation", async () => {
    const seen: string[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...a: unknown[]
    ) {
      const first = a[0] as string | { text?: string };
      seen.push(
        String(typeof first === 'string' ? first : first?.text)
          .trim()
          .toLowerCase(),
      );
      return (query as (...b: unknown[]) => unknown).apply(this, a);
    } as never);
    const other = await createCheckoutApp(dialect);
    try {
      const token = await cartWith(other.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
      seen.length = 0;
      const body = {
        source: { kind: 'cart' },
        shippingAddress: US_ADDRESS,
        note: 'order-number-1 stays as typed',
      };
      const order = (await placeOrder(other.app, body, token)).json().order;
      if (dialect === 'postgres') {
        // The reservation's transaction, then one statement and no transaction for the rest.
        expect(seen[0]).toBe('begin');
        const afterReserve = seen.slice(seen.indexOf('commit') + 1);
        expect(afterReserve).toHaveLength(1);
        expect(afterReserve[0]).toMatch(/^with "target" as/);
      }
      const outbox = await other.database.db
        .selectFrom('outbox')
        .select(['kind', 'payload'])
        .where('ref', 'in', [`order:${order.id}`, `reviews:${order.id}`])
        .orderBy('kind')
        .execute();
      expect(outbox.map((m) => m.kind)).toEqual(['order-confirmation', 'reviews-request']);
      expect(JSON.parse(outbox[0].payload).data).toMatchObject({
        orderNumber: order.numberText,
        note: 'order-number-1 stays as typed',
      });
      const asked = await other.database.db
        .selectFrom('review_requests')
        .select('order_id')
        .where('order_id', '=', order.id)
        .execute();
      expect(asked).toHaveLength(1);
    } finally {
      spy.mockRestore();
      await other.close();
    }
  });

  it('numbers the orders placed before numbers existed, in the order they were placed (migration 0015)', async () => {
    const other = await createCheckoutApp(dialect);
    try {
      const token = () => cartWith(other.app, [{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
      const buy = async () =>
        (
          await placeOrder(
            other.app,
            { source: { kind: 'cart' }, shippingAddress: US_ADDRESS },
            await token(),
          )
        ).json().order.id as string;
      const first = await buy();
      const second = await buy();
      await other.database.db.updateTable('orders').set({ number: null }).execute();
      await other.database.db.deleteFrom('order_counters').execute();
      await numberPlacedOrders(other.database.db);
      const numbers = await other.database.db
        .selectFrom('orders')
        .select(['id', 'number'])
        .orderBy('number')
        .execute();
      expect(numbers).toEqual([
        { id: first, number: 1001 },
        { id: second, number: 1002 },
      ]);
      const third = (
        await placeOrder(other.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, await token())
      ).json().order;
      expect(third.number).toBe(1003);
    } finally {
      await other.close();
    }
  });

  it('racing checkouts never share a number, and the numbers run on without gaps', async () => {
    const carts: string[] = [];
    for (let i = 0; i < 12; i++)
      carts.push(await cartWith(t.app, [{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]));
    const results = await Promise.all(
      carts.map((token) =>
        placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.database.db
      .selectFrom('orders')
      .select('number')
      .where('status', '!=', 'reserved')
      .execute();
    const numbers = rows.map((r) => r.number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(numbers.map((_, i) => 1001 + i));
  });

  it('keeps a separate billing address, the phone and the note, and shows them with the variant on the order page', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      {
        source: { kind: 'cart' },
        shippingAddress: GB_ADDRESS,
        billingAddress: US_ADDRESS,
        phone: ' +44 20 7946 0958 ',
        note: 'Please gift-wrap <it>.',
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      phone: '+44 20 7946 0958',
      note: 'Please gift-wrap <it>.',
      billingAddress: { city: 'Springfield', postalCode: '62701', country: 'US' },
      shippingAddress: { postalCode: 'SW1A2AA', country: 'GB' },
      items: [{ sku: 'TEE-S-RED', variantOptions: { Size: 'S', Color: 'Red' } }],
    });
    const page = await t.app.inject({ method: 'GET', url: order.statusUrl });
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('<h1 id="order-status-title">Order #');
    expect(body).toContain('<title>Order #');
    // The number once, and no link from the status page to itself.
    expect(body.match(new RegExp(order.numberText, 'g'))).toHaveLength(2);
    expect(body).not.toContain('View your order status');
    expect(body).toContain('SW1A 2AA');
    expect(body).toContain('United Kingdom');
    expect(body).toContain('United States');
    expect(body).not.toMatch(/<br>GB<\/address>/);
    expect(body).toContain('<span class="order-item-variant">S / Red</span>');
    expect(body).toContain('<h2>Phone</h2><p>+44 20 7946 0958</p>');
    expect(body).toContain('<p class="order-note">Please gift-wrap &lt;it&gt;.</p>');
    expect(body).toContain('<strong>Test order</strong>');
    const [mail] = (await mails('order-confirmation')).filter((m) => m.data.orderId === order.id);
    expect(mail.data).toMatchObject({
      items: [{ productName: 'Tee', variant: 'S / Red' }],
      shippingAddress: { postalCode: 'SW1A 2AA', country: 'United Kingdom' },
      billingAddress: { name: 'Ada Lovelace', country: 'United States' },
      phone: '+44 20 7946 0958',
      note: 'Please gift-wrap <it>.',
      testMode: true,
    });
  });

  it('checks the billing address, phone and note, each on its field, and places nothing', async () => {
    const before = await t.database.db.selectFrom('orders').select('id').execute();
    const res = await buyMug({
      billingAddress: { ...US_ADDRESS, postalCode: '123' },
      phone: 'call me',
      note: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'billingAddress.postalCode': 'ZIP Codes need to be 5 digits',
      phone: 'Enter a phone number of 7 to 15 digits.',
      note: 'Keep your note to 500 characters.',
    });
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });

  it("mails a gift card to its recipient with their name and the buyer's message", async () => {
    const res = await placeOrder(t.app, {
      source: {
        kind: 'gift-card',
        giftCardProductId: 'card',
        recipientEmail: 'bo@example.com',
        recipientName: 'Bo',
        message: 'Happy birthday!',
      },
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order.giftCards).toMatchObject([
      { recipientEmail: 'bo@example.com', recipientName: 'Bo', message: 'Happy birthday!' },
    ]);
    const delivery = (await mails('gift-card-delivery')).find((m) => m.to === 'bo@example.com');
    expect(delivery?.data).toMatchObject({
      recipientName: 'Bo',
      senderName: 'Ada Lovelace',
      message: 'Happy birthday!',
    });
    const page = await t.app.inject({ method: 'GET', url: order.statusUrl });
    expect(page.body).toContain('sent to Bo');
    const tooLong = await placeOrder(t.app, {
      source: { kind: 'gift-card', giftCardProductId: 'card', message: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ 'source.message': 'Keep your message to 500 characters.' });
  });

  it("shows the number on the owner's list, detail, search and CSV", async () => {
    const { order } = (await buyMug({ phone: '555 010 0199' })).json();
    await addOwner(t.database, 1);
    const admin = await signIn(t.app, ownerEmail(1));
    const owner = { call: (method: string, url: string) => ownerCall(t.app, method, url, admin) };
    const list = (
      await owner.call('GET', `/api/config/orders?q=${encodeURIComponent(order.numberText)}`)
    ).json();
    expect(list.orders.map((o: { id: string; number: string }) => [o.id, o.number])).toEqual([
      [order.id, order.numberText],
    ]);
    const detail = (await owner.call('GET', `/api/config/orders/${order.id}`)).json().order;
    expect(detail).toMatchObject({ number: order.numberText, phone: '555 010 0199', billingAddress: null });
    const csv = (await owner.call('GET', `/api/config/orders.csv?q=${order.number}`)).body;
    expect(csv.split('\r\n')[1].startsWith(`${order.numberText},${order.id},`)).toBe(true);
  });
});
