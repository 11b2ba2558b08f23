import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createCrumbs } from '../src/platform/crumb.js';
import {
  cookiesOf,
  createCatalogDatabase,
  createTestApp,
  smallCatalog,
  type TestApp,
} from './support/app.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const ADD_URL = '/api/commerce/shopping-cart/entries';
const TEE = 'itemId=tee&sku=TEE-S-BLUE&quantity=1';

/** The crumb a product page hands out, as a browser would receive it. */
async function pageCrumb(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/shop/p/tee', headers });
  return res.cookies.find((c) => c.name === 'crumb')!;
}

const addWithForm = (t: TestApp, cookie: string, field: string) =>
  t.app.inject({
    method: 'POST',
    url: ADD_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    cookies: { crumb: cookie },
    payload: `crumb=${encodeURIComponent(field)}&${TEE}`,
  });

describe('crumbs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('accepts the crumb a page handed out, as header and as form field', async () => {
    const crumb = (await pageCrumb(t)).value;
    const json = await t.app.inject({
      method: 'POST',
      url: ADD_URL,
      cookies: { crumb },
      headers: { 'x-csrf-token': crumb },
      payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
    });
    expect(json.statusCode).toBe(200);
    const form = await addWithForm(t, crumb, crumb);
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/cart');
  });

  it('refuses a planted crumb equal in cookie and field: `crumb=x`, a well-formed unsigned one, one signed by another secret', async () => {
    const planted = [
      'x',
      `${'a'.repeat(32)}.${'b'.repeat(32)}`,
      createCrumbs('another-secret-of-32-characters!!').issue(),
    ];
    for (const crumb of planted) {
      const json = await t.app.inject({
        method: 'POST',
        url: ADD_URL,
        cookies: { crumb },
        headers: { 'x-csrf-token': crumb },
        payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
      });
      expect(json.statusCode).toBe(403);
      expect(json.json()).toEqual({ message: SESSION_EXPIRED });
      const form = await addWithForm(t, crumb, crumb);
      // A plain form goes back to the product page with the message.
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/shop/p/tee?cartError=sessionExpired');
    }
    expect(await t.database.db.selectFrom('carts').selectAll().execute()).toHaveLength(2);
  });

  it('refuses a real crumb sent with a different cookie, and replaces a planted cookie on the next page', async () => {
    const mine = (await pageCrumb(t)).value;
    const other = (await pageCrumb(t)).value;
    const res = await t.app.inject({
      method: 'POST',
      url: ADD_URL,
      cookies: { crumb: mine },
      headers: { 'x-csrf-token': other },
      payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
    });
    expect(res.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/shop', cookies: { crumb: 'x' } });
    expect(cookiesOf(page).crumb).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/shop', cookies: { crumb: mine } });
    expect(cookiesOf(kept).crumb).toBeUndefined();
  });

  it('marks cookies Secure when the request is HTTPS, and only then', async () => {
    expect((await pageCrumb(t)).secure).toBeFalsy();
    // X-Forwarded-Proto from an untrusted client is not believed (TRUST_PROXY unset).
    expect((await pageCrumb(t, { 'x-forwarded-proto': 'https' })).secure).toBeFalsy();
    const behindProxy = await createTestApp('sqlite', smallCatalog(), {}, { TRUST_PROXY: '1' });
    try {
      const crumb = await pageCrumb(behindProxy, { 'x-forwarded-proto': 'https' });
      expect(crumb.secure).toBe(true);
      const add = await behindProxy.app.inject({
        method: 'POST',
        url: ADD_URL,
        headers: { 'x-forwarded-proto': 'https', 'x-csrf-token': crumb.value },
        cookies: { crumb: crumb.value },
        payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
      });
      expect(add.statusCode).toBe(200);
      expect(add.cookies.map((c) => [c.name, c.secure])).toEqual([
        ['CART', true],
        ['hasCart', true],
      ]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('the session secret', () => {
  it('is generated once into DATA_DIR/secret when SESSION_SECRET is unset, so crumbs outlive a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-secret-'));
    const database = await createCatalogDatabase('sqlite');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first = await buildApp(config, { database, logger: false });
    try {
      const page = await first.inject({ method: 'GET', url: '/shop' });
      const crumb = cookiesOf(page).crumb;
      await first.close();
      const file = path.join(dataDir, 'secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      const second = await buildApp(config, { database, logger: false });
      const add = await second.inject({
        method: 'POST',
        url: ADD_URL,
        cookies: { crumb },
        headers: { 'x-csrf-token': crumb },
        payload: { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
      });
      expect(add.statusCode).toBe(200);
      await second.close();
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
