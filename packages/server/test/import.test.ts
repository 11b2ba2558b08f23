import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalog, validateCatalog, variantId } from '../src/modules/catalog/import.js';
import type { CatalogInput } from '../src/modules/catalog/import-schema.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';

const NOW = 1_700_000_000_000;
const clock = () => NOW;

/** A small catalog touching every part of the format (pricing lists: test/pricing-import.test.ts). */
function sampleFile(): Required<Omit<CatalogInput, 'taxRules' | 'shippingOptions' | 'coupons'>> {
  return {
    website: { id: 'w1', siteTitle: 'Test Shop' },
    storeSettings: {
      useLightCart: true,
      restockNotificationsSuccessText: 'We will email you.',
      displayNativeProductReviewsEnabled: true,
      displayImportedProductReviewsEnabled: false,
    },
    forms: [
      {
        id: 'engrave',
        name: 'Engraving',
        fields: [
          { id: 'f-text', type: 'text', title: 'Text to engrave', required: true, maxLength: 30 },
          { id: 'f-rate', type: 'likert', title: 'Rate us', options: ['Fast delivery', 'Fair price'] },
          { id: 'f-sec', type: 'section', title: 'More' },
        ],
      },
    ],
    collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
    products: [
      {
        id: 'tee',
        collectionId: 'shop',
        urlSlug: 'tee',
        name: 'Tee',
        productType: 1,
        description: '<p>Soft.</p>',
        images: [{ assetUrl: '/assets/demo/tee.svg', altText: 'A tee', originalSize: '800x800' }],
        variantOptionOrdering: ['Size', 'Color'],
        additionalFieldsFormId: 'engrave',
        merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} left' },
        variants: [
          { sku: 'TEE-S-RED', attributes: { Color: 'Red', Size: 'S' }, price: '25.00', qtyInStock: 3 },
          {
            sku: 'TEE-M-RED',
            attributes: { Size: 'M', Color: 'Red' },
            price: '25.10',
            salePrice: '19.99',
            onSale: true,
            qtyInStock: 0,
          },
          { sku: 'TEE-L-RED', attributes: { Size: 'L', Color: 'Red' }, priceCents: 2700, unlimited: true },
        ],
      },
      {
        id: 'zine',
        collectionId: 'shop',
        urlSlug: 'zine',
        name: 'Zine',
        productType: 2,
        onSale: true,
        variants: [{ sku: 'ZINE', price: '12', salePrice: '9.5' }],
      },
      {
        id: 'card',
        collectionId: 'shop',
        urlSlug: 'gift-card',
        name: 'Gift Card',
        productType: 4,
        variants: [
          { sku: 'GC-25', attributes: { Amount: '$25' }, price: '25.00' },
          { sku: 'GC-50', attributes: { Amount: '$50' }, price: '50.00' },
        ],
      },
      {
        id: 'beans',
        collectionId: 'shop',
        urlSlug: 'beans',
        name: 'Beans',
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        variants: [{ sku: 'BEANS', price: '18.00', qtyInStock: 40 }],
      },
    ],
  };
}

