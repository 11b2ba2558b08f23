import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_QUANTITY_RANGE, CART_PURCHASED, LINE_QUANTITY_FULL } from '../src/modules/cart/service.js';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB, cookiesOf } from './support/app.js';
import { dialects } from './support/databases.js';

/** Issue 15's audit of the cart: quantity caps, the bought cart, the GET cart's query. */
describe.each(dialects)('cart rules the audit found on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect);
  });
  afterAll(async () => t?.close());

  const add = (body: Record<string, unknown>, cart?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { additionalFields: null, ...body },
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });
  const getCart = (query: string, cart?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/commerce/shopping-cart${query}`,
      cookies: cart ? { CART: cart } : {},
    });

  it('refuses an add quantity outside 1–9999 instead of changing it, and a line past 9999', async () => {
    for (const quantity of [0, -5, '0', 10_000]) {
      const res = await add({ itemId: 'poster', sku: 'POSTER', quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADD_QUANTITY_RANGE);
    }
    const first = await add({ itemId: 'poster', sku: 'POSTER', quantity: 9000 });
    const cart = cookiesOf(first).CART!;
    const more = await add({ itemId: 'poster', sku: 'POSTER', quantity: 1000 }, cart);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(LINE_QUANTITY_FULL);
    const last = await add({ itemId: 'poster', sku: 'POSTER', quantity: 999 }, cart);
    expect(last.json().shoppingCart.totalQuantity).toBe(9999);
    // The spec's own messages still answer what is not a whole number.
    expect((await add({ itemId: 'poster', sku: 'POSTER', quantity: 'two' })).json().message).toBe(
      'Quantity must be a number.',
    );
  });

  it('a bought cart does not change with its old cookie: an add starts a new cart, line changes are refused', async () => {
    const cart = await cartWith(t.app, [{ itemId: 'poster', sku: 'POSTER', quantity: 1 }]);
    const entryId = (await getCart('', cart)).json().entries[0].id;
    const order = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, cart);
    expect(order.statusCode).toBe(201);

    const added = await add({ itemId: 'poster', sku: 'POSTER', quantity: 2 }, cart);
    expect(added.statusCode).toBe(200);
    expect(cookiesOf(added).CART).not.toBe(cart);
    expect(added.json().shoppingCart.totalQuantity).toBe(2);
    const bought = await getCart('', cart);
    expect(bought.json()).toMatchObject({ isPurchased: true, totalQuantity: 1 });

    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/quantity`,
      payload: { quantity: 5 },
      cookies: { crumb: CRUMB, CART: cart },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(CART_PURCHASED);
  });

  it('GET cart: mock answers the empty shape, calculateSubtotal=false skips pricing, bad values are 400', async () => {
    const cart = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const mock = await getCart('?mock=true', cart);
    expect(mock.json()).toMatchObject({ id: null, entries: [], totalQuantity: 0 });
    const plain = await getCart('?calculateSubtotal=false&timecode=1732590000000', cart);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.json()).toMatchObject({ totalQuantity: 2, subtotalCents: 0, grandTotalCents: 0 });
    expect(plain.json().entries[0].purchasePriceCents).toBe(1000);
    const priced = await getCart('?calculateSubtotal=true', cart);
    expect(priced.json().subtotalCents).toBe(2000);
    const bad = await getCart('?mock=yes', cart);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('mock: mock must be true or false');
    expect((await getCart('?timecode=abc', cart)).statusCode).toBe(400);
  });
});
