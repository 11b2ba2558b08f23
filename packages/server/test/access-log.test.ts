import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { redactUrl } from '../src/platform/log-redaction.js';
import { createCatalogDatabase, TEST_ENV } from './support/app.js';

const SECRET = 'c0ffee00c0ffee00c0ffee00c0ffee00';

describe('the access log', () => {
  it('redacts order, download and subscription tokens, cart tokens, crumbs and codes from URLs', () => {
    expect(redactUrl(`/api/commerce/orders/o1?token=${SECRET}`)).toBe(
      '/api/commerce/orders/o1?token=[redacted]',
    );
    expect(redactUrl(`/commerce/orders/o1/confirmation?x=1&token=${SECRET}&y=2`)).toBe(
      '/commerce/orders/o1/confirmation?x=1&token=[redacted]&y=2',
    );
    expect(redactUrl(`/api/commerce/subscriptions/s1/cancel?token=${SECRET}`)).toBe(
      '/api/commerce/subscriptions/s1/cancel?token=[redacted]',
    );
    expect(redactUrl(`/downloads/${SECRET}`)).toBe('/downloads/[redacted]');
    expect(redactUrl('/api/commerce/gift-cards/ABCD-EFGH-JKLM-NPQR/balance')).toBe(
      '/api/commerce/gift-cards/[redacted]/balance',
    );
    expect(redactUrl('/api/commerce/shopping-cart/coupons/VIP50')).toBe(
      '/api/commerce/shopping-cart/coupons/[redacted]',
    );
    expect(redactUrl(`/checkout/subscribe?cartToken=${SECRET}`)).toBe(
      '/checkout/subscribe?cartToken=[redacted]',
    );
    expect(redactUrl('/shop/p/tee?size=M')).toBe('/shop/p/tee?size=M');
  });

  it('writes no secret of a request URL to the log', async () => {
    const database = await createCatalogDatabase('sqlite');
    const lines: string[] = [];
    const app = await buildApp(loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info' }), {
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      for (const url of [
        `/api/commerce/orders/o1?token=${SECRET}`,
        `/downloads/${SECRET}`,
        `/api/commerce/gift-cards/${SECRET}/balance`,
      ]) {
        await app.inject({ method: 'GET', url });
      }
      await app.inject({ method: 'POST', url: `/api/commerce/subscriptions/s1/cancel?token=${SECRET}` });
      const log = lines.join('');
      expect(log).toContain('"url":"/downloads/[redacted]"');
      expect(log).toContain('"url":"/api/commerce/subscriptions/s1/cancel?token=[redacted]"');
      expect(log).not.toContain(SECRET);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
