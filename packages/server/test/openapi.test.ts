import fs from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, OPENAPI_FILE, useContract } from '../src/platform/contract.js';
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

  it('the owner calls declare their input and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const refund = doc.paths['/api/config/orders/{id}/refund'].post;
    expect(refund.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(refund.requestBody.content['application/json'].schema.properties.restock).toBeDefined();
    expect(refund.responses['200'].content['application/json'].schema.properties.order).toBeDefined();
    const coupons = doc.paths['/api/config/coupons'].get;
    expect(coupons.responses['200'].content['application/json'].schema.properties.coupons.type).toBe('array');
    expect(doc.paths['/api/site-users/account'].get.responses['200']).toBeDefined();
  });
});

describe('reply checks of the tests', () => {
  it('refuse a reply schema that would drop a field the answer holds', async () => {
    const app = Fastify();
    await useContract(app, { checkReplies: true });
    const api = contract(app);
    const reply = z.object({ kept: z.string(), nested: z.object({ a: z.number() }) });
    api.get('/api/whole', { schema: { response: { 200: reply } } }, async () => ({
      kept: 'x',
      nested: { a: 1 },
    }));
    // The handler's answer holds more than its schema names (as a service's wider view would).
    api.get('/api/cut', { schema: { response: { 200: reply } } }, async () => {
      const answer = { kept: 'x', nested: { a: 1, lost: true } };
      return answer;
    });
    expect((await app.inject('/api/whole')).json()).toEqual({ kept: 'x', nested: { a: 1 } });
    const cut = await app.inject('/api/cut');
    expect(cut.statusCode).toBe(500);
    expect(cut.json().message).toContain('drops .nested.lost');
    await app.close();
  });
});
