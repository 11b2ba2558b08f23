import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('config', () => {
  it('defaults to port 3000 and SQLite in ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ kind: 'sqlite', file: path.resolve('data/storefront.db') });
  });

  it('uses PostgreSQL for a postgres URL and treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('sqlite');
  });

  it('stops with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT: /);
      expect((e as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    }
  });

  it('takes rate-limit overrides from the environment', () => {
    expect(loadConfig({}).rateLimit).toEqual({ requests: undefined, windowMs: undefined });
    expect(loadConfig({ RATE_LIMIT_REQUESTS: '0', RATE_LIMIT_WINDOW_MS: '5000' }).rateLimit).toEqual({
      requests: 0,
      windowMs: 5000,
    });
    expect(() => loadConfig({ RATE_LIMIT_REQUESTS: '-1' })).toThrow(/RATE_LIMIT_REQUESTS/);
  });

  it('takes the public address for email links without its trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.com' })).toThrow(
      /PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('shares rate limits through Redis when REDIS_URL is set', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimit.redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('trusts no proxy by default, and a hop count or proxy addresses from TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
    for (const bad of ['true', '0', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /TRUST_PROXY: must be a hop count \(1 to 10\) or a comma list of proxy addresses or CIDRs/,
      );
    }
  });

  it('takes SESSION_SECRET of 32 characters or more, and requires it in production', () => {
    expect(loadConfig({}).sessionSecret).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe(
      's'.repeat(32),
    );
  });
});
