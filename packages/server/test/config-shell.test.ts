import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/owner-auth.js';
import { cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { addOwner, ownerEmail, signIn } from './support/owner.js';

/** The owner's area page: one shell for /config and everything under it (packages/web src/config). */
describe('the owner’s area shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it.each([
    '/config',
    '/config/products',
    '/config/products/tee?tab=1',
    '/config/sign-in',
  ])('answers %s with the app’s page and a crumb', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(cookiesOf(res).crumb).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Owner’s area — Test Shop</title>');
    expect(html).toContain('<div id="config-root"></div>');
    expect(html).toContain(
      '{"siteTitle":"Test Shop","currency":"USD","locale":"en-US","timeZone":"America/New_York","signedIn":false}',
    );
  });

  it('tells the app a signed-in contributor is there, so only then it asks the session API', async () => {
    await addOwner(t.database, 1);
    const cookies = await signIn(t.app, ownerEmail(1));
    const html = (await t.app.inject({ method: 'GET', url: '/config/products', cookies })).body;
    expect(html).toContain('"signedIn":true}');
    const expired = { ...cookies, [SESSION_COOKIE]: 'not-a-session' };
    expect((await t.app.inject({ method: 'GET', url: '/config', cookies: expired })).body).toContain(
      '"signedIn":false}',
    );
  });

  it('links the owner’s area bundle and its stylesheet, not the islands', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/config' })).body;
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/config-.*\.js$/);
    expect(style).toMatch(/^\/assets\/config-.*\.css$/);
    for (const url of [script!, style!]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    const storefront = (await t.app.inject({ method: 'GET', url: '/shop' })).body;
    expect(storefront).not.toContain(script);
  });

  it('leaves /configure and the owner APIs alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/configure' })).body).not.toContain('config-root');
    const api = await t.app.inject({ method: 'GET', url: '/api/config/session' });
    expect(api.statusCode).toBe(401);
  });
});