describe.each(dialects)('catalog import on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(async () => t?.drop());

  const tableCounts = async () => {
    const out: Record<string, number> = {};
    for (const table of [
      'websites',
      'store_settings',
      'forms',
      'collections',
      'products',
      'variants',
    ] as const) {
      const row = await t.db
        .selectFrom(table)
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  it('imports a valid file and reads back exact rows', async () => {
    const result = await importCatalog(t, sampleFile(), { clock });
    expect(result).toEqual({
      ok: true,
      counts: { websites: 1, storeSettings: 1, forms: 1, collections: 1, products: 4, variants: 7 },
    });

    const website = await t.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
    expect(website).toEqual({
      id: 'w1',
      site_title: 'Test Shop',
      time_zone: 'America/New_York',
      currency: 'USD',
      locale: 'en-US',
      created_at: NOW,
      mail_from: null,
      public_url: null,
      census_disabled: 0,
      cookie_consent: 'off',
      announcement: null,
      footer: null,
      analytics_test_purchases: 0,
      comments_enabled: 1,
      simple_liking_enabled: 1,
      share_button_options: '["facebook","x","linkedin","email"]',
      site_password_hash: null,
      meta_pixel_id: null,
      google_tag_id: null,
    });

    const settings = await t.db.selectFrom('store_settings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toEqual({
      website_id: 'w1',
      use_light_cart: 1,
      restock_notifications_success_text: 'We will email you.',
      display_native_product_reviews_enabled: 1,
      display_imported_product_reviews_enabled: 0,
      multiple_quantity_allowed_for_services: 1,
      installments_available: 1,
      installments_min_cents: 100,
      installments_max_cents: 200000,
      installments_account_country: 'US',
      installments_shopper_language: 'en',
      restock_auto_send: 0,
      reviews_request_delay_days: 7,
    });

    const form = await t.db.selectFrom('forms').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(form.fields)).toEqual([
      { id: 'f-text', type: 'text', title: 'Text to engrave', required: true, maxLength: 30 },
      {
        id: 'f-rate',
        type: 'likert',
        title: 'Rate us',
        required: false,
        options: ['Fast delivery', 'Fair price'],
      },
      { id: 'f-sec', type: 'section', title: 'More' },
    ]);

    const tee = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', 'tee')
      .executeTakeFirstOrThrow();
    expect(tee).toMatchObject({
      record_type: 11,
      product_type: 1,
      additional_fields_form_id: 'engrave',
      on_sale: 0,
      position: 0,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(JSON.parse(tee.images)).toEqual([
      { assetUrl: '/assets/demo/tee.svg', altText: 'A tee', originalSize: '800x800' },
    ]);
    expect(JSON.parse(tee.variant_option_ordering)).toEqual(['Size', 'Color']);
    // No categories or tags given: none to filter by.
    expect([JSON.parse(tee.categories), JSON.parse(tee.tags)]).toEqual([[], []]);
    expect(JSON.parse(tee.merchandising ?? 'null')).toMatchObject({
      scarcityEnabled: true,
      scarcityText: 'Only {qty} left',
      mailingListSignUpEnabled: false,
    });

    const variants = await t.db
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', 'tee')
      .orderBy('position')
      .execute();
    expect(
      variants.map((v) => [v.sku, v.price_cents, v.sale_price_cents, v.on_sale, v.qty_in_stock, v.unlimited]),
    ).toEqual([
      ['TEE-S-RED', 2500, 0, 0, 3, 0],
      ['TEE-M-RED', 2510, 1999, 1, 0, 0],
      ['TEE-L-RED', 2700, 0, 0, 0, 1],
    ]);
    // Attribute keys are stored in the product's option order whatever order the file used.
    expect(Object.keys(JSON.parse(variants[0].attributes))).toEqual(['Size', 'Color']);
    expect(variants[0].id).toBe(variantId('w1', 'TEE-S-RED'));

    const zine = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', 'zine')
      .executeTakeFirstOrThrow();
    expect(zine.on_sale).toBe(1);
    const zineVariant = await t.db
      .selectFrom('variants')
      .selectAll()
      .where('sku', '=', 'ZINE')
      .executeTakeFirstOrThrow();
    expect(zineVariant).toMatchObject({
      price_cents: 1200,
      sale_price_cents: 950,
      on_sale: 1,
      unlimited: 1,
      attributes: '{}',
    });

    const cards = await t.db
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', 'card')
      .orderBy('position')
      .execute();
    expect(cards.map((v) => [v.price_cents, v.unlimited, JSON.parse(v.attributes)])).toEqual([
      [2500, 1, { Amount: '$25' }],
      [5000, 1, { Amount: '$50' }],
    ]);

    const beans = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', 'beans')
      .executeTakeFirstOrThrow();
    expect(beans.is_subscribable).toBe(1);
    expect(JSON.parse(beans.subscription_plan ?? 'null')).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 0,
    });
  });

  it('imports the full example of docs/import-format.md', async () => {
    const doc = fs.readFileSync(new URL('../../../docs/import-format.md', import.meta.url), 'utf8');
    const example = /## Full example\s+```json\n([\s\S]+?)\n```/.exec(doc);
    expect(example).not.toBeNull();
    const result = await importCatalog(t, JSON.parse(example?.[1] ?? 'null'), { clock });
    expect(result).toEqual({
      ok: true,
      counts: { websites: 1, storeSettings: 1, forms: 1, collections: 1, products: 7, variants: 10 },
    });
  });

  it('converts prices in a zero-decimal currency exactly', async () => {
    const file = sampleFile();
    file.website = { ...file.website, currency: 'JPY' } as typeof file.website;
    file.products = [{ ...file.products[3], variants: [{ sku: 'BEANS', price: '2500', qtyInStock: 1 }] }];
    expect((await importCatalog(t, file, { clock })).ok).toBe(true);
    const v = await t.db.selectFrom('variants').select(['price_cents']).executeTakeFirstOrThrow();
    expect(v.price_cents).toBe(2500);
  });

  it('re-importing the same file is idempotent and keeps created_at', async () => {
    expect((await importCatalog(t, sampleFile(), { clock })).ok).toBe(true);
    const before = await tableCounts();
    const ids = await t.db.selectFrom('variants').select(['id', 'sku']).orderBy('sku').execute();
    const result = await importCatalog(t, sampleFile(), { clock: () => NOW + 60_000 });
    expect(result.ok).toBe(true);
    expect(await tableCounts()).toEqual(before);
    expect(await t.db.selectFrom('variants').select(['id', 'sku']).orderBy('sku').execute()).toEqual(ids);
    const tee = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', 'tee')
      .executeTakeFirstOrThrow();
    expect([tee.created_at, tee.updated_at]).toEqual([NOW, NOW + 60_000]);
  });

  it('a re-import updates rows in place and drops variants the file no longer lists', async () => {
    expect((await importCatalog(t, sampleFile(), { clock })).ok).toBe(true);
    const file = sampleFile();
    file.website.siteTitle = 'Renamed Shop';
    file.products[0].variants = [
      { ...file.products[0].variants[0], price: '30.00' },
      file.products[0].variants[2],
    ];
    expect((await importCatalog(t, file, { clock })).ok).toBe(true);
    const website = await t.db.selectFrom('websites').select(['site_title']).executeTakeFirstOrThrow();
    expect(website.site_title).toBe('Renamed Shop');
    const skus = await t.db
      .selectFrom('variants')
      .select(['sku', 'price_cents', 'position'])
      .where('product_id', '=', 'tee')
      .orderBy('position')
      .execute();
    expect(skus).toEqual([
      { sku: 'TEE-S-RED', price_cents: 3000, position: 0 },
      { sku: 'TEE-L-RED', price_cents: 2700, position: 1 },
    ]);
  });

  it('a bad file reports every mistake with its path and imports nothing', async () => {
    const file = sampleFile() as any;
    file.website.currency = 'XYZ';
    file.collections.push({
      id: 'shop',
      title: 'Again',
      urlSlug: 'Bad Slug',
      type: 30,
      typeName: 'products',
    });
    file.products[0].collectionId = 'nowhere';
    file.products[0].additionalFieldsFormId = 'missing-form';
    file.products[0].variants[1].sku = 'TEE-S-RED';
    file.products[0].variants[2].attributes = { Size: 'L', Colour: 'Red' };
    file.products[0].variants[0].qtyInStock = -2;
    file.products[1].urlSlug = 'zine';
    file.products[2].urlSlug = 'zine';
    file.products[2].variants[0].onSale = true;
    file.products[3].variants[0].price = '18.005';
    file.products[3].subscriptionPlan = undefined;
    file.products.push({
      id: 'tee',
      collectionId: 'shop',
      urlSlug: 'x',
      name: 'Dup',
      productType: 9,
      variants: [{ sku: 'X', price: '1.00' }],
    });

    const result = await importCatalog(t, file, { clock });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPath = (path: string) => result.errors.filter((e) => e.path === path).map((e) => e.message);
    expect(byPath('website.currency')[0]).toMatch(/^must be one of EUR, USD, AUD/);
    expect(byPath('collections[1].id')).toEqual([
      'is already the id of another collection (collections[0]); ids must be unique',
    ]);
    expect(byPath('collections[1].urlSlug')[0]).toMatch(/lowercase letters/);
    expect(byPath('collections[1].type')).toEqual(['must be 1–25']);
    expect(byPath('products[0].collectionId')).toEqual([
      'refers to collection "nowhere", which the file does not define',
    ]);
    expect(byPath('products[0].additionalFieldsFormId')).toEqual([
      'refers to form "missing-form", which the file does not define',
    ]);
    expect(byPath('products[0].variants[1].sku')).toEqual([
      '"TEE-S-RED" is already used by products[0].variants[0]; SKUs must be unique across the file',
    ]);
    expect(byPath('products[0].variants[2].attributes')).toEqual([
      `must use exactly the product's options ("Size", "Color"): missing "Color"; unknown "Colour"`,
    ]);
    expect(byPath('products[0].variants[0].qtyInStock')).toEqual(['must not be negative']);
    expect(byPath('products[2].urlSlug')).toEqual([
      '"zine" is already used by products[1] in collection "shop"',
    ]);
    expect(byPath('products[2].variants[0].onSale')).toEqual([
      'gift cards are never on sale; remove onSale and salePrice',
    ]);
    expect(byPath('products[3].variants[0].price')).toEqual([
      '"18.005" has more decimal places than USD allows (2)',
    ]);
    expect(byPath('products[3].subscriptionPlan')).toEqual(['is required when isSubscribable is true']);
    expect(byPath('products[4].id')).toEqual([
      'is already the id of another product (products[0]); ids must be unique',
    ]);
    expect(byPath('products[4].productType')).toEqual([
      'must be 1 (physical), 2 (digital), 3 (service), 4 (gift card) or 5 (paywall)',
    ]);

    expect(await tableCounts()).toEqual({
      websites: 0,
      store_settings: 0,
      forms: 0,
      collections: 0,
      products: 0,
      variants: 0,
    });
  });

  it('reports missing fields, unknown keys and per-type rules', () => {
    const result = validateCatalog({
      website: { siteTitle: 'S', colour: 'red' },
      collections: [{ id: 'c', title: 'C', urlSlug: 'c', type: 1, typeName: 'products' }],
      products: [
        {
          id: 'a',
          collectionId: 'c',
          urlSlug: 'a',
          name: 'A',
          productType: 1,
          onSale: true,
          variants: [{ sku: 'A1', price: '5.00', salePrice: '6.00', onSale: true }],
        },
        {
          id: 'b',
          collectionId: 'c',
          urlSlug: 'b',
          name: 'B',
          productType: 2,
          variants: [{ sku: 'B1', priceCents: 100, price: '1.00', qtyInStock: 4 }],
        },
        {
          id: 'g',
          collectionId: 'c',
          urlSlug: 'g',
          name: 'G',
          productType: 4,
          isSubscribable: true,
          variants: [{ sku: 'G1', price: '10.00' }],
        },
        {
          id: 'd',
          collectionId: 'c',
          urlSlug: 'd',
          name: 'D',
          productType: 3,
          useCustomAddButtonText: true,
          variants: [{ sku: 'D1' }, { sku: 'D2', price: '1.00', qtyInStock: 1 }],
        },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { path: 'website.id', message: 'is required' },
        { path: 'website', message: 'Unrecognized key: "colour"' },
        {
          path: 'products[0].onSale',
          message: 'only digital products carry their own onSale flag; set onSale on the variants instead',
        },
        {
          path: 'products[0].variants[0].qtyInStock',
          message:
            'is required for physical and service variants (a whole number ≥ 0), unless unlimited is true',
        },
        { path: 'products[0].variants[0].salePrice', message: 'must be below the price' },
        { path: 'products[1].variants[0].price', message: 'give either price or priceCents, not both' },
        {
          path: 'products[1].variants[0].qtyInStock',
          message: 'digital products always have unlimited stock; remove qtyInStock',
        },
        { path: 'products[2].isSubscribable', message: 'a gift card cannot be subscribable' },
        {
          path: 'products[2].variants[0].attributes',
          message: 'a gift card variant is a denomination: give it an attribute such as { "Amount": "$25" }',
        },
        {
          path: 'products[3].customAddButtonText',
          message: 'is required when useCustomAddButtonText is true',
        },
        {
          path: 'products[3].variants[0].price',
          message: 'is required: give price as a decimal string in USD, or priceCents',
        },
        {
          path: 'products[3].variants[1].attributes',
          message: 'repeats the option values of variants[0]; each variant needs its own combination',
        },
      ]),
    );
  });

  it('refuses ids that belong to another website', async () => {
    expect((await importCatalog(t, sampleFile(), { clock })).ok).toBe(true);
    const other = sampleFile();
    other.website.id = 'w2';
    other.collections[0].urlSlug = 'store';
    const result = await importCatalog(t, other, { clock });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({
      path: 'products[0].id',
      message: '"tee" already belongs to website "w1"',
    });
    expect(result.errors).toContainEqual({
      path: 'collections[0].id',
      message: '"shop" already belongs to website "w1"',
    });
    expect((await tableCounts()).websites).toBe(1);
  });

  it('refuses a URL slug still held by a stored product or collection the file does not list', async () => {
    expect((await importCatalog(t, sampleFile(), { clock })).ok).toBe(true);
    // "beans" keeps its slug because this file does not list it.
    const file = sampleFile();
    file.products = [
      { ...file.products[3], id: 'beans-2', variants: [{ sku: 'BEANS-2', price: '1.00', qtyInStock: 1 }] },
    ];
    const result = await importCatalog(t, file, { clock });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: 'products[0].urlSlug',
          message: '"beans" is already used by product "beans" in collection "shop"',
        },
      ],
    });

    const clash = sampleFile();
    clash.collections = [
      ...clash.collections,
      { id: 'other', title: 'Other', urlSlug: 'other', type: 1, typeName: 'products' },
    ];
    expect((await importCatalog(t, clash, { clock })).ok).toBe(true);
    const again = sampleFile();
    again.collections = [{ ...again.collections[0], urlSlug: 'other' }];
    const refused = await importCatalog(t, again, { clock });
    expect(refused).toEqual({
      ok: false,
      errors: [
        {
          path: 'collections[0].urlSlug',
          message: '"other" is already used by collection "other" of this website',
        },
      ],
    });
  });

  it('a database failure half way leaves nothing of the import behind', async () => {
    expect((await importCatalog(t, sampleFile(), { clock })).ok).toBe(true);
    const before = await tableCounts();
    // Variants are written last, after the website, forms, collections and products: a trigger
    // refusing one of them makes the database fail half way through the import.
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON variants WHEN NEW.sku = 'BOOM' BEGIN SELECT RAISE(ABORT, 'boom refused'); END`.execute(
        t.db,
      );
    } else {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.sku = 'BOOM' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        t.db,
      );
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON variants FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
        t.db,
      );
    }
    const file = sampleFile();
    file.website.siteTitle = 'Changed';
    file.products[0].name = 'Changed Tee';
    file.products[3].variants = [{ sku: 'BOOM', price: '1.00', qtyInStock: 1 }];
    const result = await importCatalog(t, file, { clock });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: '',
          message: expect.stringMatching(
            /^The database refused the import \(.*boom refused.*\); nothing was imported\.$/,
          ),
        },
      ],
    });
    expect(await tableCounts()).toEqual(before);
    const website = await t.db.selectFrom('websites').select(['site_title']).executeTakeFirstOrThrow();
    expect(website.site_title).toBe('Test Shop');
    const tee = await t.db
      .selectFrom('products')
      .select(['name'])
      .where('id', '=', 'tee')
      .executeTakeFirstOrThrow();
    expect(tee.name).toBe('Tee');
    const beans = await t.db
      .selectFrom('variants')
      .select(['sku'])
      .where('product_id', '=', 'beans')
      .execute();
    expect(beans).toEqual([{ sku: 'BEANS' }]);
  });
});
