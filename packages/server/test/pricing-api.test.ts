import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { pricedCatalog } from './support/pricing.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

describe.each(dialects)('cart pricing API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, pricedCatalog(), { rateLimit: { requests: 0 } });
  });
  afterAll(async () => t?.close());

  async function newCart(lines: { itemId: string; sku: string; quantity: number }[]): Promise<string> {
    let cart: string | undefined;
    for (const line of lines) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: line,
        cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
        headers: { 'x-csrf-token': CRUMB },
      });
      expect(res.statusCode).toBe(200);
      cart ??= cookiesOf(res).CART;
    }
    return cart!;
  }

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cart: string | undefined, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });
  const setLocation = (cart: string, body: object) =>
    call('PUT', '/api/commerce/shopping-cart/shipping-location', cart, body);
  const addCoupon = (cart: string, code: string) =>
    call('POST', '/api/commerce/shopping-cart/coupons', cart, { code });
  const read = async (cart: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: cart } })
    ).json();

  it('offers the shipping options and picks the cheapest; no tax until the shopper says where it ships', async () => {
    const cart = await read(await newCart([{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 2 }]));
    expect(cart.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['standard', 'express']);
    expect(cart.selectedShippingOption).toMatchObject({ id: 'standard', name: 'Standard', costCents: 600 });
    expect(cart).toMatchObject({
      subtotalCents: 5000,
      shippingCostCents: 600,
      taxCents: 0,
      discountCents: 0,
      grandTotalCents: 5600,
      shippingLocation: null,
      applicableTaxRules: [],
      requiresShipping: true,
    });
  });

  it('adds the region tax (on shipping too), then coupons: percentage, free shipping, expired, unknown', async () => {
    const cart = await newCart([{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 2 }]);
    const located = await setLocation(cart, { country: 'us', region: 'New York', postalCode: '10001' });
    expect(located.statusCode).toBe(200);
    // 8.875 % of (5000 + 600) = 497.
    expect(located.json().shoppingCart).toMatchObject({
      shippingLocation: { country: 'US', region: 'NY', regionName: 'New York', postalCode: '10001' },
      applicableTaxRules: [{ id: 'ny', ratePercent: 8.875, appliesToShipping: true, amountCents: 497 }],
      taxCents: 497,
      grandTotalCents: 6097,
    });

    const welcome = await addCoupon(cart, 'welcome10');
    expect(welcome.statusCode).toBe(200);
    // 10 % off 5000; tax 8.875 % of (4500 + 600) = 452.625 → 453.
    expect(welcome.json().shoppingCart).toMatchObject({
      validCoupons: [{ code: 'WELCOME10', type: 'percentage', percent: 10 }],
      discountCents: 500,
      taxCents: 453,
      grandTotalCents: 4500 + 600 + 453,
    });

    const free = (await addCoupon(cart, 'FREESHIP')).json().shoppingCart;
    // Tax 8.875 % of 4500 = 399.375 → 399.
    expect(free).toMatchObject({
      shippingCostCents: 0,
      discountCents: 500,
      taxCents: 399,
      grandTotalCents: 4899,
    });

    const expired = await addCoupon(cart, 'SUMMER2024');
    expect(expired.statusCode).toBe(200);
    expect(expired.json().shoppingCart).toMatchObject({
      grandTotalCents: 4899,
      invalidCoupons: [{ code: 'SUMMER2024', reason: 'expired', message: 'This coupon has expired.' }],
    });
    expect(expired.json().shoppingCart.coupons.map((c: { code: string }) => c.code)).toEqual([
      'WELCOME10',
      'FREESHIP',
      'SUMMER2024',
    ]);

    for (const code of ['NOPE', 'RETIRED']) {
      const unknown = await addCoupon(cart, code);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: 'That coupon code is not valid.' });
    }
    expect((await read(cart)).coupons).toHaveLength(3);

    const removed = await call('DELETE', '/api/commerce/shopping-cart/coupons/freeship', cart);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shoppingCart).toMatchObject({ shippingCostCents: 600, grandTotalCents: 5553 });
    const again = await call('DELETE', '/api/commerce/shopping-cart/coupons/FREESHIP', cart);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'That coupon is not applied to your cart.' });
  });

  it('lists a coupon whose minimum is not met with its reason, and applies it once the cart qualifies', async () => {
    const cart = await newCart([{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const low = (await addCoupon(cart, 'FIVEOFF')).json().shoppingCart;
    expect(low).toMatchObject({
      discountCents: 0,
      grandTotalCents: 1200,
      invalidCoupons: [
        {
          code: 'FIVEOFF',
          reason: 'minimum-not-met',
          message: 'Your subtotal is below the minimum for this coupon. ($20.00)',
        },
      ],
      requiresShipping: false,
      purelyDigital: true,
      hasDigital: true,
      selectedShippingOption: null,
      shippingCostCents: 0,
    });
    const freeShip = (await addCoupon(cart, 'FREESHIP')).json().shoppingCart;
    expect(freeShip.invalidCoupons[1]).toMatchObject({ code: 'FREESHIP', reason: 'no-shipping' });

    await newCartLine(cart, { itemId: 'zine-2', sku: 'ZINE-2', quantity: 1 });
    expect(await read(cart)).toMatchObject({
      subtotalCents: 2400,
      discountCents: 500,
      grandTotalCents: 1900,
      validCoupons: [{ code: 'FIVEOFF', amountCents: 500 }],
    });
  });

  async function newCartLine(cart: string, line: object) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: line,
      cookies: { crumb: CRUMB, CART: cart },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(res.statusCode).toBe(200);
  }

  it('ships free over the threshold and lets the shopper choose an option available where the cart ships', async () => {
    const cart = await newCart([{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 3 }]);
    expect((await read(cart)).selectedShippingOption).toMatchObject({
      id: 'standard',
      costCents: 0,
      baseCostCents: 600,
      freeOverCents: 7500,
    });
    const express = await call('PUT', '/api/commerce/shopping-cart/shipping-option', cart, { id: 'express' });
    expect(express.statusCode).toBe(200);
    expect(express.json().shoppingCart).toMatchObject({
      shippingCostCents: 1800,
      grandTotalCents: 8100 + 1800,
    });

    const elsewhere = await call('PUT', '/api/commerce/shopping-cart/shipping-option', cart, {
      id: 'canada-post',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ message: 'That shipping option is not available for your address.' });

    const ontario = await setLocation(cart, { country: 'CA', region: 'ON', postalCode: 'k1a' });
    expect(ontario.statusCode).toBe(200);
    // Express stays chosen; HST 13 % of (8100 + 1800) = 1287.
    expect(ontario.json().shoppingCart).toMatchObject({
      shippingLocation: { country: 'CA', region: 'ON', postalCode: 'K1A' },
      shippingOptions: [{ id: 'standard' }, { id: 'express' }, { id: 'canada-post' }],
      taxCents: 1287,
      grandTotalCents: 8100 + 1800 + 1287,
    });
    const post = await call('PUT', '/api/commerce/shopping-cart/shipping-option', cart, {
      id: 'canada-post',
    });
    expect(post.json().shoppingCart).toMatchObject({
      selectedShippingOption: { id: 'canada-post' },
      shippingCostCents: 900,
    });
  });

  it('refuses postal codes with the spec messages and keeps the stored location', async () => {
    const cart = await newCart([{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 }]);
    expect((await setLocation(cart, { country: 'US', region: 'NY', postalCode: '10001' })).statusCode).toBe(
      200,
    );
    const cases: [object, string][] = [
      [{ country: 'US', region: 'NY', postalCode: '1000' }, 'ZIP Codes need to be 5 digits'],
      [{ country: 'AU', postalCode: '200' }, 'Postcodes need to be 4 digits'],
      [{ country: 'NL', postalCode: '10' }, 'Postal Codes need to be 4 digits'],
      [{ country: 'DE', postalCode: '1011' }, 'Postal Codes need to be 5 digits'],
      [{ country: 'CA', region: 'ON', postalCode: 'K1A 0B1' }, 'An FSA code is invalid'],
      [{ country: 'GB', postalCode: 'SW1A 1AA' }, 'Invalid postal code'],
      [{ country: 'US', region: 'Atlantis' }, '"Atlantis" is not a state of US.'],
      [{ country: 'USA' }, 'country must be a two-letter country code, e.g. "US".'],
      [{}, 'country is required'],
    ];
    for (const [body, message] of cases) {
      const res = await setLocation(cart, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await read(cart)).shippingLocation).toMatchObject({
      country: 'US',
      region: 'NY',
      postalCode: '10001',
    });
  });

  it('checks the crumb on every pricing call and needs a cart', async () => {
    const cart = await newCart([{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 }]);
    const calls: ['POST' | 'PUT' | 'DELETE', string, object | undefined][] = [
      ['POST', '/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' }],
      ['DELETE', '/api/commerce/shopping-cart/coupons/WELCOME10', undefined],
      ['PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US' }],
      ['PUT', '/api/commerce/shopping-cart/shipping-option', { id: 'express' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        cookies: { crumb: CRUMB, CART: cart },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SESSION_EXPIRED });
      const none = await call(method, url, undefined, payload);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'Your cart is empty. Add an item first.' });
    }
    expect(await read(cart)).toMatchObject({
      coupons: [],
      shippingLocation: null,
      selectedShippingOption: { id: 'standard' },
    });
  });
});
