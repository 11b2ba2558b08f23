import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/owner-auth.js';
import { GROUP_LIMITS } from '../src/platform/rate-limit.js';
import { SITE_USER_SESSION_COOKIE } from '../src/platform/site-user-auth.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerEmail, signIn } from './support/owner.js';

/**
 * Every registered route, sent generated paths, queries, bodies and headers: whatever arrives,
 * the answer is never a 5xx. Sent by a visitor, a signed-in shopper or a signed-in admin, so the
 * account and owner calls read their input too. Seeded and bounded so it runs in CI in seconds;
 * a deeper search by hand: PROPERTY_RUNS=1500 PROPERTY_SEED=99 PROPERTY_TIMEOUT_MS=1400000.
 */
const RUNS_PER_ROUTE = Number(process.env.PROPERTY_RUNS ?? 30);
const SEED = Number(process.env.PROPERTY_SEED ?? 17);
const HUGE = 20_000;
const SHOPPER_EMAIL = 'prop@example.com';
const SHOPPER_PASSWORD = 'correct horse battery';
/** Calls that may end a session or change its password: the callers sign in again after them. */
const SIGNS_OUT = /session|sign-out|password/;

interface Route {
  method: string;
  url: string;
}

/** The routes of `app`, read off Fastify's route tree (`printRoutes`, one node per line). */
function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^(.*?)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1].length / 4;
    const url = (paths[depth - 1] ?? '') + node[2];
    paths[depth] = url;
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** Names our routes read, the prototype's, and names no route knows. */
const knownKeys = fc.constantFrom(
  'token',
  'cartToken',
  'giftCardProductId',
  'websiteId',
  'sku',
  'itemId',
  'type',
  'formId',
  'crumb',
  'returnTo',
  'email',
  'cartError',
  'code',
  'quantity',
  'source',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'a[b]',
  'a.b',
);
const key = fc.oneof(knownKeys, fc.string({ maxLength: 12 }));
const nasty = fc.constantFrom(
  '',
  '__proto__',
  'constructor',
  '%',
  '%E0%A4%A',
  '%00',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '\u0000',
  '\ud800',
  // Paths a redirect could be made of: another site, a header break, a space, a tab.
  '//evil.example/',
  '/shop\r\nSet-Cookie: a=b',
  '/a b',
  '/\t',
);
const value = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: nasty },
  { weight: 1, arbitrary: fc.constant('x'.repeat(HUGE)) },
);
/** Percent-encoded; a lone surrogate becomes the bytes of its invalid UTF-8 form. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')).concat('%ED%A0%80');
  }
}
/** Encoded as a browser would, or raw (malformed percent escapes included). */
const encoded = fc
  .tuple(value, fc.boolean())
  .map(([v, raw]) => (raw ? encode(v).replace(/%25/g, '%') : encode(v)));
const query = fc
  .array(fc.tuple(fc.oneof(knownKeys.map(encode), key.map(encode)), encoded), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const json = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(key, fc.oneof(value, fc.jsonValue({ maxDepth: 2 }), fc.array(value, { maxLength: 3 })), {
      maxKeys: 6,
    })
    .map((o) => JSON.stringify(o)),
  fc.constantFrom(
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"source":{"kind":"cart"},"couponCodes":[[]]}',
    '{"quantity":{"valueOf":1}}',
    '{',
    'null',
    '"text"',
    `{"itemId":"${'x'.repeat(HUGE)}"}`,
  ),
);
const form = fc
  .array(fc.tuple(key.map(encode), encoded), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const body = fc.oneof(
  fc.record({ type: fc.constant('application/json'), payload: json }),
  fc.record({ type: fc.constant('application/x-www-form-urlencoded'), payload: form }),
  fc.record({
    type: fc.constantFrom(
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-7',
    ),
    payload: fc.string({ maxLength: 60 }),
  }),
  fc.constant(undefined),
);
const headers = fc.record(
  {
    crumb: fc.constantFrom(CRUMB, 'x', ''),
    cart: fc.oneof(fc.constant('f'.repeat(32)), fc.string({ maxLength: 20 })),
    forwardedFor: fc.oneof(fc.constant('x'.repeat(HUGE)), fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 20 })),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    encoding: fc.constantFrom('br', 'gzip', 'deflate', 'identity;q=0', 'x'),
    session: fc.constantFrom('visitor', 'shopper', 'admin'),
  },
  { requiredKeys: ['crumb'] },
);

