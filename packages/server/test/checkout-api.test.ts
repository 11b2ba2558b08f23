import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import type { OrderPlacedEvent } from '../src/modules/checkout/service.js';
import { PAYMENT_MESSAGES } from '../src/modules/payments/provider.js';
import { TEST_CARDS } from '../src/modules/payments/test-provider.js';
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
import { CRUMB, cookiesOf } from './support/app.js';
import { dialects } from './support/databases.js';

describe.each(dialects)('placing an order on %s', (dialect) => {
  let t: CheckoutTestApp;
  const events: OrderPlacedEvent[] = [];
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, { onOrderPlaced: [(e) => void events.push(e)] });
  });
  afterAll(async () => t?.close());

  const cartRow = (token: string) =>
    t.database.db.selectFrom('carts').selectAll().where('token', '=', token).executeTakeFirstOrThrow();

  it('decrements stock, marks the cart purchased and answers the order', async () => {
    const token = await cartWith(t.app, [
      { itemId: 'tee', sku: 'TEE-S-RED', quantity: 2 },
      { itemId: 'zine', sku: 'ZINE', quantity: 1 },
    ]);
    const before = await stockOf(t.database, 'TEE-S-RED');
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(201);
    const { order, confirmationUrl } = res.json();
    expect(order).toMatchObject({
      testMode: true,
      websiteId: 'w1',
      status: 'paid',
      email: 'ada@example.com',
      source: 'cart',
      items: [
        {
          sku: 'TEE-S-RED',
          productName: 'Tee',
          quantity: 2,
          unitPrice: { decimalValue: '25.00', currency: 'USD' },
        },
        {
          sku: 'ZINE',
          productName: 'Zine',
          quantity: 1,
          unitPrice: { decimalValue: '12.00', currency: 'USD' },
        },
      ],
      grandTotal: { decimalValue: '62.00', currency: 'USD' },
      shippingTotal: { decimalValue: '0.00', currency: 'USD' },
      taxTotal: { decimalValue: '0.00', currency: 'USD' },
      shippingAddress: {
        firstName: 'Ada',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      },
    });
    expect(order.downloads).toHaveLength(1);
    expect(confirmationUrl).toMatch(
      new RegExp(`^/commerce/orders/${order.id}/confirmation\\?token=[0-9a-f]{32}$`),
    );
    expect(await stockOf(t.database, 'TEE-S-RED')).toBe(before - 2);
    const cart = await cartRow(token);
    expect(cart.is_purchased).toBe(1);
    expect(cart.order_id).toBe(order.id);
    expect(order.purchasedCartId).toBe(cart.id);
    expect(cookiesOf(res).CART).toBe('');
    // Spec §9: the analytics value is the subtotal / 100.
    expect(events.at(-1)).toMatchObject({ value: 62, order: { id: order.id } });
  });

  it('leaves unlimited variants untouched', async () => {
    const token = await cartWith(t.app, [{ itemId: 'poster', sku: 'POSTER', quantity: 3 }]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('variants')
      .selectAll()
      .where('sku', '=', 'POSTER')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ unlimited: 1, qty_in_stock: 0 });
  });

  it('sells a variant another instance made unlimited after this one priced it, taking no stock', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const stock = async () =>
      (
        await t.database.db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('sku', '=', 'MUG')
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const before = await stock();
    // Written where this instance does not count it: its kept product still says counted.
    const other = openDatabase(t.database.config);
    try {
      await other.db.updateTable('variants').set({ unlimited: 1 }).where('sku', '=', 'MUG').execute();
      const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
      expect(res.statusCode, res.body).toBe(201);
      expect(await stock()).toBe(before);
    } finally {
      await other.db.updateTable('variants').set({ unlimited: 0 }).where('sku', '=', 'MUG').execute();
      await other.close();
    }
  });

  it.each([
    [TEST_CARDS.declined, PAYMENT_MESSAGES.declined, 'declined'],
    [TEST_CARDS.insufficientFunds, PAYMENT_MESSAGES.insufficientFunds, 'declined'],
    [TEST_CARDS.processingError, PAYMENT_MESSAGES.processingError, 'retry'],
  ])('a refused card %s changes nothing and says why', async (number, message, code) => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }]);
    const before = await stockOf(t.database, 'TEE-S-BLUE');
    const orders = (await t.database.db.selectFrom('orders').select('id').execute()).length;
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, payment: card(number) },
      token,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message, code });
    expect(await stockOf(t.database, 'TEE-S-BLUE')).toBe(before);
    expect((await cartRow(token)).is_purchased).toBe(0);
    expect((await t.database.db.selectFrom('orders').select('id').execute()).length).toBe(orders);
    // The same cart goes through with a good card afterwards.
    const retry = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(t.database, 'TEE-S-BLUE')).toBe(before - 1);
  });

  it('refuses a card number that fails the Luhn check with a 400', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, payment: card('4242424242424241') },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      errors: { 'payment.cardNumber': 'Your card number is invalid.' },
    });
  });

  it('accepts any other Luhn-valid number', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, payment: card('5555 5555 5555 4444') },
      token,
    );
    expect(res.statusCode).toBe(201);
  });

  it('names the item that is short, and changes nothing', async () => {
    const token = await cartWith(t.app, [
      { itemId: 'mug', sku: 'MUG', quantity: 1 },
      { itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 },
    ]);
    const mug = await stockOf(t.database, 'MUG');
    // Someone else buys the last tees after this cart was filled.
    const tees = await stockOf(t.database, 'TEE-S-RED');
    await t.database.db
      .updateTable('variants')
      .set({ qty_in_stock: 0 })
      .where('sku', '=', 'TEE-S-RED')
      .execute();
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Sorry, we do not have enough of that item available.',
      type: 'OUT_OF_STOCK',
      itemName: 'Tee',
    });
    expect(await stockOf(t.database, 'MUG')).toBe(mug);
    expect((await cartRow(token)).is_purchased).toBe(0);
    await t.database.db
      .updateTable('variants')
      .set({ qty_in_stock: tees })
      .where('sku', '=', 'TEE-S-RED')
      .execute();
  });

  it('an order of one item sold out after it was added writes nothing, and the same request goes through once it is back', async () => {
    // On PostgreSQL the stock is taken in the order's statement, sent with the COMMIT: the take
    // that finds too little fails it, the reservation is rolled back and runs again item by item.
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const mugs = await stockOf(t.database, 'MUG');
    await t.database.db.updateTable('variants').set({ qty_in_stock: 1 }).where('sku', '=', 'MUG').execute();
    const body = { idempotencyKey: newKey(), source: { kind: 'cart' }, shippingAddress: US_ADDRESS };
    const orders = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const ordersBefore = Number(await orders());
    const short = await placeOrder(t.app, body, token);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ type: 'OUT_OF_STOCK', itemName: 'Mug' });
    expect(await stockOf(t.database, 'MUG')).toBe(1);
    expect((await cartRow(token)).is_purchased).toBe(0);
    expect(Number(await orders())).toBe(ordersBefore);
    await t.database.db
      .updateTable('variants')
      .set({ qty_in_stock: mugs })
      .where('sku', '=', 'MUG')
      .execute();
    const placed = await placeOrder(t.app, body, token);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(t.database, 'MUG')).toBe(mugs - 2);
    expect((await cartRow(token)).is_purchased).toBe(1);
  });

  it('answers the same order for the same idempotency key, and 409 for a different body', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const before = await stockOf(t.database, 'MUG');
    const idempotencyKey = newKey();
    const body = { idempotencyKey, source: { kind: 'cart' }, shippingAddress: US_ADDRESS };
    const [a, b] = await Promise.all([placeOrder(t.app, body, token), placeOrder(t.app, body, token)]);
    const c = await placeOrder(t.app, body, token);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await stockOf(t.database, 'MUG')).toBe(before - 1);
    const other = await placeOrder(t.app, { ...body, email: 'someone@example.com' }, token);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This checkout request was already used for a different order. Please reload the page and try again.',
    );
  });

  it('refuses to buy a cart twice', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    expect((await placeOrder(t.app, { source: { kind: 'cart' } }, token)).statusCode).toBe(201);
    const again = await placeOrder(t.app, { source: { kind: 'cart' } }, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This cart has already been purchased.');
  });

  it('needs a shipping address for physical items only', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' } }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ shippingAddress: 'Enter a shipping address.' });
    const bad = await placeOrder(
      t.app,
      {
        source: { kind: 'cart' },
        shippingAddress: { ...US_ADDRESS, postalCode: '123', region: 'XX', city: ' ' },
      },
      token,
    );
    expect(bad.json().errors).toEqual({
      'shippingAddress.postalCode': 'ZIP Codes need to be 5 digits',
      'shippingAddress.region': 'Required',
      'shippingAddress.city': 'Required',
    });
    const digital = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const ok = await placeOrder(t.app, { source: { kind: 'cart' } }, digital);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.shippingAddress).toBeNull();
  });

  it('checks the email, the crumb and the body', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, email: 'nope' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
    });
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/orders',
      payload: {},
      cookies: { crumb: CRUMB },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json().message).toBe('Your session has expired. Please reload the page and try again.');
    const noCart = await placeOrder(t.app, { source: { kind: 'cart' } });
    expect(noCart.statusCode).toBe(400);
    expect(noCart.json().message).toBe('Your cart is empty.');
  });

  it('shows the order to the holder of its link only', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const { order } = (await placeOrder(t.app, { source: { kind: 'cart' } }, token)).json();
    const ok = await t.app.inject({ method: 'GET', url: `/api${order.statusUrl}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order).toEqual(order);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/commerce/orders/${order.id}?token=${'0'.repeat(32)}`,
    });
    expect(wrong.statusCode).toBe(404);
  });
});
