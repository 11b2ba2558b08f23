import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, cookiesOf, createTestApp, smallCatalog, type TestApp } from './support/app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('sends a CSP whose nonce is on every script of the page, and no script without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/p/tee' });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.body).toContain(`<script type="application/json" id="sf-context" nonce="${nonce}">`);
    expect(res.body).not.toMatch(/\son[a-z]+="/);
    // A fresh nonce per response.
    const again = await t.app.inject({ method: 'GET', url: '/shop/p/tee' });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('forbids framing by others and sniffing, and keeps the referrer to the origin across sites', async () => {
    for (const url of ['/shop', '/api/commerce/shopping-cart', '/theme/site.css', '/checkout']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS only for HTTPS requests, X-Forwarded-Proto believed only from a trusted proxy', async () => {
    const proto = { 'x-forwarded-proto': 'https' };
    const direct = await t.app.inject({ method: 'GET', url: '/shop', headers: proto });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp('sqlite', smallCatalog(), {}, { TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/shop', headers: proto });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await proxied.app.inject({ method: 'GET', url: '/shop' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('marks every personal API answer no-store and Vary: Cookie, the shared ones not', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
      payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
    });
    const cart = cookiesOf(add).CART;
    const personal = [
      add,
      await t.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: cart } }),
      await t.app.inject({ method: 'GET', url: '/api/commerce/orders/o1?token=x' }),
      await t.app.inject({ method: 'GET', url: '/api/commerce/subscriptions/s1?token=x' }),
      await t.app.inject({ method: 'GET', url: '/api/commerce/gift-cards/ABCD/balance' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/commerce/checkout/quote',
        cookies: { CART: cart },
        payload: { source: { kind: 'cart' } },
      }),
    ];
    for (const res of personal) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    }
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cart },
      headers: { 'accept-encoding': 'br' },
    });
    expect(String(compressed.headers.vary)).toMatch(/Cookie/);
    for (const url of ['/api/context/config', '/api/commerce/inventory/stock/?itemId=tee']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});