/** A path parameter's value, or a wildcard's rest of path. */
const segment = fc.oneof(encoded, fc.constantFrom('a/b', '%2F', 'shop/p/tee', 'shop/p/%E0%A4%A'));

describe.each(dialects)('every route on %s', (dialect) => {
  let t: TestApp;
  let routes: Route[];
  /** The session cookie of each kind of caller ('' for a visitor). */
  const sessions: Record<string, string> = { visitor: '' };
  /** Signs the shopper and the admin in (again, after a call that may have signed them out). */
  async function signInCallers() {
    sessions.admin = `; ${SESSION_COOKIE}=${(await signIn(t.app, ownerEmail(1)))[SESSION_COOKIE]}`;
    const shopper = await t.app.inject({
      method: 'POST',
      url: '/api/site-users/session',
      payload: { email: SHOPPER_EMAIL, password: SHOPPER_PASSWORD },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    sessions.shopper = `; ${SITE_USER_SESSION_COOKIE}=${cookiesOf(shopper)[SITE_USER_SESSION_COOKIE]}`;
  }
  beforeAll(async () => {
    // No limit at all (the sign-in groups' own included): every call reaches its input.
    const unlimited = Object.fromEntries(
      Object.keys(GROUP_LIMITS).map((g) => [g, { requests: 0, windowMs: 1 }]),
    );
    t = await createTestApp(dialect, undefined, { rateLimit: { requests: 0, groups: unlimited } });
    await t.app.ready();
    routes = registeredRoutes(t.app);
    await addOwner(t.database, 1);
    await t.app.inject({
      method: 'POST',
      url: '/api/site-users/sign-up',
      payload: { email: SHOPPER_EMAIL, password: SHOPPER_PASSWORD },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    await signInCallers();
  });
  afterAll(async () => t?.close());

  it('reads the route tree, and signs its shopper and admin in', () => {
    expect(sessions.admin).toMatch(/=\w/);
    expect(sessions.shopper).toMatch(/=[0-9a-f]{64}$/);
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/commerce/checkout/quote' });
    expect(routes).toContainEqual({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/entries/:entryId/quantity',
    });
    expect(routes).toContainEqual({ method: 'GET', url: '/*' });
  });

  it('answers 400 naming a repeated query parameter', async () => {
    const cases = [
      ['/checkout/subscribe?cartToken=a&cartToken=b', 'cartToken: must be given once, as text'],
      [
        '/checkout/giftcard?giftCardProductId=x&giftCardProductId=y',
        'giftCardProductId: must be given once, as text',
      ],
      ['/api/commerce/orders/o1?token=a&token=b', 'token: must be given once, as text'],
      ['/api/commerce/inventory/stock/?itemId=tee&itemId=zine', 'itemId: must be given once, as text'],
    ];
    for (const [url, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it(
    'never answers 5xx to generated paths, queries, bodies and headers',
    async () => {
      for (const [i, route] of routes.entries()) {
        const params = route.url.match(/:\w+|\*/g) ?? [];
        await fc.assert(
          fc.asyncProperty(
            fc.array(segment, { minLength: params.length, maxLength: params.length }),
            query,
            body,
            headers,
            async (values, search, sent, h) => {
              let url = route.url;
              for (const [n, name] of params.entries()) url = url.replace(name, values[n]);
              const res = await t.app.inject({
                method: route.method as 'GET',
                url: `${url}${search}`,
                headers: {
                  ...(sent ? { 'content-type': sent.type } : {}),
                  ...(h.crumb ? { 'x-csrf-token': h.crumb } : {}),
                  ...(h.forwardedFor ? { 'x-forwarded-for': h.forwardedFor } : {}),
                  ...(h.accept ? { accept: h.accept } : {}),
                  ...(h.encoding ? { 'accept-encoding': h.encoding } : {}),
                  cookie: `crumb=${h.crumb}${h.cart ? `; CART=${encode(h.cart)}` : ''}${sessions[h.session ?? 'visitor']}`,
                },
                ...(sent ? { payload: sent.payload } : {}),
              });
              if (res.statusCode >= 500) {
                throw new Error(
                  `${route.method} ${url}${search.slice(0, 200)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
                );
              }
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: SEED + i, endOnFailure: true },
        );
        if (SIGNS_OUT.test(route.url)) await signInCallers();
      }
    },
    Number(process.env.PROPERTY_TIMEOUT_MS ?? 120_000),
  );
});
