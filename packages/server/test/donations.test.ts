import { DONATION_MESSAGES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/modules/catalog/import.js';
import {
  type CheckoutTestApp,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
} from './checkout-support.js';
import { CRUMB, cookiesOf } from './support/app.js';
import { createTestDatabase, dialects } from './support/databases.js';

const FUND = {
  id: 'fund',
  collectionId: 'shop',
  urlSlug: 'library-fund',
  name: 'Library Fund',
  productType: 3,
  donation: { minCents: 500, maxCents: 100_000, presetsCents: [1000, 2500] },
  variants: [{ sku: 'FUND', price: '0.00', unlimited: true }],
};

describe.each(dialects)('donations of a typed amount on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    const catalog = checkoutCatalog();
    t = await createCheckoutApp(dialect, {}, { ...catalog, products: [...catalog.products, FUND] });
  });
  afterAll(async () => t?.close());

  const give = (amount: unknown, cart?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'fund', sku: 'FUND', quantity: 1, additionalFields: null, amount },
      cookies: { crumb: CRUMB, ...(cart ? { CART: cart } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });

  it('refuses a missing, unreadable or out-of-range amount with the rule’s message, adding nothing', async () => {
    for (const [amount, message] of [
      [undefined, DONATION_MESSAGES.required],
      ['ten', DONATION_MESSAGES.invalid],
      ['4.99', 'The smallest amount you can give is $5.00.'],
      ['1000.01', 'The largest amount you can give is $1,000.00.'],
    ] as const) {
      const res = await give(amount);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(cookiesOf(res).CART).toBeUndefined();
    }
  });

  it('carries the typed amount through the cart and checkout to the contribution confirmed page (204)', async () => {
    const added = await give('25.50');
    expect(added.statusCode).toBe(200);
    const cart = cookiesOf(added).CART!;
    expect(added.json().newlyAdded).toMatchObject({ quantity: 1, purchasePriceCents: 2550 });
    // Another amount is another line; the quantity typed is ignored.
    const more = await give(40, cart);
    expect(
      more.json().shoppingCart.entries.map((e: { purchasePriceCents: number }) => e.purchasePriceCents),
    ).toEqual([2550, 4000]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' } }, cart);
    expect(res.statusCode).toBe(201);
    const { order, confirmationUrl } = res.json();
    expect(order.grandTotal).toEqual({ decimalValue: '65.50', currency: 'USD' });
    const page = await t.app.inject({ method: 'GET', url: confirmationUrl });
    expect(page.body).toContain('class="page-type-204"');
    expect(page.body).toContain('Thank you for your contribution');
  });

  it('an order with goods besides a gift gets the order confirmed page', async () => {
    const cart = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    await give('10', cart);
    const res = await placeOrder(t.app, { source: { kind: 'cart' } }, cart);
    const page = await t.app.inject({ method: 'GET', url: res.json().confirmationUrl });
    expect(page.body).toContain('class="page-type-202"');
  });

  it('the product page shows the amount box with its range and presets, no price', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/shop/p/library-fund' });
    expect(page.body).toContain('class="page-type-203"');
    expect(page.body).toContain('name="amount"');
    expect(page.body).toContain('Give from $5.00 to $1,000.00.');
    expect(page.body).toContain('<option value="25.00"></option>');
    expect(page.body).not.toContain('name="quantity"');
  });
});

describe.each(dialects)('donation import rules on %s', (dialect) => {
  it('a donation is a service with one variant and a range that is one', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const catalog = checkoutCatalog();
      const bad = { ...FUND, productType: 1, donation: { minCents: 500, maxCents: 500 } };
      const result = await importCatalog(database, { ...catalog, products: [...catalog.products, bad] });
      expect(result.ok).toBe(false);
      const messages = result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringContaining('a donation must be a service (productType 3)'),
          expect.stringContaining('maxCents: must be above minCents'),
        ]),
      );
    } finally {
      await database.drop();
    }
  });
});
