import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import {
  clientKey,
  createRateLimiter,
  DEFAULT_RATE_LIMIT_REQUESTS,
  DEFAULT_RATE_LIMIT_WINDOW_MS,
  MemoryRateLimitStore,
  type RateLimitOptions,
  type RateLimitStore,
} from '../src/platform/rate-limit.js';
import { CRUMB, cookiesOf, createCatalogDatabase, TEST_ENV } from './support/app.js';
import { dialects, type TestDatabase } from './support/databases.js';

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

  it('keys on the parsed address: IPv4 as it is, IPv6 by its /64, anything else in one shared key', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('x'.repeat(12_000))).toBe('unparsed');
    expect(clientKey('1.2.3.4, 5.6.7.8')).toBe('unparsed');
    expect(clientKey(undefined)).toBe('unparsed');
  });

  it('memory store tracks at most its key cap, forgetting the oldest window first', () => {
    const store = new MemoryRateLimitStore(100);
    for (let i = 0; i < 1_000; i++) store.hit(`k${i}`, 0, WINDOW_MS);
    expect(store.size).toBe(100);
    expect(store.hit('k999', 0, WINDOW_MS)).toBe(2);
    expect(store.hit('k0', 0, WINDOW_MS)).toBe(1);
  });

  it('memory store forgets windows that have ended once it holds many keys', () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 10_000; i++) store.hit(`k${i}`, 0, WINDOW_MS);
    expect(store.hit('k1', 0, WINDOW_MS)).toBe(2);
    expect(store.hit('fresh', WINDOW_MS, WINDOW_MS)).toBe(1);
    expect(store.size).toBe(1);
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
    database = await createCatalogDatabase(dialect);
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

  it('limits the checkout quote, which answers whether coupon and gift-card codes are valid', async () => {
    const quote = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/commerce/checkout/quote',
        remoteAddress: '10.0.0.6',
        payload: { source: { kind: 'gift-card', giftCardProductId: 'card' }, giftCardCode: code },
      });
    for (let i = 0; i < 3; i++) expect((await quote(`GUESS-${i}`)).statusCode).toBeLessThan(429);
    const over = await quote('GUESS-3');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TOO_MANY });
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

describe('rate limits behind proxies (TRUST_PROXY)', () => {
  let database: TestDatabase;
  const clock = { now: () => START };
  const apps: FastifyInstance[] = [];

  async function build(env: Record<string, string>, store = new MemoryRateLimitStore()) {
    const app = await buildApp(loadConfig({ ...TEST_ENV, ...env }), {
      database,
      logger: false,
      clock,
      rateLimit: { requests: 3, windowMs: WINDOW_MS, store },
    });
    apps.push(app);
    return app;
  }
  const balance = (app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: '/api/commerce/gift-cards/NOPE/balance',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  beforeAll(async () => {
    database = await createCatalogDatabase('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('ignores X-Forwarded-For by default: rotating it still gets 429', async () => {
    const app = await build({});
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await balance(app, `198.51.100.${i}`, '10.9.0.1')).statusCode);
    expect(codes).toEqual([404, 404, 404, 429, 429, 429]);
  });

  it('with TRUST_PROXY=1 counts the right-most entry, the one the proxy wrote', async () => {
    const app = await build({ TRUST_PROXY: '1' });
    const codes = [];
    // The client writes the left part; the proxy appends the address it saw.
    for (let i = 0; i < 6; i++) codes.push((await balance(app, `198.51.100.${i}, 203.0.113.9`)).statusCode);
    expect(codes).toEqual([404, 404, 404, 429, 429, 429]);
    expect((await balance(app, '203.0.113.10')).statusCode).toBe(404);
  });

  it('with a proxy address list trusts only those proxies', async () => {
    const app = await build({ TRUST_PROXY: '10.0.0.0/8' });
    // From the trusted proxy: the address it forwarded counts.
    for (let i = 0; i < 3; i++) expect((await balance(app, '203.0.113.20', '10.1.1.1')).statusCode).toBe(404);
    expect((await balance(app, '203.0.113.20', '10.1.1.2')).statusCode).toBe(429);
    // Straight from a client: its own header is ignored.
    for (let i = 0; i < 3; i++) await balance(app, `198.51.100.${i}`, '192.0.2.50');
    expect((await balance(app, '198.51.100.99', '192.0.2.50')).statusCode).toBe(429);
  });

  it('keeps key count and key length bounded under 10,000 distinct huge headers', async () => {
    const MAX_KEYS = 500;
    const HUGE = 12 * 1024;
    const trusting = new MemoryRateLimitStore(MAX_KEYS);
    const app = await build({ TRUST_PROXY: '1' }, trusting);
    const direct = new MemoryRateLimitStore(MAX_KEYS);
    const defaultApp = await build({}, direct);
    const padding = 'x'.repeat(HUGE);
    for (let i = 0; i < 10_000; i++) {
      const header = i % 2 === 0 ? `${padding}${i}, 10.${(i >> 8) & 255}.${i & 255}.1` : `${padding}${i}`;
      const res = await balance(i % 4 < 2 ? app : defaultApp, header);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(trusting.size).toBeLessThanOrEqual(MAX_KEYS);
    expect(direct.size).toBe(1);
    for (const key of [...trusting.keys(), ...direct.keys()]) expect(key.length).toBeLessThan(64);
    // Huge right-most entries are not addresses: they share one key rather than one each.
    expect([...trusting.keys()].filter((k) => k.endsWith('unparsed'))).toHaveLength(1);
  }, 60_000);
});
