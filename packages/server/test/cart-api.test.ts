import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

describe.each(dialects)('cart API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const add = (
    body: unknown,
    cookies: Record<string, string> = {},
    headers: Record<string, string> = { 'x-csrf-token': CRUMB },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: body as object,
      cookies: { crumb: CRUMB, ...cookies },
      headers,
    });

  it('answers an empty cart without creating one when no cart cookie is sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart?mock=false&calculateSubtotal=true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      currency: 'USD',
    });
    expect(await t.database.db.selectFrom('carts').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a missing or wrong crumb with 403 and the session message, writing nothing', async () => {
    const none = await add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 }, {}, {});
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ message: SESSION_EXPIRED });
    const wrong = await add(
      { itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 },
      {},
      { 'x-csrf-token': 'f'.repeat(32) },
    );
    expect(wrong.statusCode).toBe(403);
    expect(await t.database.db.selectFrom('carts').selectAll().execute()).toHaveLength(0);
  });

  it('adds an entry, sets the cart cookies, and merges the same sku and fields', async () => {
    const first = await add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1, additionalFields: null });
    expect(first.statusCode).toBe(200);
    const cookies = cookiesOf(first);
    expect(cookies.hasCart).toBe('true');
    expect(cookies.CART).toMatch(/^[0-9a-f]{32}$/);
    const { shoppingCart, newlyAdded } = first.json();
    expect(newlyAdded).toMatchObject({
      itemId: 'tee',
      quantity: 1,
      title: 'Tee',
      chosenVariant: { sku: 'TEE-S-RED', attributes: { Size: 'S', Color: 'Red' } },
      purchasePriceCents: 2500,
      subTotal: { value: '2500', currency: 'USD' },
    });
    expect(shoppingCart).toMatchObject({
      totalQuantity: 1,
      subtotalCents: 2500,
      grandTotalCents: 2500,
      requiresShipping: true,
      hasDigital: false,
      purelyDigital: false,
    });

    const second = await add(
      { itemId: 'tee', sku: 'TEE-S-RED', quantity: '2', additionalFields: null },
      { CART: cookies.CART },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().shoppingCart.entries).toHaveLength(1);
    expect(second.json().shoppingCart.entries[0].quantity).toBe(3);

    // Two licences of the zine, as the merchant allows more than one per order for it.
    await t.database.db
      .updateTable('products')
      .set({ multiple_quantity_allowed: 1 })
      .where('id', '=', 'zine')
      .execute();
    const withFields = await add(
      { itemId: 'zine', sku: 'ZINE', quantity: 1, additionalFields: '{"note":"hi"}' },
      { CART: cookies.CART },
    );
    const again = await add(
      { itemId: 'zine', sku: 'ZINE', quantity: 1, additionalFields: '{"note":"other"}' },
      { CART: cookies.CART },
    );
    expect(withFields.statusCode).toBe(200);
    const cart = again.json().shoppingCart;
    expect(cart.entries).toHaveLength(3);
    expect(cart).toMatchObject({
      totalQuantity: 5,
      subtotalCents: 3 * 2500 + 2 * 1200,
      hasDigital: true,
      purelyDigital: false,
    });

    const read = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cookies.CART, hasCart: 'true' },
    });
    expect(read.json().entries.map((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku)).toEqual([
      'TEE-S-RED',
      'ZINE',
      'ZINE',
    ]);
    await t.database.db
      .updateTable('products')
      .set({ multiple_quantity_allowed: 0 })
      .where('id', '=', 'zine')
      .execute();
  });

  it('answers the spec messages for unavailable, out-of-stock and bad quantities, changing nothing', async () => {
    const cases: [unknown, number, string, string][] = [
      [
        { itemId: 'tee', sku: 'NOPE', quantity: 1 },
        409,
        'VARIANT_UNAVAILABLE',
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        { itemId: 'tee', sku: 'TEE-M-RED', quantity: 1 },
        409,
        'OUT_OF_STOCK',
        'Sorry, we do not have enough of that item available.',
      ],
      [
        { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 6 },
        409,
        'OUT_OF_STOCK',
        'Sorry, we do not have enough of that item available.',
      ],
      [
        { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 'two' },
        400,
        'QUANTITY_NOT_A_NUMBER',
        'Quantity must be a number.',
      ],
      [
        { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1.5 },
        400,
        'QUANTITY_NOT_A_NUMBER',
        'Quantity must be a whole number',
      ],
      [
        { itemId: 'tee', quantity: 1, selection: { Size: 'S' } },
        400,
        'NO_VARIANT_SELECTED',
        'Please select the Color option.',
      ],
      [
        { itemId: 'missing', sku: 'X', quantity: 1 },
        404,
        'VARIANT_UNAVAILABLE',
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
    ];
    for (const [body, status, type, message] of cases) {
      const res = await add(body);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message, type } });
    }
    const bad = await add({ quantity: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/itemId/);
    expect(
      await t.database.db.selectFrom('cart_entries').selectAll().where('sku', '=', 'TEE-S-BLUE').execute(),
    ).toHaveLength(0);
  });

  it('counts what is already in the cart against the stock', async () => {
    const first = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 4 });
    const cart = cookiesOf(first).CART;
    const more = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 2 }, { CART: cart });
    expect(more.statusCode).toBe(409);
    expect(more.json().type).toBe('OUT_OF_STOCK');
    const last = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }, { CART: cart });
    expect(last.json().shoppingCart.entries[0].quantity).toBe(5);
  });

  it('checks the next add against a stock change at once, though it keeps the product it read', async () => {
    const setStock = (qty: number) =>
      t.database.db
        .updateTable('variants')
        .set({ qty_in_stock: qty })
        .where('sku', '=', 'TEE-S-BLUE')
        .execute();
    const first = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 });
    expect(first.statusCode).toBe(200);
    const cart = cookiesOf(first).CART;
    await setStock(1);
    try {
      const refused = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }, { CART: cart });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().type).toBe('OUT_OF_STOCK');
    } finally {
      await setStock(5);
    }
    const again = await add({ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }, { CART: cart });
    expect(again.statusCode).toBe(200);
    expect(again.json().shoppingCart.entries[0].quantity).toBe(2);
  });

  it('sends gift cards to their checkout instead of the cart', async () => {
    const res = await add({ itemId: 'card', sku: 'GC-25', quantity: 1 });
    expect(res.statusCode).toBe(409);
  });

  it('takes a plain HTML form post naming the variant by its options', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost/shop/p/tee',
      },
      cookies: { crumb: CRUMB },
      payload: `crumb=${CRUMB}&itemId=tee&variant-option-Size=S&variant-option-Color=Blue&quantity=2`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cookiesOf(res).CART },
    });
    expect(cart.json().entries[0]).toMatchObject({ quantity: 2, chosenVariant: { sku: 'TEE-S-BLUE' } });

    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost/shop/p/tee',
      },
      cookies: { crumb: CRUMB },
      payload: `crumb=${CRUMB}&itemId=tee&variant-option-Size=M&variant-option-Color=Red&quantity=1`,
    });
    expect(failed.statusCode).toBe(303);
    // The message's key travels, never its text.
    expect(failed.headers.location).toBe('/shop/p/tee?cartError=outOfStock');
    // The page says the message the key names; a text a link carries is never shown.
    const message = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/shop/p/tee?cartError=${query}` })).body.match(
        /<p class="product-form-message" role="alert">([^<]*)<\/p>/,
      )?.[1];
    expect(await message('outOfStock')).toBe('Sorry, we do not have enough of that item available.');
    expect(await message('Call%20555-0100%20to%20unlock%20your%20order')).toBe('');
  });

  it('answers stock per variant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/commerce/inventory/stock/?itemId=tee' });
    expect(res.json().results).toEqual([
      { sku: 'TEE-S-RED', unlimited: false, qtyInStock: 3 },
      { sku: 'TEE-M-RED', unlimited: false, qtyInStock: 0 },
      { sku: 'TEE-S-BLUE', unlimited: false, qtyInStock: 5 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/commerce/inventory/stock/' })).statusCode).toBe(
      400,
    );
  });
});
