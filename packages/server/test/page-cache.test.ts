import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { PAGE_CACHE_TTL_MS } from '../src/render/page-cache.js';
import { cartWith, checkoutCatalog, placeOrder, US_ADDRESS } from './checkout-support.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const ADMIN = 1;
const MUG = '/shop/p/mug';

/** The stock of the page's only variant, as the product form island reads it. */
function stockShown(html: string): number {
  const m = /qtyInStock(?:&quot;|"):(\d+)/.exec(html);
  if (!m) throw new Error('no stock on the page');
  return Number(m[1]);
}

function nonceOf(csp: unknown): string {
  return /'nonce-([^']+)'/.exec(String(csp))![1];
}

describe.each(dialects)('page cache (%s)', (dialect) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect, checkoutCatalog());
    await addOwner(t.database, ADMIN);
    owner = await signIn(t.app, ownerEmail(ADMIN));
  });
  afterAll(async () => t?.close());

  const page = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies });
  const call = (method: string, url: string, body?: unknown) => ownerCall(t.app, method, url, owner, body);

  it("fills each response's own crumb and CSP nonce into a kept page", async () => {
    const first = await page(MUG);
    const second = await page(MUG, { crumb: CRUMB });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      const nonce = nonceOf(res.headers['content-security-policy']);
      const crumb = cookiesOf(res).crumb ?? CRUMB;
      expect(res.body).toContain(`id="sf-context" nonce="${nonce}"`);
      expect(res.body).toContain(`<script type="module" nonce="${nonce}"`);
      expect(res.body).toContain(`name="crumb" value="${crumb}"`);
      expect(res.body).not.toMatch(/sfcrumb|sfnonce/);
    }
    const firstCrumb = cookiesOf(first).crumb;
    expect(firstCrumb).not.toBe(CRUMB);
    // Apart from the crumb and the nonce, the two answers are the same page.
    const plain = (res: typeof first, crumb: string) =>
      res.body
        .replaceAll(nonceOf(res.headers['content-security-policy']), 'NONCE')
        .replaceAll(crumb, 'CRUMB');
    expect(plain(second, CRUMB)).toBe(plain(first, firstCrumb));
  });

  it('shows stock taken by a checkout on the next request', async () => {
    expect(stockShown((await page(MUG)).body)).toBe(10);
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 3 }]);
    const order = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(order.statusCode, order.body).toBe(201);
    expect(stockShown((await page(MUG)).body)).toBe(7);
  });

  it("shows an owner's stock change, edit and unpublish on the next request", async () => {
    expect((await page('/shop')).body).toContain('>Mug<');
    const set = await call('PATCH', '/api/config/inventory', { changes: [{ sku: 'MUG', set: 0 }] });
    expect(set.statusCode, set.body).toBe(200);
    const soldOut = (await page(MUG)).body;
    expect(stockShown(soldOut)).toBe(0);
    expect(soldOut).toContain('Sold Out');

    const product = (await call('GET', '/api/config/products/mug')).json().product;
    const {
      id: _id,
      published: _p,
      fullUrl: _u,
      digitalFile: _d,
      formSharedWith: _f,
      imagePreviews: _i,
      createdAt: _c,
      updatedAt: _up,
      ...payload
    } = product;
    const edit = await call('PUT', '/api/config/products/mug', { ...payload, name: 'Big Mug' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await page(MUG)).body).toContain('<h1 class="product-title">Big Mug</h1>');
    expect((await page('/shop')).body).toContain('Big Mug');

    await call('POST', '/api/config/products/mug/unpublish');
    expect((await page(MUG)).statusCode).toBe(404);
    expect((await page('/shop')).body).not.toContain('Big Mug');
    await call('POST', '/api/config/products/mug/publish');
    expect((await page(MUG)).statusCode).toBe(200);
  });

  it('shows an import (products, stock, site settings) on the next request', async () => {
    expect((await page('/shop/p/poster')).body).toContain('Poster');
    const catalog = checkoutCatalog();
    const file = {
      ...catalog,
      website: { ...catalog.website, siteTitle: 'Renamed Shop' },
      products: catalog.products.map((p) =>
        p.id === 'poster'
          ? { ...p, name: 'Big Poster', variants: [{ sku: 'POSTER', price: '5.00', qtyInStock: 4 }] }
          : p,
      ),
    };
    const imported = await importCatalog(t.database, file);
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    const after = (await page('/shop/p/poster')).body;
    expect(after).toContain('<h1 class="product-title">Big Poster</h1>');
    expect(after).toContain('Renamed Shop');
    expect(stockShown(after)).toBe(4);
  });

  it("keeps the cart pill personal: a visitor's count is never another's", async () => {
    const token = await cartWith(t.app, [{ itemId: 'poster', sku: 'POSTER', quantity: 2 }]);
    const mine = (await page('/shop/p/poster', { CART: token })).body;
    const anyone = (await page('/shop/p/poster')).body;
    expect(mine).not.toBe(anyone);
    expect(mine).toContain('&quot;totalQuantity&quot;:2');
    expect(anyone).toContain('&quot;totalQuantity&quot;:0');
  });

  it('shows a write by another instance within the TTL', async () => {
    const before = stockShown((await page('/shop/p/tee')).body);
    const other = openDatabase(t.database.config);
    try {
      await other.db
        .updateTable('variants')
        .set({ qty_in_stock: before + 5 })
        .where('sku', '=', 'TEE-S-RED')
        .execute();
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now + PAGE_CACHE_TTL_MS + 1);
      try {
        expect(stockShown((await page('/shop/p/tee')).body)).toBe(before + 5);
      } finally {
        clock.mockRestore();
      }
    } finally {
      await other.close();
    }
  });
});
