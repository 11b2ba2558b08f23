import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DEFAULT_RATE_LIMIT_WINDOW_MS } from '../src/platform/rate-limit.js';
import { RedisRateLimitStore } from '../src/platform/redis-rate-limit.js';
import { CRUMB, createCatalogDatabase, inOneWindow, TEST_ENV } from './support/app.js';
import type { TestDatabase } from './support/databases.js';

/** The machine's Redis (README: running in every session and in CI). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 10_000;
const START = 1_700_000_000_000;

describe('Redis rate-limit store', () => {
  const prefix = `storefront-test:${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  const stores: RedisRateLimitStore[] = [];
  const store = (url = REDIS_URL, onUnavailable?: (e: Error) => void) => {
    const s = new RedisRateLimitStore(url, { prefix, onUnavailable });
    stores.push(s);
    return s;
  };

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await Promise.all(stores.map((s) => s.close()));
    await redis.quit();
  });

  it('shares one count per key and window between instances, and lets the window key expire', async () => {
    const a = store();
    const b = store();
    expect(await a.hit('restock\u00001.1.1.1', START, WINDOW_MS)).toBe(1);
    expect(await b.hit('restock\u00001.1.1.1', START, WINDOW_MS)).toBe(2);
    expect(await a.hit('restock\u00001.1.1.1', START, WINDOW_MS)).toBe(3);
    expect(await b.hit('restock\u00001.1.1.1', START + WINDOW_MS, WINDOW_MS)).toBe(1);
    expect(await a.hit('restock\u00002.2.2.2', START, WINDOW_MS)).toBe(1);
    const ttl = await redis.pttl(`${prefix}restock\u00001.1.1.1:${START}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('counts a hit as allowed, quickly, when Redis does not answer, and says so once', async () => {
    const outages: Error[] = [];
    const down = store('redis://127.0.0.1:1', (e) => outages.push(e));
    const started = Date.now();
    expect(await down.hit('cart-entries\u00001.1.1.1', START, WINDOW_MS)).toBe(0);
    expect(await down.hit('cart-entries\u00001.1.1.1', START, WINDOW_MS)).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outages).toHaveLength(1);
  });
});

describe('REDIS_URL: instances of the store share their limits', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  // A fresh address per run keeps parallel runs on the same Redis apart.
  const ip = `10.${(Date.now() >> 16) & 255}.${(Date.now() >> 8) & 255}.${Math.floor(Math.random() * 254) + 1}`;

  beforeAll(async () => {
    database = await createCatalogDatabase('sqlite');
    const config = loadConfig({
      ...TEST_ENV,
      REDIS_URL,
      RATE_LIMIT_REQUESTS: '2',
    });
    for (let i = 0; i < 2; i++) apps.push(await buildApp(config, { database, logger: false }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await database?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`storefront:rate:*${ip}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const signUp = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/commerce/restock-notifications',
      payload: { productId: 'tee', variantId: 'TEE-M-RED', siteVisitorEmail: 'a@b.co' },
      remoteAddress: ip,
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });

  it('answers 429 on one instance once the others used up the window', async () => {
    await inOneWindow(DEFAULT_RATE_LIMIT_WINDOW_MS, 3_000);
    expect((await signUp(apps[0])).statusCode).toBe(200);
    expect((await signUp(apps[1])).statusCode).toBe(200);
    const over = await signUp(apps[0]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'Please try again in a few seconds.' });
  });
});
