import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

/** The item JSON a product page's template gets, printed by a draft of the template and read back. */
const DRAFT = '<pre id="item-json">{item|json|html}</pre>';

function catalog() {
  const base = smallCatalog();
  return {
    ...base,
    forms: [
      { id: 'note', name: 'Note', fields: [{ id: 'text', type: 'text', title: 'Note', required: true }] },
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
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        productSubscriptionOptions: [
          { id: 'monthly', title: 'Monthly' },
          { id: 'weekly', title: 'Weekly' },
        ],
        additionalFieldsFormId: 'note',
        variantOptionOrdering: ['Grind'],
        variants: [
          { sku: 'B-W', attributes: { Grind: 'Whole' }, price: '18.00', qtyInStock: 5 },
          {
            sku: 'B-F',
            attributes: { Grind: 'Fine' },
            price: '16.50',
            salePrice: '15.00',
            onSale: true,
            qtyInStock: 5,
          },
        ],
      },
    ],
  };
}

const decode = (html: string) =>
  html.replace(
    /&(quot|lt|gt|#39|amp);/g,
    (_m, e: string) => ({ quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' })[e] ?? '',
  );

describe.each(dialects)('theme-facing product JSON on %s', (dialect) => {
  let t: TestApp;
  let owner: Record<string, string>;
  const call = (method: string, url: string, body?: unknown) => ownerCall(t.app, method, url, owner, body);

  beforeAll(async () => {
    t = await createTestApp(dialect, catalog());
    await addOwner(t.database, 1);
    owner = await signIn(t.app, ownerEmail(1));
    const saved = await call('PUT', '/api/config/templates/productItem/draft', { source: DRAFT });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  async function item(path: string): Promise<Record<string, any>> {
    const res = await call(
      'GET',
      `/api/config/templates/productItem/preview?path=${encodeURIComponent(path)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const json = /<pre id="item-json">([\s\S]*?)<\/pre>/.exec(res.body)?.[1];
    return JSON.parse(decode(json ?? 'null'));
  }

  it('names the product page context and structuredContent as spec §3 does', async () => {
    const beans = await item('/shop/p/beans');
    expect(beans).toMatchObject({
      id: 'beans',
      name: 'Beans',
      productType: 1,
      subscribable: true,
      isSubscription: true,
      // The lowest of the variants' prices.
      price: { decimalValue: '16.50', currencyCode: 'USD' },
      userDefinedVariantOptions: [{ name: 'Grind', values: ['Whole', 'Fine'] }],
    });
    const content = beans.structuredContent;
    expect(content.productSubscriptionOptions).toEqual([
      { id: 'monthly', title: 'Monthly' },
      { id: 'weekly', title: 'Weekly' },
    ]);
    // Money's value is a decimal string in minor units; decimalValue is what themes print.
    expect(content.priceMoney).toEqual({
      value: '1650',
      currency: 'USD',
      decimalValue: '16.50',
      currencyCode: 'USD',
    });
    expect(content.salePriceMoney).toEqual({
      value: '1500',
      currency: 'USD',
      decimalValue: '15.00',
      currencyCode: 'USD',
    });
    expect(content.additionalFieldsForm).toEqual({
      id: 'note',
      name: 'Note',
      fields: [{ id: 'text', type: 'text', title: 'Note', required: true }],
    });
    const fine = content.variants[1];
    expect(fine).toMatchObject({
      sku: 'B-F',
      priceMoney: { value: '1650', currency: 'USD' },
      salePriceMoney: { value: '1500', currency: 'USD' },
      price: { decimalValue: '16.50', currencyCode: 'USD' },
      salePrice: { decimalValue: '15.00', currencyCode: 'USD' },
      onSale: true,
    });
    expect(fine.pricingOptions).toEqual([
      expect.objectContaining({
        productSubscriptionOptionId: 'monthly',
        priceMoney: expect.objectContaining({ value: '1650' }),
      }),
      expect.objectContaining({ productSubscriptionOptionId: 'weekly', onSale: true }),
    ]);
    for (const v of content.variants) {
      expect(typeof v.priceMoney.value).toBe('string');
      expect(v.priceMoney.value).toMatch(/^\d+$/);
    }
  });

  it('gives a product without subscription or form empty lists and null', async () => {
    const tee = await item('/shop/p/tee');
    expect(tee).toMatchObject({ subscribable: false, isSubscription: false, productType: 1, name: 'Tee' });
    expect(tee.structuredContent).toMatchObject({
      productSubscriptionOptions: [],
      additionalFieldsForm: null,
    });
    expect(tee.structuredContent.variants[0].pricingOptions).toEqual([]);
  });
});
