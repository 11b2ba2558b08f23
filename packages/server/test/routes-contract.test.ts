import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPENAPI_PATH } from '../src/platform/contract.js';
import { createTestApp, type TestApp } from './support/app.js';

/** Every route as the app declares it, collected through an onRoute hook on each app made. */
const declared = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const make = ((options?: object) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      declared.push(route);
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: make, fastify: make };
});

/** POST/PUT/PATCH calls that take no body: what they act on is in their path or cookies. */
const TAKES_NO_BODY: Record<string, string> = {
  'POST /api/commerce/shopping-cart/entries/:entryId/remove': 'the entry is in the path',
  'POST /api/commerce/shopping-cart/coupons/:code/remove': 'the coupon is in the path',
  'POST /api/form/FormSubmissionKey': 'hands out a key; nothing to read',
  'POST /api/census/RecordQuickView/:id': 'the product is in the path',
  'POST /api/site-users/sign-out': 'the session is the cookie',
  'POST /api/site-users/account/addresses/:id/delete': 'the address is in the path',
  'POST /api/config/products/:id/publish': 'the product is in the path',
  'POST /api/config/products/:id/unpublish': 'the product is in the path',
  'POST /api/config/orders/:id/resend-confirmation': 'the order is in the path',
  'POST /api/config/subscriptions/:id/cancel': 'the subscription is in the path',
  'POST /api/config/newsletter/campaigns/:id/send': 'the campaign is in the path',
  'POST /api/config/templates/:name/revert': 'the template is in the path',
  'POST /api/commerce/subscriptions/:subscriptionId/cancel':
    'the subscription is in the path, its token in the query',
};

/** Bodies a zod schema cannot describe: their params, query and replies are still declared. */
const UNDESCRIBED_BODY: Record<string, string> = {
  'POST /api/config/products/:id/file': 'a multipart upload, streamed to storage',
  'POST /api/config/media': 'a multipart upload, streamed to storage',
  'POST /api/commerce/payments/pay-later/notify': "the provider's signed notice, read by its verifyNotice",
};

interface Route {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  handler: unknown;
}

/**
 * Issue 17: every /api/ call declares its params, query, body and replies as zod schemas, so
 * validation, types and docs/openapi.json come from one place. A call missing one fails here.
 */
describe('every /api/ route declares its schemas', () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.ready();
    routes = declared.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as Record<string, unknown>,
          handler: route.handler,
        })),
    );
  });
  afterAll(() => t.close());

  const api = () => routes.filter((r) => r.url.startsWith('/api/') && r.url !== OPENAPI_PATH);
  const key = (r: Route) => `${r.method} ${r.url}`;

  it('collects the app’s routes', () => {
    expect(api().length).toBeGreaterThan(100);
    expect(routes.map(key)).toContain('POST /api/commerce/orders');
  });

  it('a path with parameters declares them', () => {
    const missing = api().filter((r) => /[:*]/.test(r.url) && !r.schema.params);
    expect(missing.map(key)).toEqual([]);
  });

  it('a GET that reads its query declares it', () => {
    // A handler reads its query as `request.query` (routes stay thin, so it is in the handler).
    const missing = api().filter(
      (r) => r.method === 'GET' && /\bquery\b/.test(String(r.handler)) && !r.schema.querystring,
    );
    expect(missing.map(key)).toEqual([]);
  });

  it('a POST, PUT or PATCH declares its body, or is listed with why it has none', () => {
    const missing = api().filter(
      (r) =>
        ['POST', 'PUT', 'PATCH'].includes(r.method) &&
        !r.schema.body &&
        !(key(r) in TAKES_NO_BODY) &&
        !(key(r) in UNDESCRIBED_BODY),
    );
    expect(missing.map(key)).toEqual([]);
  });

  it('every call declares its replies', () => {
    const missing = api().filter((r) => Object.keys(r.schema.response ?? {}).length === 0);
    expect(missing.map(key)).toEqual([]);
  });

  it('the listed exceptions are routes that exist and declare no body', () => {
    for (const listed of [...Object.keys(TAKES_NO_BODY), ...Object.keys(UNDESCRIBED_BODY)]) {
      const route = api().find((r) => key(r) === listed);
      expect(route, listed).toBeDefined();
      expect(route?.schema.body, listed).toBeUndefined();
    }
  });
});
