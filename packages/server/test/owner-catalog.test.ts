import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartWith, placeOrder } from './checkout-support.js';
import { CRUMB, createTestApp, multipart, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const ADMIN = 1;

/** Every product type of spec §1, as the editor sends them. */
const PRODUCTS = {
  physical: {
    collectionId: 'shop',
    urlSlug: 'linen-shirt',
    name: 'Linen Shirt',
    productType: 1,
    description: '<p>Breathes.</p>',
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'LS-S-W', attributes: { Size: 'S', Color: 'White' }, price: '60.00', qtyInStock: 4 },
      {
        sku: 'LS-M-W',
        attributes: { Size: 'M', Color: 'White' },
        price: '60.00',
        salePrice: '45.00',
        onSale: true,
        qtyInStock: 0,
      },
      { sku: 'LS-M-B', attributes: { Size: 'M', Color: 'Blue' }, priceCents: 6500, unlimited: true },
    ],
    useCustomAddButtonText: true,
    customAddButtonText: 'Get the shirt',
    merchandising: {
      restockNotificationViews: ['product-page'],
      restockNotificationMessages: { buttonText: 'Notify me', CTAText: 'Back soon' },
      scarcityEnabled: true,
      scarcityText: 'Only {qty} left',
      scarcityTemplateViews: ['product-page'],
      customSoldOutText: 'Gone for now',
    },
  },
  digital: {
    collectionId: 'shop',
    urlSlug: 'field-guide',
    name: 'Field Guide',
    productType: 2,
    onSale: true,
    variants: [{ sku: 'FG-PDF', price: '9.00', salePrice: '7.00' }],
  },
  service: {
    collectionId: 'shop',
    urlSlug: 'fitting',
    name: 'Fitting',
    productType: 3,
    variants: [{ sku: 'FIT-1H', price: '30.00', qtyInStock: 8 }],
  },
  giftCard: {
    collectionId: 'shop',
    urlSlug: 'store-card',
    name: 'Store Card',
    productType: 4,
    variants: [
      { sku: 'SC-50', attributes: { Amount: '$50' }, price: '50.00' },
      { sku: 'SC-100', attributes: { Amount: '$100' }, price: '100.00' },
    ],
  },
  paywall: {
    collectionId: 'shop',
    urlSlug: 'members',
    name: 'Members Area',
    productType: 5,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    productSubscriptionOptions: [{ id: 'monthly', title: 'Monthly' }],
    variants: [{ sku: 'MEM-1', price: '5.00' }],
  },
  donation: {
    collectionId: 'shop',
    urlSlug: 'give',
    name: 'Give',
    productType: 3,
    donation: { minCents: 500, maxCents: 50_000, presetsCents: [1000, 2500] },
    variants: [{ sku: 'GIVE', price: '0.00', unlimited: true }],
  },
} as const;

/** A solid-colour image of the given size and format, made by sharp. */
function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();
}

/** The editor payload of a loaded product: what the form sends back. */
function payloadOf(product: Record<string, unknown>) {
  const {
    id: _id,
    published: _p,
    fullUrl: _u,
    digitalFile: _d,
    imagePreviews: _i,
    formSharedWith: _f,
    createdAt: _c,
    updatedAt: _up,
    ...payload
  } = product;
  return payload;
}

