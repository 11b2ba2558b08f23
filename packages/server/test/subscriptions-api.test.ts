import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubscriptionCart } from '../src/modules/subscriptions/service.js';
import { systemClock } from '../src/platform/clock.js';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const PLAN = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: null };

function catalog() {
  const base = smallCatalog();
  return {
    ...base,
    forms: [
      {
        id: 'grind',
        name: 'Grind',
        fields: [{ id: 'grind', type: 'select', title: 'Grind', options: ['Whole', 'Fine'], required: true }],
      },
    ],
    products: [
      ...base.products,
      {
        id: 'beans',
        collectionId: 'shop',
        urlSlug: 'beans',
        name: 'Beans',
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: PLAN,
        productSubscriptionOptions: [{ id: 'monthly', title: 'Monthly' }],
        variantOptionOrdering: ['Size'],
        variants: [
          { sku: 'BEANS-250', attributes: { Size: '250g' }, price: '14.00', qtyInStock: 20 },
          { sku: 'BEANS-1K', attributes: { Size: '1kg' }, price: '40.00', qtyInStock: 0 },
        ],
      },
      {
        id: 'tea',
        collectionId: 'shop',
        urlSlug: 'tea',
        name: 'Tea',
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: PLAN,
        additionalFieldsFormId: 'grind',
        variants: [{ sku: 'TEA', price: '9.50', salePrice: '8.00', onSale: true, qtyInStock: 5 }],
      },
    ],
  };
}

describe.each(dialects)('subscription call on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog());
  });
  afterAll(async () => t?.close());

  const subscribe = (body: object, headers: Record<string, string> = { 'x-csrf-token': CRUMB }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: body,
      cookies: { crumb: CRUMB },
      headers,
    });
  const count = async () =>
    (await t.database.db.selectFrom('subscription_carts').selectAll().execute()).length;
  const ctx = () => ({ db: t.database.db, websiteId: 'w1', clock: systemClock });

  it('creates a subscription cart and answers its token', async () => {
    const res = await subscribe({
      itemId: 'beans',
      sku: 'BEANS-250',
      qty: 2,
      subscriptionOptionId: 'monthly',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.cartToken;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await getSubscriptionCart(ctx(), token)).toMatchObject({
      itemId: 'beans',
      sku: 'BEANS-250',
      quantity: 2,
      additionalFields: null,
      subscriptionOptionId: 'monthly',
      plan: PLAN,
      priceCents: 1400,
      currency: 'USD',
    });
    expect(await getSubscriptionCart(ctx(), 'f'.repeat(32))).toBeNull();
  });

  it('checks the product form and keeps the answers, at the sale price', async () => {
    const failed = await subscribe({ itemId: 'tea', sku: 'TEA', additionalFields: '{"grind":"Coarse"}' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      data: { message: 'One or more fields is invalid, please check your entries.' },
      type: 'SUB_WITH_FORM_FAILURE',
      errors: { grind: 'Choose one of the listed options.' },
    });
    const missing = await subscribe({ itemId: 'tea', sku: 'TEA' });
    expect(missing.json()).toMatchObject({ type: 'SUB_WITH_FORM_FAILURE', errors: { grind: 'Required' } });
    const ok = await subscribe({ itemId: 'tea', sku: 'TEA', additionalFields: '{"grind":"Fine"}' });
    expect(ok.statusCode).toBe(200);
    expect(await getSubscriptionCart(ctx(), ok.json().data.cartToken)).toMatchObject({
      quantity: 1,
      additionalFields: '{"grind":"Fine"}',
      priceCents: 800,
    });
  });

  it('answers the spec messages and types with data.message, writing nothing', async () => {
    const before = await count();
    const cases: [object, number, string, string][] = [
      [
        { itemId: 'tee', sku: 'TEE-S-RED' },
        409,
        'SUB_API_FAILURE',
        'This product is not available as a subscription.',
      ],
      [
        { itemId: 'beans', sku: 'NOPE' },
        409,
        'VARIANT_UNAVAILABLE',
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        { itemId: 'beans', sku: 'BEANS-1K' },
        409,
        'OUT_OF_STOCK',
        'Sorry, we do not have enough of that item available.',
      ],
      [
        { itemId: 'beans', sku: 'BEANS-250', qty: 1.5 },
        400,
        'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
        'Quantity must be a whole number',
      ],
      [
        { itemId: 'beans', sku: 'BEANS-250', qty: 'two' },
        400,
        'QUANTITY_NOT_A_NUMBER',
        'Quantity must be a number.',
      ],
      [{ itemId: 'beans' }, 400, 'NO_VARIANT_SELECTED', 'Please select the Size option.'],
      [
        { itemId: 'beans', sku: 'BEANS-250', subscriptionOptionId: 'weekly' },
        400,
        'SUB_API_FAILURE',
        'That subscription option is not available for this product.',
      ],
    ];
    for (const [body, status, type, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message, data: { message }, type });
    }
    const unknown = await subscribe({ itemId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const noCrumb = await subscribe({ itemId: 'beans', sku: 'BEANS-250' }, {});
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json().data.message).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(await count()).toBe(before);
  });
});
