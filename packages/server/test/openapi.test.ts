import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/platform/contract.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';

/** One contract: the routes' schemas, the served document and the checked-in copy say the same. */
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('is the checked-in docs/openapi.json (after a schema change: npm run openapi -w @storefront/server)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const served = res.json();
    const checkedIn = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'));
    expect(
      served,
      'docs/openapi.json differs from the routes: run npm run openapi -w @storefront/server',
    ).toEqual(checkedIn);
  });

  it('documents the storefront calls from their schemas, and no page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const add = doc.paths['/api/commerce/shopping-cart/entries'].post;
    expect(add.requestBody.content['application/json'].schema.required).toEqual(['itemId']);
    expect(add.responses['200'].content['application/json'].schema.properties.shoppingCart).toEqual({
      $ref: '#/components/schemas/Cart',
    });
    const placed = doc.paths['/api/commerce/orders'].post;
    expect(placed.responses['201'].content['application/json'].schema.properties.paymentUrl).toEqual({
      type: 'string',
    });
    expect(placed.requestBody.content['application/json'].schema.properties.paymentMethod.enum).toEqual([
      'card',
      'pay-later',
    ]);
    expect(doc.components.schemas.Quote.required).toContain('payLater');
    expect(add.requestBody.content['application/json'].schema.properties.amount).toBeDefined();
    expect(doc.paths['/api/commerce/inventory/stock/'].get.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'itemId', required: true }),
    ]);
    expect(doc.components.schemas.Order.properties.status.enum).toEqual([
      'paid',
      'pending',
      'partially_refunded',
      'refunded',
      'cancelled',
    ]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('a body its schema refuses answers 400 in the route’s words, after the crumb check', async () => {
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { quantity: 1 },
    });
    expect(noCrumb.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { 'x-csrf-token': CRUMB },
      cookies: { crumb: CRUMB },
      payload: { itemId: '', quantity: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'itemId: itemId is required' });
  });
});