describe.each(dialects)('owner catalog on %s', (dialect) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addOwner(t.database, ADMIN);
    owner = await signIn(t.app, ownerEmail(ADMIN));
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, body?: unknown) => ownerCall(t.app, method, url, owner, body);
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const upload = (url: string, fileName: string, contentType: string, data: Buffer) =>
    t.app.inject({ method: 'POST', url, cookies: owner, ...multipart(fileName, contentType, data) });
  const create = async (body: unknown) => {
    const res = await call('POST', '/api/config/products', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product as Record<string, any>;
  };

  it.each(
    Object.entries(PRODUCTS),
  )('creates a %s product that loads back as the payload it saves', async (_kind, body) => {
    const product = await create(body);
    expect(product).toMatchObject({ name: body.name, productType: body.productType, published: false });
    const loaded = (await call('GET', `/api/config/products/${product.id}`)).json().product;
    expect(loaded).toEqual(product);
    // The loaded payload saves back unchanged: the form can edit any type.
    const saved = await call('PUT', `/api/config/products/${product.id}`, payloadOf(loaded));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(payloadOf(saved.json().product)).toEqual(payloadOf(loaded));
  });

  it.each([
    'tee',
    'zine',
    'card',
  ])('saves imported product %s back unchanged from what it loads', async (id) => {
    const loaded = (await call('GET', `/api/config/products/${id}`)).json().product;
    expect(loaded.published).toBe(true);
    const saved = await call('PUT', `/api/config/products/${id}`, payloadOf(loaded));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(payloadOf(saved.json().product)).toEqual(payloadOf(loaded));
  });

  it("keeps a donation's presets, minimum and maximum through a load and save", async () => {
    const product = await create({
      ...PRODUCTS.donation,
      urlSlug: 'give-2',
      variants: [{ sku: 'GIVE-2', price: '0.00', unlimited: true }],
    });
    expect(product.donation).toEqual({ minCents: 500, maxCents: 50_000, presetsCents: [1000, 2500] });
    const saved = await call('PUT', `/api/config/products/${product.id}`, {
      ...payloadOf(product),
      name: 'Give more',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ name: 'Give more', donation: product.donation });
    const res = await call('PUT', `/api/config/products/${product.id}`, {
      ...payloadOf(product),
      donation: { minCents: 2000, maxCents: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'donation.maxCents': 'must be above minCents' });
  });

  it('keeps options, variants, sale prices, stock and merchandising as given', async () => {
    const product = await create({
      ...PRODUCTS.physical,
      urlSlug: 'linen-shirt-2',
      variants: [
        {
          sku: 'LS2-S',
          attributes: { Size: 'S', Color: 'White' },
          price: '60.00',
          salePrice: '45.00',
          onSale: true,
          qtyInStock: 4,
        },
        { sku: 'LS2-M', attributes: { Size: 'M', Color: 'White' }, price: '60.00', unlimited: true },
      ],
    });
    expect(product.variants).toEqual([
      {
        sku: 'LS2-S',
        attributes: { Size: 'S', Color: 'White' },
        priceCents: 6000,
        salePriceCents: 4500,
        onSale: true,
        qtyInStock: 4,
      },
      {
        sku: 'LS2-M',
        attributes: { Size: 'M', Color: 'White' },
        priceCents: 6000,
        onSale: false,
        unlimited: true,
      },
    ]);
    expect(product.customAddButtonText).toBe('Get the shirt');
    expect(product.merchandising).toMatchObject({
      scarcityText: 'Only {qty} left',
      customSoldOutText: 'Gone for now',
    });
  });

  it('lets a digital product allow more than one per order, and only a digital one', async () => {
    const guide = await create({
      ...PRODUCTS.digital,
      urlSlug: 'field-guide-2',
      variants: [{ sku: 'FG2', price: '9.00', salePrice: '7.00' }],
    });
    expect(guide.multipleQuantityAllowed).toBe(false);
    const saved = await call('PUT', `/api/config/products/${guide.id}`, {
      ...PRODUCTS.digital,
      urlSlug: 'field-guide-2',
      variants: [{ sku: 'FG2', price: '9.00', salePrice: '7.00' }],
      multipleQuantityAllowed: true,
    });
    expect(saved.json().product.multipleQuantityAllowed).toBe(true);
    const row = await t.database.db
      .selectFrom('products')
      .select('multiple_quantity_allowed')
      .where('id', '=', guide.id)
      .executeTakeFirstOrThrow();
    expect(row.multiple_quantity_allowed).toBe(1);
    const physical = await call('POST', '/api/config/products', {
      ...PRODUCTS.service,
      urlSlug: 'fitting-2',
      variants: [{ sku: 'FIT-2', price: '30.00', qtyInStock: 8 }],
      multipleQuantityAllowed: true,
    });
    expect(physical.statusCode).toBe(400);
    expect(physical.json().errors).toEqual({
      multipleQuantityAllowed: 'applies only to digital products; other products are limited by their stock',
    });
  });

  it('answers bad input with 400 and an error per field, writing nothing', async () => {
    const before = await t.database.db.selectFrom('products').select('id').execute();
    const res = await call('POST', '/api/config/products', {
      collectionId: 'nowhere',
      urlSlug: 'Bad Slug',
      productType: 4,
      variants: [
        { sku: 'TEE-S-RED', attributes: { Amount: '$5' }, price: '5.00', salePrice: '4.00' },
        { sku: 'X', attributes: { Amount: '$5' }, price: '5.001' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('One or more fields is invalid, please check your entries.');
    expect(body.errors).toMatchObject({
      name: 'is required',
      urlSlug: expect.stringContaining('lowercase letters'),
      'variants[0].onSale': 'gift cards are never on sale; remove onSale and salePrice',
      'variants[1].attributes': expect.stringContaining('repeats the option values of variants[0]'),
      'variants[1].price': expect.stringContaining('more decimal places than USD allows'),
    });
    expect(await t.database.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);

    const stored = await call('POST', '/api/config/products', {
      ...PRODUCTS.service,
      collectionId: 'nowhere',
      urlSlug: 'tee',
      variants: [{ sku: 'TEE-S-RED', price: '1.00', qtyInStock: 1 }],
    });
    expect(stored.statusCode).toBe(400);
    expect(stored.json().errors).toEqual({
      collectionId: 'refers to collection "nowhere", which does not exist',
      'variants[0].sku': '"TEE-S-RED" is already used by product "Tee"',
    });
    const slug = await call('POST', '/api/config/products', {
      ...PRODUCTS.service,
      urlSlug: 'tee',
      variants: [{ sku: 'FIT-2', price: '1.00', qtyInStock: 1 }],
    });
    expect(slug.json().errors).toEqual({
      urlSlug: '"tee" is already used by product "Tee" in this collection',
    });
    expect((await call('PUT', '/api/config/products/nope', PRODUCTS.service)).statusCode).toBe(404);
  });

  it('shows a product on the storefront only while published, and an edit on the next request', async () => {
    const product = await create({
      ...PRODUCTS.service,
      urlSlug: 'tailoring',
      variants: [{ sku: 'TAIL-1', price: '80.00', qtyInStock: 2 }],
    });
    const url = '/shop/p/tailoring';
    expect((await page(url)).statusCode).toBe(404);
    expect((await page('/shop')).body).not.toContain('/shop/p/tailoring');

    expect((await call('POST', `/api/config/products/${product.id}/publish`)).json().product.published).toBe(
      true,
    );
    const shown = await page(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Fitting');
    expect((await page('/shop')).body).toContain('/shop/p/tailoring');

    await call('PUT', `/api/config/products/${product.id}`, { ...payloadOf(product), name: 'Tailoring' });
    expect((await page(url)).body).toContain('<h1 class="product-title">Tailoring</h1>');

    await call('POST', `/api/config/products/${product.id}/unpublish`);
    expect((await page(url)).statusCode).toBe(404);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: product.id, sku: 'TAIL-1', quantity: 1, additionalFields: null },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);
    expect(add.statusCode).toBeLessThan(500);
  });

  it('lists products with search, type and stock filters and paging', async () => {
    const list = async (query: string) => (await call('GET', `/api/config/products?${query}`)).json();
    const all = await list('');
    expect(all).toMatchObject({ page: 1, pageSize: 25 });
    expect(all.total).toBe(all.products.length);
    const tee = all.products.find((p: { id: string }) => p.id === 'tee');
    expect(tee).toMatchObject({
      name: 'Tee',
      productType: 1,
      published: true,
      fullUrl: '/shop/p/tee',
      priceCents: 2500,
      stock: { level: 'low', total: 8 },
    });

    expect((await list('search=tee-s')).products.map((p: { id: string }) => p.id)).toEqual(['tee']);
    expect((await list('search=ZIN')).products.map((p: { id: string }) => p.id)).toEqual(['zine']);
    expect((await list('search=100%25')).products).toEqual([]);
    expect((await list('type=4')).products.every((p: { productType: number }) => p.productType === 4)).toBe(
      true,
    );
    const out = (await list('stock=out')).products;
    expect(out.every((p: { stock: { level: string } }) => p.stock.level === 'out')).toBe(true);
    expect((await list('stock=in')).products.some((p: { id: string }) => p.id === 'zine')).toBe(true);
    expect((await list('page=99')).products).toEqual([]);
    const bad = await call('GET', '/api/config/products?type=9&stock=some');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['stock', 'type']);
  });

  it("lists every variant's stock and changes many at once, all or nothing", async () => {
    const stock = async () =>
      Object.fromEntries(
        (
          (await call('GET', '/api/config/inventory')).json().variants as {
            sku: string;
            qtyInStock: number;
            unlimited: boolean;
          }[]
        ).map((v) => [v.sku, v]),
      );
    const before = await stock();
    expect(before['TEE-S-RED']).toMatchObject({
      productId: 'tee',
      qtyInStock: 3,
      level: 'low',
      editable: true,
    });
    expect(before.ZINE).toMatchObject({ unlimited: true, editable: false });

    const refused = await call('PATCH', '/api/config/inventory', {
      changes: [
        { sku: 'TEE-S-RED', set: 40 },
        { sku: 'TEE-S-BLUE', adjust: -99 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'changes[1].adjust': 'would take the stock below zero' });
    expect((await stock())['TEE-S-RED'].qtyInStock).toBe(3);

    const unknown = await call('PATCH', '/api/config/inventory', {
      changes: [
        { sku: 'NOPE', set: 1 },
        { sku: 'ZINE', set: 1 },
      ],
    });
    expect(unknown.json().errors).toEqual({
      'changes[0].sku': 'no variant has the SKU "NOPE"',
      'changes[1].sku': 'digital products and gift cards always have unlimited stock',
    });

    const ok = await call('PATCH', '/api/config/inventory', {
      changes: [
        { sku: 'TEE-S-RED', set: 40 },
        { sku: 'TEE-S-BLUE', adjust: -2 },
        { sku: 'TEE-M-RED', unlimited: true },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await stock();
    expect(after['TEE-S-RED']).toMatchObject({ qtyInStock: 40, level: 'in' });
    expect(after['TEE-S-BLUE'].qtyInStock).toBe(before['TEE-S-BLUE'].qtyInStock - 2);
    expect(after['TEE-M-RED'].unlimited).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'contributor_email'])
      .where('action', '=', 'inventory.change')
      .execute();
    expect(audit).toEqual([{ action: 'inventory.change', contributor_email: ownerEmail(ADMIN) }]);
  });

  it('saves the additional-fields form, subscription options and merchandising texts, shown on the next request', async () => {
    const html = async (url: string) =>
      (await page(url)).body.replaceAll('&quot;', '"').replaceAll('&#34;', '"').replaceAll('&#39;', "'");
    const formOf = async (formId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/template/GetTemplateSchema?type=form&formId=${formId}`,
        })
      ).json().fields;
    const product = await create({
      ...PRODUCTS.physical,
      urlSlug: 'engraved-mug',
      name: 'Engraved Mug',
      variantOptionOrdering: [],
      useCustomAddButtonText: false,
      customAddButtonText: undefined,
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 },
      productSubscriptionOptions: [{ id: 'fortnightly', title: 'Every two weeks' }],
      additionalFieldsForm: {
        fields: [
          { id: 'engraving', type: 'text', title: 'Engraving', required: true },
          { id: 'font', type: 'select', title: 'Font', options: ['Serif', 'Script'] },
        ],
      },
      merchandising: {
        restockNotificationViews: ['product-page'],
        restockNotificationMessages: {
          buttonText: 'Tell me',
          CTAText: 'Back in a week',
          placeholderText: 'you@home.example',
          mailingListDescription: 'Also send me news',
        },
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        scarcityEnabled: true,
        scarcityText: 'Just {qtyInStock} left',
        scarcityTemplateViews: ['product-page'],
        scarcityShownByDefault: true,
        customSoldOutText: 'All gone',
      },
      variants: [{ sku: 'MUG-1', price: '18.00', qtyInStock: 0 }],
    });
    const formId = product.additionalFieldsFormId as string;
    expect(formId).toMatch(/^form_/);
    expect(product.additionalFieldsForm.fields).toEqual([
      { id: 'engraving', type: 'text', title: 'Engraving', required: true },
      { id: 'font', type: 'select', title: 'Font', options: ['Serif', 'Script'], required: false },
    ]);
    expect(product.formSharedWith).toEqual([]);
    expect(product.productSubscriptionOptions).toEqual([{ id: 'fortnightly', title: 'Every two weeks' }]);
    await call('POST', `/api/config/products/${product.id}/publish`);

    const url = '/shop/p/engraved-mug';
    const shown = await html(url);
    for (const text of ['All gone', 'Tell me', 'Back in a week', 'you@home.example', 'Also send me news'])
      expect(shown).toContain(text);
    expect(shown).toContain(`"additionalFieldsFormId":"${formId}"`);
    expect(shown).toContain('"subscriptionOptionId":"fortnightly"');
    expect((await formOf(formId)).map((f: { title: string }) => f.title)).toEqual(['Engraving', 'Font']);

    // An edit of every one of them shows on the next request, and the form keeps its id.
    const edited = await call('PUT', `/api/config/products/${product.id}`, {
      ...payloadOf(product),
      productSubscriptionOptions: [{ id: 'monthly', title: 'Monthly' }],
      additionalFieldsForm: {
        fields: [{ id: 'gift-note', type: 'textarea', title: 'Gift note', required: true, maxLength: 200 }],
      },
      merchandising: {
        ...product.merchandising,
        restockNotificationMessages: { buttonText: 'Notify me when back' },
        customSoldOutText: 'Sold out until spring',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product.additionalFieldsFormId).toBe(formId);
    const again = await html(url);
    expect(again).toContain('Sold out until spring');
    expect(again).toContain('Notify me when back');
    expect(again).not.toContain('Tell me');
    expect(again).toContain('"subscriptionOptionId":"monthly"');
    expect((await formOf(formId)).map((f: { title: string }) => f.title)).toEqual(['Gift note']);

    // A shopper's subscription now needs the form's required answer.
    const add = (additionalFields: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/3/commerce/cart/subscription',
        payload: { itemId: product.id, sku: 'MUG-1', additionalFields, subscriptionOptionId: 'monthly' },
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
      });
    await call('PATCH', '/api/config/inventory', { changes: [{ sku: 'MUG-1', set: 3 }] });
    const edit = (await call('GET', `/api/config/products/${product.id}`)).json().product;
    const refused = await add(null);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['gift-note']);

    // Removing the form: the product page no longer asks for it.
    const removed = await call('PUT', `/api/config/products/${product.id}`, {
      ...payloadOf(edit),
      additionalFieldsForm: null,
    });
    expect(removed.json().product.additionalFieldsFormId).toBeUndefined();
    expect(await html(url)).toContain('"additionalFieldsFormId":null');
    const accepted = await add(null);
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  });

  it('refuses repeated field or subscription option ids and bad field types, per field', async () => {
    const res = await call('POST', '/api/config/products', {
      ...PRODUCTS.paywall,
      urlSlug: 'bad-form',
      productSubscriptionOptions: [{ id: 'm' }, { id: 'm' }],
      additionalFieldsForm: {
        fields: [
          { id: 'a', type: 'text', title: 'A' },
          { id: 'a', type: 'radio', title: 'B', options: [] },
          { id: 'c', type: 'colour', title: 'C' },
        ],
      },
      variants: [{ sku: 'BAD-1', price: '1.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'productSubscriptionOptions[1].id':
        'is already the id of another subscription option (1); ids must be unique',
      'additionalFieldsForm.fields[1].options': 'must list at least one option',
      'additionalFieldsForm.fields[2].type': expect.stringContaining('must have a type'),
    });
  });

  it('deletes a never-sold product; a sold one is kept and the owner is told to unpublish it', async () => {
    const product = await create({
      ...PRODUCTS.service,
      urlSlug: 'one-off',
      variants: [{ sku: 'ONE-OFF', price: '5.00', qtyInStock: 3 }],
    });
    await call('POST', `/api/config/products/${product.id}/publish`);
    const cart = await cartWith(t.app, [{ itemId: product.id, sku: 'ONE-OFF', quantity: 1 }]);
    const deleted = await call('DELETE', `/api/config/products/${product.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `/api/config/products/${product.id}`)).statusCode).toBe(404);
    expect((await page('/shop/p/one-off')).statusCode).toBe(404);
    expect(
      await t.database.db.selectFrom('variants').select('sku').where('sku', '=', 'ONE-OFF').execute(),
    ).toEqual([]);
    const entries = await t.database.db
      .selectFrom('cart_entries')
      .select('id')
      .where('item_id', '=', product.id)
      .execute();
    expect(entries).toEqual([]);
    expect(cart).toBeTruthy();
    expect((await call('DELETE', `/api/config/products/${product.id}`)).statusCode).toBe(404);

    // The zine was bought: its order lines and download links keep naming it, so it stays.
    const order = await placeOrder(
      t.app,
      { source: { kind: 'cart' } },
      await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]),
    );
    expect(order.statusCode, order.body).toBe(201);
    const refused = await call('DELETE', '/api/config/products/zine');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This product has orders or subscriptions, so it is kept for their records. Unpublish it to take it off the store.',
    );
    expect((await call('GET', '/api/config/products/zine')).statusCode).toBe(200);
    const audit = (await call('GET', '/api/config/audit')).json();
    expect(JSON.stringify(audit)).toContain('product.delete');
  });

  it('deletes a media item and its files unless a product shows or delivers it', async () => {
    const { asset } = (await upload('/api/config/media', 'a.png', 'image/png', await image(600, 400))).json();
    const dir = path.join(t.mediaDir, 'images', asset.id);
    expect(fs.readdirSync(dir).sort()).toEqual(['100w.webp', '300w.webp', '500w.webp', 'original.webp']);
    const product = await create({
      ...PRODUCTS.service,
      urlSlug: 'pictured-service',
      images: [{ mediaId: asset.id }],
      variants: [{ sku: 'PS-1', price: '5.00', qtyInStock: 3 }],
    });
    const refused = await call('DELETE', `/api/config/media/${asset.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This image is shown on "Fitting". Remove it there first.');
    expect(fs.existsSync(dir)).toBe(true);

    await call('PUT', `/api/config/products/${product.id}`, { ...payloadOf(product), images: [] });
    expect((await call('DELETE', `/api/config/media/${asset.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    expect((await page(asset.url)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/config/media/${asset.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/config/media/..%2Fsecret')).statusCode).toBe(404);
  });

  it('answers a multipart body cut short with 400 "Error uploading", not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/config/media',
      cookies: owner,
      headers: { 'content-type': 'multipart/form-data; boundary=cut', 'x-csrf-token': CRUMB },
      payload: '--cut\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Error uploading');
  });

  it('resizes an uploaded image into the width variants up to its size, served for a year', async () => {
    const res = await upload('/api/config/media', 'meadow.png', 'image/png', await image(1200, 800));
    expect(res.statusCode, res.body).toBe(201);
    const { asset } = res.json();
    expect(asset).toMatchObject({
      fileName: 'meadow.png',
      width: 1200,
      height: 800,
      altText: '',
      focalPoint: { x: 0.5, y: 0.5 },
    });
    expect(asset.url).toBe(`/media/${asset.id}/original.webp`);
    expect(Object.keys(asset.variants)).toEqual(['100', '300', '500', '750', '1000']);

    for (const [width, url] of Object.entries(asset.variants as Record<string, string>)) {
      const file = await page(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect((await sharp(file.rawPayload).metadata()).width).toBe(Number(width));
    }
    const viaFormat = await page(`${asset.url}?format=300w`);
    expect((await sharp(viaFormat.rawPayload).metadata()).width).toBe(300);
    // A width the image was too small for serves the full size.
    expect((await sharp((await page(`${asset.url}?format=2500w`)).rawPayload).metadata()).width).toBe(1200);

    const photo = (
      await upload('/api/config/media', 'photo.jpg', 'image/jpeg', await image(320, 200, 'jpeg'))
    ).json().asset;
    expect(photo.url).toMatch(/\/original\.jpg$/);
    expect(Object.keys(photo.variants)).toEqual(['100', '300']);
    expect((await page(photo.variants['100'])).headers['content-type']).toBe('image/jpeg');

    const listed = (await call('GET', '/api/config/media')).json();
    expect(listed.assets.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining([asset.id, photo.id]),
    );
  });

  it('edits alt text and focal point, within 0..1', async () => {
    const { asset } = (
      await upload('/api/config/media', 'a.gif', 'image/gif', await image(150, 150, 'gif'))
    ).json();
    const res = await call('PATCH', `/api/config/media/${asset.id}`, {
      altText: 'A green square',
      focalPoint: { x: 0.2, y: 0.9 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().asset).toMatchObject({ altText: 'A green square', focalPoint: { x: 0.2, y: 0.9 } });
    const bad = await call('PATCH', `/api/config/media/${asset.id}`, { focalPoint: { x: 1.5, y: 0.5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'focalPoint.x': 'must be between 0 and 1' });
    expect(
      (await call('PATCH', '/api/config/media/img_00000000000000000000', { altText: 'x' })).statusCode,
    ).toBe(404);
  });

  it('never stores or serves an uploaded SVG or HTML file', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const files = () =>
      fs.existsSync(path.join(t.mediaDir, 'images'))
        ? fs.readdirSync(path.join(t.mediaDir, 'images')).length
        : 0;
    const before = files();
    for (const [name, type, data] of [
      ['x.svg', 'image/svg+xml', svg],
      ['x.svg', 'image/png', svg],
      ['x.html', 'text/html', html],
      ['x.png', 'image/png', html],
    ] as const) {
      const res = await upload('/api/config/media', name, type, data);
      expect(res.statusCode, `${name} as ${type}`).toBe(415);
      expect(res.json()).toEqual({
        message: 'Unable to Upload File',
        errors: { file: 'Only JPEG, PNG, WebP and GIF images can be uploaded.' },
      });
    }
    expect(files()).toBe(before);
    // Only our own re-encoded files are reachable, by name pattern, each with nosniff and a sandbox.
    const res = await page('/media/img_00000000000000000000/original.html');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers an oversized file with the editor message and 413, and a broken image with File processing failed', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    const res = await upload('/api/config/media', 'huge.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The file huge.png is too large. The maximum allowed file size is 20 MB.',
    });

    const png = await image(400, 400);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const broken = await upload('/api/config/media', 'cut.png', 'image/png', truncated);
    const huge = await upload('/api/config/media', 'wall.png', 'image/png', await image(10_000, 5_001));
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({
      message: 'File processing failed',
      errors: { file: 'Images may have at most 50 megapixels.' },
    });

    // The header says PNG, the pixels are cut off: decoding fails.
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ message: 'File processing failed' });
  });

  it('puts the uploaded image on the product page and list with a srcset of its width variants', async () => {
    const { asset } = (
      await upload('/api/config/media', 'shirt.png', 'image/png', await image(800, 800))
    ).json();
    await call('PATCH', `/api/config/media/${asset.id}`, { altText: 'A folded linen shirt' });
    const product = await create({
      ...PRODUCTS.physical,
      urlSlug: 'pictured',
      images: [{ mediaId: asset.id }],
      variants: [{ sku: 'PIC-1', attributes: { Size: 'S', Color: 'White' }, price: '10.00', qtyInStock: 9 }],
    });
    expect(product.imagePreviews).toEqual([
      {
        mediaId: asset.id,
        url: asset.url,
        thumbnailUrl: `${asset.url}?format=300w`,
        altText: 'A folded linen shirt',
      },
    ]);
    await call('POST', `/api/config/products/${product.id}/publish`);
    const html = (await page('/shop/p/pictured')).body;
    const srcset = ['100w', '300w', '500w', '750w'].map((w) => `${asset.url}?format=${w} ${w}`).join(',');
    expect(html).toContain(`src="${asset.url}" srcset="${srcset},${asset.url}?format=original 2500w"`);
    expect(html).toContain('alt="A folded linen shirt"');
    expect((await page('/shop')).body).toContain(`srcset="${srcset}`);

    const missing = await call('PUT', `/api/config/products/${product.id}`, {
      ...payloadOf(product),
      images: [{ mediaId: 'img_ffffffffffffffffffff' }],
    });
    expect(missing.json().errors).toEqual({
      'images[0].mediaId': 'refers to image "img_ffffffffffffffffffff", which is not in the media library',
    });
  });

  it("delivers a digital product's uploaded file through its download link, as an attachment", async () => {
    const refused = await upload(
      '/api/config/products/tee/file',
      'a.pdf',
      'application/pdf',
      Buffer.from('%PDF'),
    );
    expect(refused.statusCode).toBe(400);

    const content = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload('/api/config/products/zine/file', 'Zine #1 (été).html', 'text/html', content);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file).toMatchObject({ fileName: 'Zine #1 (été).html', size: content.length });
    expect((await call('GET', '/api/config/products/zine')).json().product.digitalFile).toMatchObject({
      size: content.length,
    });

    const cart = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const order = await placeOrder(t.app, { source: { kind: 'cart' } }, cart);
    expect(order.statusCode, order.body).toBe(201);
    const download = await page(order.json().order.downloads[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Zine #1 (_t_).html"; filename*=UTF-8''Zine%20%231%20%28%C3%A9t%C3%A9%29.html`,
    );
  });
});
