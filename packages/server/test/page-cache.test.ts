import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { PAGE_CACHE_TTL_MS, PageCache } from '../src/render/page-cache.js';
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

interface PageAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  cookies: { name: string; value: string }[];
}

/** A GET over a real socket, as a browser sends it: the way kept pages skip Fastify (page-fast-path.ts). */
function socketGet(
  port: number,
  url: string,
  cookies: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<PageAnswer & { raw: Buffer }> {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, headers: { ...headers, ...(cookie ? { cookie } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({
              statusCode: res.statusCode!,
              headers: res.headers,
              raw,
              body: raw.toString(),
              cookies: (res.headers['set-cookie'] ?? []).map((c) => {
                const [name, value] = c.split(';')[0].split('=');
                return { name, value };
              }),
            });
          });
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/** Pages asked through Fastify's inject, and over a socket, where kept pages are answered before Fastify. */
const TRANSPORTS = ['inject', 'socket'] as const;

describe.each(
  dialects.flatMap((d) => TRANSPORTS.map((how) => [d, how] as const)),
)('page cache (%s, %s)', (dialect, how) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, checkoutCatalog());
    await addOwner(t.database, ADMIN);
    owner = await signIn(t.app, ownerEmail(ADMIN));
    if (how === 'socket') {
      // Port 0: the system picks a free one.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    }
  });
  afterAll(async () => t?.close());

  const page = (url: string, cookies: Record<string, string> = {}): Promise<PageAnswer> =>
    how === 'socket' ? socketGet(port, url, cookies) : t.app.inject({ method: 'GET', url, cookies });
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
  it.runIf(how === 'socket')(
    'answers a kept page before Fastify, with the headers and holes Fastify gives it',
    async () => {
      const kept = vi.spyOn(PageCache.prototype, 'get');
      const copied = vi.spyOn(PageCache.prototype, 'pieces');
      try {
        const fresh = '/shop/p/poster?page=1';
        const missed = await socketGet(port, fresh, {});
        const routeReads = kept.mock.calls.length;
        expect(routeReads).toBeGreaterThan(0);
        const copies = copied.mock.calls.length;
        const hit = await socketGet(port, fresh, {});
        // The hit read the kept pieces and never reached the page route.
        expect(kept).toHaveBeenCalledTimes(routeReads);
        expect(copied).toHaveBeenCalledTimes(copies + 1);
        expect(hit.statusCode).toBe(200);
        const headerNames = (res: PageAnswer) => Object.keys(res.headers).sort();
        expect(headerNames(hit)).toEqual(headerNames(missed));
        for (const name of [
          'x-frame-options',
          'x-content-type-options',
          'referrer-policy',
          'cache-control',
          'content-type',
        ])
          expect(hit.headers[name]).toBe(missed.headers[name]);
        expect(hit.headers['content-security-policy']).toBe(
          String(missed.headers['content-security-policy']).replace(
            nonceOf(missed.headers['content-security-policy']),
            nonceOf(hit.headers['content-security-policy']),
          ),
        );
        expect(hit.headers['strict-transport-security']).toBeUndefined();
        const nonce = nonceOf(hit.headers['content-security-policy']);
        expect(nonce).not.toBe(nonceOf(missed.headers['content-security-policy']));
        const crumb = cookiesOf(hit).crumb;
        expect(crumb).not.toBe(cookiesOf(missed).crumb);
        expect(hit.headers['set-cookie']).toEqual([`crumb=${crumb}; Path=/; SameSite=Lax`]);
        expect(hit.body).toContain(`id="sf-context" nonce="${nonce}"`);
        expect(hit.body).toContain(`name="crumb" value="${crumb}"`);
        const plain = (res: PageAnswer) =>
          res.body
            .replaceAll(nonceOf(res.headers['content-security-policy']), 'NONCE')
            .replaceAll(cookiesOf(res).crumb, 'CRUMB');
        expect(plain(hit)).toBe(plain(missed));
      } finally {
        kept.mockRestore();
        copied.mockRestore();
      }
    },
  );

  it.runIf(how === 'socket')("keeps a visitor's signed crumb and replaces a forged one", async () => {
    await page(MUG);
    const signed = await page(MUG, { crumb: CRUMB });
    expect(signed.headers['set-cookie']).toBeUndefined();
    expect(signed.body).toContain(`name="crumb" value="${CRUMB}"`);
    const forgedCrumb = `${'0'.repeat(32)}.${'0'.repeat(32)}`;
    const forged = await page(MUG, { crumb: forgedCrumb });
    const issued = cookiesOf(forged).crumb;
    expect(issued).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    expect(issued).not.toBe(forgedCrumb);
    expect(forged.body).not.toContain(forgedCrumb);
    expect(forged.body).toContain(`name="crumb" value="${issued}"`);
  });

  it.runIf(how === 'socket')('compresses a kept page for a client that accepts it', async () => {
    const plainPage = await socketGet(port, '/shop', {});
    const br = await socketGet(port, '/shop', { crumb: CRUMB }, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    const html = zlib.brotliDecompressSync(br.raw).toString();
    expect(
      html.replaceAll(nonceOf(br.headers['content-security-policy']), 'NONCE').replaceAll(CRUMB, 'CRUMB'),
    ).toBe(
      plainPage.body
        .replaceAll(nonceOf(plainPage.headers['content-security-policy']), 'NONCE')
        .replaceAll(cookiesOf(plainPage).crumb, 'CRUMB'),
    );
  });

  it.runIf(how === 'socket')('leaves a request carrying a NUL to Fastify, which refuses it', async () => {
    await page('/shop');
    expect((await page('/shop?sort=%00')).statusCode).toBe(400);
    expect((await page('/shop', { hasCart: '%00' })).statusCode).toBe(400);
  });
});
