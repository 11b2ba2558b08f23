import fs from 'node:fs';
import {
  type CommerceProduct,
  findVariant,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  ProductType,
  type ProductTypeNumber,
  variantOptions,
} from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_URL, importCatalog, isEmpty, seedDemoStore } from '../src/modules/catalog/import.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';

describe.each(dialects)('demo store on %s', (dialect) => {
  let t: TestDatabase;
  const products = new Map<
    string,
    CommerceProduct & { merchandising: any; formId: string | null; images: any[] }
  >();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    expect(await isEmpty(t)).toBe(true);
    await seedDemoStore(t, { clock: () => 1_700_000_000_000 });
    const rows = await t.db.selectFrom('products').selectAll().orderBy('position').execute();
    for (const row of rows) {
      const variants = await t.db
        .selectFrom('variants')
        .selectAll()
        .where('product_id', '=', row.id)
        .orderBy('position')
        .execute();
      products.set(row.id, {
        id: row.id,
        name: row.name,
        productType: row.product_type as ProductTypeNumber,
        onSale: row.on_sale === 1,
        isSubscribable: row.is_subscribable === 1,
        subscriptionPlan: row.subscription_plan ? JSON.parse(row.subscription_plan) : null,
        variantOptionOrdering: JSON.parse(row.variant_option_ordering),
        merchandising: row.merchandising ? JSON.parse(row.merchandising) : null,
        formId: row.additional_fields_form_id,
        images: JSON.parse(row.images),
        variants: variants.map((v) => ({
          sku: v.sku,
          attributes: JSON.parse(v.attributes),
          priceCents: v.price_cents,
          salePriceCents: v.sale_price_cents,
          onSale: v.on_sale === 1,
          qtyInStock: v.qty_in_stock,
          unlimited: v.unlimited === 1,
        })),
      });
    }
  });
  afterAll(async () => t?.drop());

  const product = (id: string) => {
    const p = products.get(id);
    if (!p) throw new Error(`demo product ${id} missing`);
    return p;
  };

  it('seeds one USD website with a products collection at /shop and 10–12 products', async () => {
    expect(await isEmpty(t)).toBe(false);
    const website = await t.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
    expect(website).toMatchObject({
      id: 'site',
      site_title: 'Juniper & Oak',
      currency: 'USD',
      time_zone: 'America/New_York',
    });
    const shop = await t.db.selectFrom('collections').selectAll().executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ id: 'shop', url_slug: 'shop', type_name: 'products' });
    expect(products.size).toBeGreaterThanOrEqual(10);
    expect(products.size).toBeLessThanOrEqual(12);
  });

  it('has all five product types', () => {
    const types = new Set([...products.values()].map((p) => p.productType));
    expect([...types].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('has a Size × Color product with a missing combination and a sold-out combination', () => {
    const shirt = product('linen-field-shirt');
    expect(variantOptions(shirt).map((o) => o.name)).toEqual(['Size', 'Color']);
    expect(findVariant(shirt, { Size: 'L', Color: 'Oat' })).toBeNull();
    expect(findVariant(shirt, { Size: 'M', Color: 'Sage' })).toMatchObject({
      qtyInStock: 0,
      unlimited: false,
    });
    expect(isSoldOut(shirt)).toBe(false);
  });

  it('has a product on sale below its price, and a digital download with its own sale flag', () => {
    const set = product('stoneware-pour-over-set');
    expect(isOnSale(set)).toBe(true);
    expect(set.variants[0].salePriceCents).toBeLessThan(set.variants[0].priceCents);
    const pdf = product('seasonal-recipes');
    expect(pdf.productType).toBe(ProductType.DIGITAL);
    expect(pdf.onSale).toBe(true);
    expect(isOnSale(pdf)).toBe(true);
    expect(pdf.variants.every((v) => v.unlimited)).toBe(true);
  });

  it('has a product that is entirely sold out', () => {
    const mug = product('hand-thrown-mug');
    expect(isSoldOut(mug)).toBe(true);
    expect(mug.merchandising.customSoldOutText).toBe('Back in the kiln');
  });

  it('has a bookable service', () => {
    const workshop = product('pour-over-workshop');
    expect(workshop.productType).toBe(ProductType.SERVICE);
    expect(workshop.variants.every((v) => v.qtyInStock > 0)).toBe(true);
  });

  it('has a gift card with $25, $50 and $100 denominations, unlimited', () => {
    const card = product('gift-card');
    expect(card.productType).toBe(ProductType.GIFT_CARD);
    expect(card.variants.map((v) => [v.attributes.Amount, v.priceCents, v.unlimited])).toEqual([
      ['$25', 2500, true],
      ['$50', 5000, true],
      ['$100', 10000, true],
    ]);
  });

  it('has a monthly coffee subscription', () => {
    const coffee = product('coffee-subscription');
    expect(coffee.isSubscribable).toBe(true);
    expect(coffee.subscriptionPlan).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 0,
    });
  });

  it('has a product with an additional-fields form holding a required text and a likert', async () => {
    const board = product('walnut-serving-board');
    expect(board.formId).toBe('engraving');
    const form = await t.db
      .selectFrom('forms')
      .selectAll()
      .where('id', '=', 'engraving')
      .executeTakeFirstOrThrow();
    const fields = JSON.parse(form.fields) as { type: string; required?: boolean }[];
    expect(fields).toContainEqual(expect.objectContaining({ type: 'text', required: true }));
    expect(fields.some((f) => f.type === 'likert')).toBe(true);
    expect(new Set(fields.map((f) => f.type)).size).toBeGreaterThanOrEqual(6);
  });

  it('uses every form field type across its forms', async () => {
    const forms = await t.db.selectFrom('forms').select(['fields']).execute();
    const types = new Set(
      forms.flatMap((f) => (JSON.parse(f.fields) as { type: string }[]).map((x) => x.type)),
    );
    for (const type of [
      'date',
      'name',
      'time',
      'address',
      'checkbox',
      'likert',
      'radio',
      'select',
      'phone',
      'text',
      'email',
      'textarea',
      'section',
    ]) {
      expect(types).toContain(type);
    }
  });

  it('has a low-stock product with scarcity and restock settings and a sold-out variant', () => {
    const candles = product('beeswax-taper-candles');
    expect(candles.merchandising).toMatchObject({
      scarcityEnabled: true,
      scarcityShownByDefault: true,
      mailingListSignUpEnabled: true,
      restockNotificationMessages: { buttonText: 'Notify Me', placeholderText: 'Email Address' },
    });
    expect(candles.variants.some((v) => v.qtyInStock === 0)).toBe(true);
    expect(candles.variants.some((v) => v.qtyInStock > 0 && v.qtyInStock <= 3)).toBe(true);
  });

  it('has a product with many variants of varied prices', () => {
    const tea = product('loose-leaf-tea');
    expect(tea.variants.length).toBeGreaterThanOrEqual(9);
    expect(hasVariedPrices(tea)).toBe(true);
    expect(fromPrice(tea)).toBe(800);
  });

  it('has a paywall product', () => {
    const archive = product('kitchen-notes-archive');
    expect(archive.productType).toBe(ProductType.PAYWALL);
  });

  it('ships an SVG for every product image it references', () => {
    for (const p of products.values()) {
      for (const image of p.images) {
        const name = String(image.assetUrl).replace(/^\/assets\/demo\//, '');
        expect(fs.existsSync(new URL(`images/${name}`, DEMO_STORE_URL)), image.assetUrl).toBe(true);
      }
    }
  });

  it('re-seeding is idempotent', async () => {
    const input = JSON.parse(fs.readFileSync(DEMO_STORE_URL, 'utf8'));
    const before = await t.db
      .selectFrom('variants')
      .select(['id', 'sku', 'price_cents', 'qty_in_stock'])
      .orderBy('id')
      .execute();
    const result = await importCatalog(t, input);
    expect(result).toEqual({
      ok: true,
      counts: {
        websites: 1,
        storeSettings: 1,
        forms: 3,
        collections: 1,
        products: 11,
        variants: 32,
        taxRules: 19,
        shippingOptions: 2,
        coupons: 4,
      },
    });
    expect(
      await t.db
        .selectFrom('variants')
        .select(['id', 'sku', 'price_cents', 'qty_in_stock'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
  });
});
