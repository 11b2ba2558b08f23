import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT_REQUESTS,
  DEFAULT_RATE_LIMIT_WINDOW_MS,
  MemoryRateLimitStore,
  type RateLimitOptions,
  type RateLimitStore,
} from '../src/platform/rate-limit.js';
import { CRUMB, cookiesOf, smallCatalog, TEST_ENV } from './support/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';

const TOO_MANY = 'Please try again in a few seconds.';
const WINDOW_MS = 10_000;
const START = 1_700_000_000_000;

const requestFrom = (ip: string) => ({ ip }) as FastifyRequest;

describe('rate limiter', () => {
  it('defaults to 30 requests per 10 s', () => {
    expect(DEFAULT_RATE_LIMIT_REQUESTS).toBe(30);
    expect(DEFAULT_RATE_LIMIT_WINDOW_MS).toBe(10_000);
  });

  it('allows the limit per IP and group in a fixed window, then 429, and starts again next window', async () => {
    const clock = { now: () => START };
    const limit = createRateLimiter({ requests: 2, windowMs: WINDOW_MS }, clock);
    await limit(requestFrom('1.1.1.1'), 'restock');
    await limit(requestFrom('1.1.1.1'), 'restock');
    await expect(limit(requestFrom('1.1.1.1'), 'restock')).rejects.toMatchObject({
      statusCode: 429,
      message: TOO_MANY,
    });
    await limit(requestFrom('2.2.2.2'), 'restock');
    await limit(requestFrom('1.1.1.1'), 'cart-entries');
    clock.now = () => START - (START % WINDOW_MS) + WINDOW_MS;
    await limit(requestFrom('1.1.1.1'), 'restock');
  });

  it('is off with requests 0, and counts through a plugged-in store', async () => {
    const clock = { now: () => START };
    const off = createRateLimiter({ requests: 0 }, clock);
    for (let i = 0; i < 100; i++) await off(requestFrom('1.1.1.1'), 'restock');
    const keys: string[] = [];
    const store: RateLimitStore = {
      hit: async (key) => {
        keys.push(key);
        return keys.length;
      },
    };
    const limit = createRateLimiter({ requests: 1, store }, clock);
    await limit(requestFrom('3.3.3.3'), 'subscription');
    await expect(limit(requestFrom('3.3.3.3'), 'subscription')).rejects.toMatchObject({ statusCode: 429 });
    expect(keys[0]).toContain('3.3.3.3');
    expect(keys[0]).toContain('subscription');
  });

  it('memory store forgets windows that have ended once it holds many keys', () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 10_000; i++) store.hit(`k${i}`, 0, WINDOW_MS);
    expect(store.hit('k1', 0, WINDOW_MS)).toBe(2);
    expect(store.hit('fresh', WINDOW_MS, WINDOW_MS)).toBe(1);
    expect(store.hit('k1', 0, WINDOW_MS)).toBe(1);
  });
});

describe.each(dialects)('rate limits on the commerce calls on %s', (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const clock = { at: START, now: () => clock.at };

  async function build(rateLimit: RateLimitOptions) {
    return buildApp(loadConfig(TEST_ENV), {
      database,
      logger: false,
      clock,
      rateLimit,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const result = await importCatalog(database, smallCatalog());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    app = await build({ requests: 3, windowMs: WINDOW_MS });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: object, ip = '10.0.0.1', cookies = {}) =>
    app.inject({
      method,
      url,
      payload,
      remoteAddress: ip,
      cookies: { crumb: CRUMB, ...cookies },
      headers: { 'x-csrf-token': CRUMB },
    });
  const addTee = (ip?: string, cookies?: Record<string, string>) =>
    call(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 },
      ip,
      cookies,
    );

  it('answers 429 with the spec message past the limit, per IP and group, and nothing is written', async () => {
    const first = await addTee();
    const cart = { CART: cookiesOf(first).CART };
    expect((await addTee('10.0.0.1', cart)).statusCode).toBe(200);
    const entryId = first.json().newlyAdded.id;
    const put = await call(
      'PUT',
      `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
      { itemId: 'tee', sku: 'TEE-S-BLUE', additionalFields: '{}' },
      '10.0.0.1',
      cart,
    );
    expect(put.statusCode).toBe(409);
    const over = await addTee('10.0.0.1', cart);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TOO_MANY });
    const entries = await database.db.selectFrom('cart_entries').select('quantity').execute();
    expect(entries).toEqual([{ quantity: 2 }]);

    expect((await addTee('10.0.0.2')).statusCode).toBe(200);
    const restock = await call('POST', '/api/commerce/restock-notifications', {
      productId: 'tee',
      variantId: 'TEE-M-RED',
      siteVisitorEmail: 'a@b.co',
    });
    expect(restock.statusCode).toBe(200);

    clock.at += WINDOW_MS;
    expect((await addTee('10.0.0.1', cart)).statusCode).toBe(200);
  });

  it('limits the subscription call with data.message and the quick-view census silently', async () => {
    const sub = () => call('POST', '/api/3/commerce/cart/subscription', { itemId: 'tee' }, '10.0.0.3');
    for (let i = 0; i < 3; i++) expect((await sub()).statusCode).toBe(409);
    const over = await sub();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TOO_MANY, data: { message: TOO_MANY } });

    const view = () =>
      app.inject({ method: 'POST', url: '/api/census/RecordQuickView/tee', remoteAddress: '10.0.0.4' });
    for (let i = 0; i < 5; i++) expect((await view()).statusCode).toBe(204);
    expect(await database.db.selectFrom('census_quick_views').selectAll().execute()).toHaveLength(3);
  });

  it('takes raised limits from buildApp options', async () => {
    const roomy = await build({ requests: 50 });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await roomy.inject({
          method: 'POST',
          url: '/api/census/RecordQuickView/zine',
          remoteAddress: '10.0.0.5',
        });
        expect(res.statusCode).toBe(204);
      }
      const stored = await database.db
        .selectFrom('census_quick_views')
        .selectAll()
        .where('item_id', '=', 'zine')
        .execute();
      expect(stored).toHaveLength(10);
    } finally {
      await roomy.close();
    }
  });
});
