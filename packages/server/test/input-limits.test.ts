import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_FULL, CART_MAX_LINES } from '../src/modules/cart/service.js';
import { ADDRESS_MESSAGES } from '../src/modules/checkout/address.js';
import {
  type CheckoutTestApp,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB, cookiesOf } from './support/app.js';
import { dialects } from './support/databases.js';

/** Many one-variant products, so a cart can be filled line by line; the store ships to the US and Canada only. */
function catalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    products: [
      ...base.products,
      ...Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => ({
        id: `pin-${i}`,
        collectionId: 'shop',
        urlSlug: `pin-${i}`,
        name: `Pin ${i}`,
        productType: 1,
        variants: [{ sku: `PIN-${i}`, price: '1.00', unlimited: true }],
      })),
    ],
    taxRules: [{ id: 'il', name: 'Illinois', country: 'US', region: 'IL', ratePercent: 10 }],
    shippingOptions: [{ id: 'std', name: 'Standard', costCents: 500, countries: ['US', 'CA'] }],
  };
}

describe.each(dialects)('input limits (issue: abuse a hostile visitor found) on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, {}, catalog());
  });
  afterAll(async () => t?.close());

  const add = (body: Record<string, unknown>, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { additionalFields: null, quantity: 1, ...body },
      cookies: { crumb: CRUMB, ...(token ? { CART: token } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });

  it(`a cart holds at most ${CART_MAX_LINES} different lines; more of a line it holds still merges`, async () => {
    let token: string | undefined;
    for (let i = 0; i < CART_MAX_LINES; i++) {
      const res = await add({ itemId: `pin-${i}`, sku: `PIN-${i}` }, token);
      expect(res.statusCode).toBe(200);
      token = cookiesOf(res).CART ?? token;
    }
    const over = await add({ itemId: `pin-${CART_MAX_LINES}`, sku: `PIN-${CART_MAX_LINES}` }, token);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(CART_FULL);
    const more = await add({ itemId: 'pin-0', sku: 'PIN-0', quantity: 2 }, token);
    expect(more.statusCode).toBe(200);
    expect(more.json().shoppingCart.entries).toHaveLength(CART_MAX_LINES);
  });

  it('refuses answers longer than a form could need, with a clear message', async () => {
    const res = await add({
      itemId: 'mug',
      sku: 'MUG',
      additionalFields: JSON.stringify({ a: 'x'.repeat(20_000) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/additionalFields must be at most 10000 characters/);
  });

  it('refuses a made-up country, and a real one the store does not ship to, instead of shipping it free and untaxed', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const made = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: { ...US_ADDRESS, country: 'XQ', region: undefined } },
      token,
    );
    expect(made.statusCode).toBe(400);
    expect(made.json().errors['shippingAddress.country']).toBe(ADDRESS_MESSAGES.country);
    const far = await placeOrder(
      t.app,
      {
        source: { kind: 'cart' },
        shippingAddress: { ...US_ADDRESS, country: 'NZ', region: 'AUK', postalCode: '1010' },
      },
      token,
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().errors['shippingAddress.country']).toBe(ADDRESS_MESSAGES.notShipped);
    const location = await t.app.inject({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/shipping-location',
      payload: { country: 'XQ' },
      cookies: { crumb: CRUMB, CART: token },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(location.statusCode).toBe(400);
    const home = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(home.statusCode).toBe(201);
    expect(home.json().order.taxTotal.decimalValue).toBe('1.00');
  });

  it('refuses an order email a mail library would read as a second recipient', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    for (const email of [
      'ada@example.com,eve@example.org',
      'Ada <ada@example.com>',
      'ada@example.com\r\nBcc: eve@example.org',
    ]) {
      const res = await placeOrder(t.app, { source: { kind: 'cart' }, email }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.email).toMatch(/^Email is not valid/);
    }
  });
});
