import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding } from '../src/platform/compress.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

describe.each(dialects)('pages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('renders the product list with prices, badges and links, and sets a crumb', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(cookiesOf(res).crumb).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    const html = res.body;
    expect(html).toContain('<body class="page-type-1">');
    expect(html).toContain('href="/shop/p/tee"');
    expect(html).toContain('from $19.99');
    expect(html).toContain('<span class="product-badge product-badge--sale">sale</span>');
    expect(html).toContain('$12.00');
    expect(html).toContain('id="sf-context"');
  });

  it('serves the first products collection at /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/shop/p/zine"');
  });

  it('renders a product page whose plain form adds to the cart without JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/p/tee', cookies: { crumb: CRUMB } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<body class="page-type-50">');
    expect(html).toContain('<h1 class="product-title">Tee</h1>');
    expect(html).toContain(
      '<form class="product-form" method="post" action="/api/commerce/shopping-cart/entries">',
    );
    expect(html).toContain(`<input type="hidden" name="crumb" value="${CRUMB}">`);
    expect(html).toContain(
      // The fixture's only M is out of stock: marked before any choice.
      '<select id="variant-option-Size" name="variant-option-Size" class="variant-select"><option value="">Select Size</option><option value="S">S</option><option value="M" data-unavailable>M (sold out)</option></select>',
    );
    expect(html).toContain('<option value="Red">Red</option><option value="Blue">Blue</option>');
    expect(html).toContain('<button type="submit" class="sqs-add-to-cart-button">Add To Cart</button>');
    expect(html).toContain('data-island="ProductForm"');
    const props = /data-island="ProductForm" data-props="([^"]*)"/
      .exec(html)![1]
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(props)).toMatchObject({
      itemId: 'tee',
      productType: 1,
      currency: 'USD',
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red', 'Blue'] },
      ],
      showQuantity: true,
      soldOut: false,
    });
  });

  it('shows the message a failed plain-form add names by key, and no text a link carries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/p/tee?cartError=outOfStock' });
    expect(res.body).toContain(
      '<p class="product-form-message" role="alert">Sorry, we do not have enough of that item available.</p>',
    );
    for (const text of [
      '<b>Sorry</b>',
      'Your card was declined, call 555-0100',
      'constructor',
      '__proto__',
    ]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/shop/p/tee?cartError=${encodeURIComponent(text)}`,
      });
      expect(page.body).toContain('<p class="product-form-message" role="alert"></p>');
    }
  });

  it('formats JPY without decimals', async () => {
    const jpy = await createTestApp(dialect, {
      website: { id: 'wj', siteTitle: 'Tokyo', currency: 'JPY' },
      collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
      forms: [],
      products: [
        {
          id: 'cup',
          collectionId: 'shop',
          urlSlug: 'cup',
          name: 'Cup',
          productType: 1,
          variants: [{ sku: 'CUP', price: '2500', qtyInStock: 4 }],
        },
      ],
    });
    try {
      const res = await jpy.app.inject({ method: 'GET', url: '/shop/p/cup' });
      expect(res.body).toContain('¥2,500</div>');
    } finally {
      await jpy.close();
    }
  });

  it('answers unknown URLs with the not-found page type and 404', async () => {
    for (const url of ['/nope', '/shop/p/nope', '/shop/x/y/z']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<body class="page-type-100">');
      expect(res.body).toContain('Page not found');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('renders the cart page with the entries; the pill cart shows elsewhere, not on the cart page', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
      payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 2, additionalFields: null },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/cart',
      cookies: { CART: cookiesOf(added).CART, hasCart: 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="page-type-200">');
    expect(res.body).toContain('<a class="cart-entry-title" href="/shop/p/tee">Tee</a>');
    expect(res.body).toContain('Size: S');
    expect(res.body).toContain('$54.00');
    expect(res.body).not.toContain('class="pill-cart"');
    const list = await t.app.inject({
      method: 'GET',
      url: '/shop',
      cookies: { CART: cookiesOf(added).CART },
    });
    expect(list.body).toContain('aria-label="Cart, 2 items, $54.00"');
    const empty = await t.app.inject({ method: 'GET', url: '/cart' });
    expect(empty.body).toContain('You have nothing in your shopping cart.');
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).toMatch(
      /class="pill-cart"[^>]* hidden/,
    );
  });

  it('answers /healthz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
  });
});

describe.each(dialects)('quick view on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('answers what the overlay shows and the ProductForm props', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/commerce/quick-view/tee' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.item).toMatchObject({
      id: 'tee',
      name: 'Tee',
      fullUrl: '/shop/p/tee',
      badge: 'sale',
      badgeText: 'sale',
      images: [{ assetUrl: '/assets/demo/tee.svg', altText: 'A tee' }],
    });
    expect(body.item.price).toMatchObject({ onSale: false, varied: true, fromText: 'from $19.99' });
    expect(body.productForm).toMatchObject({
      itemId: 'tee',
      currency: 'USD',
      soldOut: false,
      showQuantity: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/commerce/quick-view/nope' })).statusCode).toBe(
      404,
    );
  });
});

describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('compresses pages for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/shop',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/shop' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<!doctype html>');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<!doctype html>');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it('answers JSON in the encoding the client accepts, and none it refuses', async () => {
    const add = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { 'x-csrf-token': CRUMB, ...headers },
        cookies: { crumb: CRUMB },
        payload: { itemId: 'zine', quantity: 1 },
      });
    const plain = await add({});
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const gzip = await add({ 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toBe('Cookie, Accept-Encoding');
    const answer = JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString());
    expect(answer.newlyAdded.itemId).toBe('zine');
    const none = await add({ 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().newlyAdded.itemId).toBe('zine');
  });

  it('chooses brotli, then gzip, by the q-values of Accept-Encoding', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('serves the built islands from their precompressed copies', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/shop' })).body;
    const script = /<script type="module" nonce="[^"]+" src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/main-.*\.js$/);
    const res = await t.app.inject({ method: 'GET', url: script!, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
