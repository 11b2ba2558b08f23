import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from './checkout-support.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';
const NOT_IN_CART = 'That item is no longer in your cart.';
const ONE_PER_ORDER = 'Sorry, you can buy only one of this item per order.';

describe.each(dialects)('cart line edits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, undefined, { rateLimit: { requests: 0 } });
  });
  afterAll(async () => t?.close());

  const addRaw = (body: object, cart?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: body,
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });
  async function add(body: object, cart?: string) {
    const res = await addRaw(body, cart);
    expect(res.statusCode).toBe(200);
    return { cart: cart ?? cookiesOf(res).CART, entryId: res.json().newlyAdded.id as string };
  }

  const setQuantity = (cart: string | undefined, entryId: string, quantity: unknown, crumb = CRUMB) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/quantity`,
      payload: { quantity },
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': crumb },
    });
  const remove = (cart: string | undefined, entryId: string, crumb = CRUMB) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/commerce/shopping-cart/entries/${entryId}`,
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': crumb },
    });
  /** The merchant's product setting "allow more than one per order" on the digital zine. */
  const allowMoreZines = (allowed: boolean) =>
    t.database.db
      .updateTable('products')
      .set({ multiple_quantity_allowed: allowed ? 1 : 0 })
      .where('id', '=', 'zine')
      .execute();
  const quantities = async () =>
    (await t.database.db.selectFrom('cart_entries').select(['id', 'quantity']).orderBy('id').execute()).map(
      (r) => [r.id, r.quantity],
    );

  /** A plain HTML form post, as a browser without JavaScript sends it. */
  const formPost = (cart: string | undefined, url: string, fields: Record<string, string>, crumb = CRUMB) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams({ crumb, ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
    });

  it('without JavaScript: the cart page forms step, set and remove, and come back to the cart with any message', async () => {
    const { cart, entryId } = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 });
    const quantityUrl = `/api/commerce/shopping-cart/entries/${entryId}/quantity`;
    const plus = await formPost(cart, quantityUrl, { quantity: '1', step: '1' });
    expect([plus.statusCode, plus.headers.location]).toEqual([303, '/cart']);
    expect(await quantities()).toContainEqual([entryId, 2]);
    await formPost(cart, quantityUrl, { quantity: '5' });
    expect(await quantities()).toContainEqual([entryId, 5]);
    const bad = await formPost(cart, quantityUrl, { quantity: '-3' });
    expect([bad.statusCode, bad.headers.location]).toEqual([303, '/cart?cartError=quantityRange']);
    const page = await t.app.inject({
      method: 'GET',
      url: '/cart?cartError=quantityRange',
      cookies: { CART: cart },
    });
    expect(page.body).toContain(
      '<p class="cart-page-message" role="alert">Quantity must be between 0 and 9999.</p>',
    );
    // The page's forms post here, each with the page's crumb.
    expect(page.body).toContain(`action="${quantityUrl}"`);
    expect(page.body).toMatch(/<input type="hidden" name="crumb" value="[0-9a-f.]+">/);
    expect(page.body).not.toContain('disabled');
    const forged = await formPost(cart, quantityUrl, { quantity: '1' }, 'forged');
    expect(forged.headers.location).toBe('/cart?cartError=sessionExpired');
    expect(await quantities()).toContainEqual([entryId, 5]);
    const minus = await formPost(cart, quantityUrl, { quantity: '1', step: '-1' });
    expect(minus.headers.location).toBe('/cart');
    expect((await quantities()).map(([id]) => id)).not.toContain(entryId);
    const gone = await formPost(cart, `/api/commerce/shopping-cart/entries/${entryId}/remove`, {});
    expect(gone.headers.location).toBe('/cart?cartError=entryNotFound');
    const again = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }, cart);
    const removed = await formPost(cart, `/api/commerce/shopping-cart/entries/${again.entryId}/remove`, {});
    expect(removed.headers.location).toBe('/cart');
    expect((await quantities()).map(([id]) => id)).not.toContain(again.entryId);
    const coupon = await formPost(cart, '/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
    expect(coupon.headers.location).toBe('/cart?cartError=unknownCoupon');
  });

  it('changes a quantity and answers the repriced cart', async () => {
    const { cart, entryId } = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 });
    const res = await setQuantity(cart, entryId, '4');
    expect(res.statusCode).toBe(200);
    expect(res.json().shoppingCart).toMatchObject({
      totalQuantity: 4,
      subtotalCents: 4 * 2700,
      grandTotalCents: 4 * 2700,
      entries: [{ id: entryId, quantity: 4, subTotal: { value: '10800', currency: 'USD' } }],
    });
    const lower = await setQuantity(cart, entryId, 2);
    expect(lower.json().shoppingCart.entries[0].quantity).toBe(2);
  });

  it('refuses more than the stock, counting other entries of the same variant, and changes nothing', async () => {
    const { cart, entryId } = await add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 });
    await add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1, additionalFields: '{"note":"gift"}' }, cart);
    const before = await quantities();
    const over = await setQuantity(cart, entryId, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: OUT_OF_STOCK, type: 'OUT_OF_STOCK' });
    expect(await quantities()).toEqual(before);
    expect((await setQuantity(cart, entryId, 2)).statusCode).toBe(200);
  });

  it('answers the spec quantity messages and the range for bad quantities', async () => {
    await allowMoreZines(true);
    const { cart, entryId } = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    const cases: [unknown, string][] = [
      ['abc', 'Quantity must be a number.'],
      ['', 'Quantity must be a number.'],
      [1.5, 'Quantity must be a whole number'],
      [10000, 'Quantity must be between 0 and 9999.'],
      [-1, 'Quantity must be between 0 and 9999.'],
    ];
    for (const [quantity, message] of cases) {
      const res = await setQuantity(cart, entryId, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/quantity`,
      payload: {},
      cookies: { crumb: CRUMB, CART: cart },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'quantity is required' });
    expect((await setQuantity(cart, entryId, 9999)).json().shoppingCart.totalQuantity).toBe(9999);
    await allowMoreZines(false);
  });

  it('a digital licence is one line of quantity 1: adding it again or raising it is refused, with the message', async () => {
    const { cart, entryId } = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    const again = await addRaw({ itemId: 'zine', sku: 'ZINE', quantity: 1 }, cart);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ONE_PER_ORDER, type: 'OUT_OF_STOCK' });
    expect(await quantities()).toContainEqual([entryId, 1]);
    const two = await addRaw({ itemId: 'zine', sku: 'ZINE', quantity: 2 });
    expect([two.statusCode, two.json().message]).toEqual([409, ONE_PER_ORDER]);

    // Without JavaScript: the product page's plain form comes back to the page with the message.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost/shop/p/zine',
      },
      cookies: { crumb: CRUMB, CART: cart },
      payload: `crumb=${CRUMB}&itemId=zine&sku=ZINE`,
    });
    expect([plain.statusCode, plain.headers.location]).toEqual([303, '/shop/p/zine?cartError=onePerOrder']);
    const productPage = await t.app.inject({ method: 'GET', url: '/shop/p/zine?cartError=onePerOrder' });
    expect(productPage.body).toContain(`<p class="product-form-message" role="alert">${ONE_PER_ORDER}</p>`);
    expect(await quantities()).toContainEqual([entryId, 1]);

    const raised = await setQuantity(cart, entryId, 2);
    expect([raised.statusCode, raised.json().message]).toEqual([409, ONE_PER_ORDER]);
    const quantityUrl = `/api/commerce/shopping-cart/entries/${entryId}/quantity`;
    const plus = await formPost(cart, quantityUrl, { quantity: '1', step: '1' });
    expect(plus.headers.location).toBe('/cart?cartError=onePerOrder');
    expect(await quantities()).toContainEqual([entryId, 1]);

    const json = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cart },
    });
    expect(json.json().entries).toMatchObject([{ id: entryId, quantity: 1, maxQuantity: 1 }]);
    // The cart page shows the licence's quantity as text, with no stepper to raise it.
    const page = await t.app.inject({
      method: 'GET',
      url: '/cart?cartError=onePerOrder',
      cookies: { CART: cart },
    });
    expect(page.body).toContain(`<p class="cart-page-message" role="alert">${ONE_PER_ORDER}</p>`);
    expect(page.body).toContain(
      '<p class="cart-entry-quantity cart-entry-quantity--fixed">Qty 1 <span class="cart-entry-quantity-note">One per order</span></p>',
    );
    expect(page.body).not.toContain(`action="${quantityUrl}"`);
  });

  it('checkout and its quote refuse a licence held twice, say which item, and buy nothing', async () => {
    const { cart, entryId } = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    // A cart from before the rule (or changed behind its back) holds two.
    await t.database.db.updateTable('cart_entries').set({ quantity: 2 }).where('id', '=', entryId).execute();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: { source: { kind: 'cart' } },
      cookies: { crumb: CRUMB, CART: cart },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect([quote.statusCode, quote.json().message]).toEqual([409, `Zine: ${ONE_PER_ORDER}`]);
    const order = await placeOrder(t.app, { source: { kind: 'cart' } }, cart);
    expect([order.statusCode, order.json().message]).toEqual([409, `Zine: ${ONE_PER_ORDER}`]);
    const orders = await t.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
    // Lowering it to 1 is always allowed; then the order goes through.
    expect((await setQuantity(cart, entryId, 1)).statusCode).toBe(200);
    expect((await placeOrder(t.app, { source: { kind: 'cart' } }, cart)).statusCode).toBe(201);
  });

  it('a licence the merchant allows more of is bought in any quantity, as one line', async () => {
    await allowMoreZines(true);
    const { cart, entryId } = await add({ itemId: 'zine', sku: 'ZINE', quantity: 2 });
    await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 }, cart);
    expect(await quantities()).toContainEqual([entryId, 3]);
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cart },
    });
    expect(json.json().entries).toMatchObject([{ id: entryId, quantity: 3, maxQuantity: 9999 }]);
    await allowMoreZines(false);
  });

  it('removes an entry by DELETE or by quantity 0', async () => {
    const { cart, entryId } = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    const other = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }, cart);
    const removed = await remove(cart, entryId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shoppingCart).toMatchObject({ totalQuantity: 1, subtotalCents: 2700 });
    expect((await remove(cart, entryId)).statusCode).toBe(404);
    const zero = await setQuantity(cart, other.entryId, 0);
    expect(zero.statusCode).toBe(200);
    expect(zero.json().shoppingCart).toMatchObject({ entries: [], totalQuantity: 0, grandTotalCents: 0 });
  });

  it("touches only the caller's own cart and checks the crumb", async () => {
    const mine = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    const theirs = await add({ itemId: 'zine', sku: 'ZINE', quantity: 1 });
    const before = await quantities();
    for (const res of [
      await setQuantity(mine.cart, theirs.entryId, 3),
      await remove(mine.cart, theirs.entryId),
      await setQuantity(undefined, theirs.entryId, 3),
      await remove(undefined, theirs.entryId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: NOT_IN_CART });
    }
    for (const res of [
      await setQuantity(theirs.cart, theirs.entryId, 3, 'f'.repeat(32)),
      await remove(theirs.cart, theirs.entryId, 'f'.repeat(32)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SESSION_EXPIRED });
    }
    expect(await quantities()).toEqual(before);
  });
});
