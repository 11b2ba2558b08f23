import { PIXEL_MESSAGES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const META_ID = '123456789012345';
const GOOGLE_ID = 'G-ABC123XYZ9';

/** The page's context JSON (what the analytics script reads). */
function pageContext(html: string): { analytics: Record<string, unknown> } {
  const json = /<script type="application\/json" id="sf-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe.each(dialects)('ad pixels on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const pixels = (body: unknown) => ownerCall(t.app, 'PATCH', '/api/config/analytics/pixels', admin, body);
  const page = (url = '/shop/p/tee') => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addOwner(t.database, 1);
    admin = await signIn(t.app, ownerEmail(1));
  });
  afterAll(async () => t?.close());

  it('has none by default: no ids in the page, no third-party origin in its CSP', async () => {
    const got = await ownerCall(t.app, 'GET', '/api/config/analytics/pixels', admin);
    expect(got.json()).toEqual({ metaPixelId: null, googleTagId: null });
    const res = await page();
    expect(pageContext(res.body).analytics).not.toHaveProperty('pixels');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/facebook|google/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^' ]+'; /);
    expect(csp).toContain("connect-src 'self'; ");
  });

  it('refuses malformed ids with each field’s message, and changes nothing', async () => {
    const bad = await pixels({ metaPixelId: '12345', googleTagId: 'UA-1234-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: PIXEL_MESSAGES.meta,
      errors: { metaPixelId: PIXEL_MESSAGES.meta, googleTagId: PIXEL_MESSAGES.google },
    });
    for (const body of [{ metaPixelId: '12345678901234567' }, { metaPixelId: 123456789012345 }]) {
      const res = await pixels(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ metaPixelId: PIXEL_MESSAGES.meta });
    }
    expect((await pixels({ googleTagId: 'g-abc1234' })).json().errors).toEqual({
      googleTagId: PIXEL_MESSAGES.google,
    });
    expect((await pixels({ tiktok: 'x' })).statusCode).toBe(400);
    const got = await ownerCall(t.app, 'GET', '/api/config/analytics/pixels', admin);
    expect(got.json()).toEqual({ metaPixelId: null, googleTagId: null });
  });

  it('saves the Meta id with an audit entry: the page carries it and its CSP allows only Meta', async () => {
    const res = await pixels({ metaPixelId: ` ${META_ID} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ metaPixelId: META_ID, googleTagId: null });
    const audit = await ownerCall(t.app, 'GET', '/api/config/audit', admin);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'analytics.pixels',
      contributor: { email: ownerEmail(1) },
      detail: { metaPixelId: META_ID },
    });
    const shop = await page();
    expect(pageContext(shop.body).analytics.pixels).toEqual({ meta: META_ID });
    const csp = String(shop.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^' ]+' https:\/\/connect\.facebook\.net; /);
    expect(csp).toContain("connect-src 'self' https://www.facebook.com; ");
    expect(csp).not.toContain('google');
  });

  it('with both ids allows both vendors on storefront pages, never on the owner’s area or API calls', async () => {
    expect((await pixels({ googleTagId: 'AW-123456789' })).json()).toEqual({
      metaPixelId: META_ID,
      googleTagId: 'AW-123456789',
    });
    expect((await pixels({ googleTagId: GOOGLE_ID })).json().googleTagId).toBe(GOOGLE_ID);
    const shop = await page('/shop');
    expect(pageContext(shop.body).analytics.pixels).toEqual({ meta: META_ID, google: GOOGLE_ID });
    const csp = String(shop.headers['content-security-policy']);
    expect(csp).toContain('https://connect.facebook.net https://www.googletagmanager.com; ');
    expect(csp).toContain('https://*.google-analytics.com');
    for (const url of ['/config', '/api/commerce/shopping-cart']) {
      const other = await t.app.inject({ method: 'GET', url, cookies: admin });
      expect(String(other.headers['content-security-policy'])).not.toMatch(/facebook|google/);
    }
  });

  it('an empty id removes it: the page and its CSP go back to no pixel', async () => {
    const res = await pixels({ metaPixelId: '', googleTagId: null });
    expect(res.json()).toEqual({ metaPixelId: null, googleTagId: null });
    const shop = await page();
    expect(pageContext(shop.body).analytics).not.toHaveProperty('pixels');
    expect(String(shop.headers['content-security-policy'])).not.toMatch(/facebook|google/);
  });
});
