import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, cartWith } from './checkout-support.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';
import { placeZineOrder } from './support/owner-ops-endpoints.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const NOW = Date.now();
/** The test site's time zone (the spec's default): days are the store's calendar days. */
const STORE_ZONE = 'America/New_York';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_ZONE }).format(NOW);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const pageData = (path: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ pagePath: path, url: `http://shop.test${path}`, viewportInnerWidth: 1280, ...extra });

describe.each(dialects)('analytics ingestion and dashboard on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addOwner(t.database, 1);
    await addOwner(t.database, 10);
    await addOwner(t.database, 3);
    admin = await signIn(t.app, ownerEmail(1));
    viewer = await signIn(t.app, ownerEmail(10));
  });
  afterAll(async () => t?.close());

  const hit = (
    path: string,
    cookie: string,
    opts: { ua?: string; cookies?: Record<string, string>; referrer?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': opts.ua ?? BROWSER,
        host: 'shop.test',
      },
      cookies: opts.cookies,
      payload: form({
        event: 'PAGE_VIEW',
        data: pageData(path, {
          visitorCookie: cookie,
          ...(opts.referrer ? { referrer: opts.referrer } : {}),
        }),
        ss_cvr: cookie,
      }),
    });
  const event = (name: string, data: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
      cookies: { crumb: CRUMB },
      payload: form({ crumb: CRUMB, event: name, data: JSON.stringify({ pagePath: '/shop/tee', ...data }) }),
    });
  const dash = async () => {
    const res = await ownerCall(t.app, 'GET', `/api/config/analytics?from=${today}&to=${today}`, admin);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('records page views, one visit per visit count, unique visitors and referrer hosts', async () => {
    const a1 = `va|${NOW}|${NOW}|${NOW}|1`;
    expect((await hit('/shop', a1, { referrer: 'https://news.example/post' })).statusCode).toBe(202);
    expect((await hit('/shop/tee', a1, { referrer: 'http://shop.test/shop' })).statusCode).toBe(202);
    expect((await hit('/shop', `va|${NOW}|${NOW}|${NOW + 1}|2`)).statusCode).toBe(202);
    expect((await hit('/shop', `vb|${NOW}|${NOW}|${NOW}|1`)).statusCode).toBe(202);
    const d = await dash();
    expect(d.totals).toMatchObject({ pageviews: 4, visits: 3, visitors: 2 });
    expect(d.topPages[0]).toEqual({ key: '/shop', count: 3 });
    expect(d.referrers).toEqual(
      expect.arrayContaining([
        { key: 'news.example', count: 1 },
        { key: '(direct)', count: 2 },
      ]),
    );
    expect(d.devices).toEqual([{ key: 'desktop', count: 3 }]);
  });

  it('drops bots, the owner area, not-counted users and /search page views; counts a viewer', async () => {
    const c = `vc|${NOW}|${NOW}|${NOW}|1`;
    expect((await hit('/shop', c, { ua: BOT })).statusCode).toBe(204);
    expect((await hit('/config/sales', c)).statusCode).toBe(204);
    expect((await hit('/search', c)).statusCode).toBe(204);
    expect((await hit('/shop', c, { cookies: admin })).statusCode).toBe(204);
    expect((await hit('/shop', c, { cookies: viewer })).statusCode).toBe(202);
    expect((await dash()).totals.pageviews).toBe(5);
  });

  it('refuses a malformed hit with 400 and stores nothing', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ event: 'PAGE_VIEW', data: '{not json' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('must be a JSON object');
    expect((await dash()).totals.pageviews).toBe(5);
  });

  it('builds the funnel from VisitPDP, AddToCart, Checkout and the order hook’s Purchase', async () => {
    expect((await event('VisitPDP', { itemId: 'tee' })).statusCode).toBe(202);
    expect((await event('AddToCart', { itemId: 'tee', value: 25 })).statusCode).toBe(202);
    expect((await event('AddToCartError', { errorType: 'NO_VARIANT_SELECTED' })).statusCode).toBe(202);
    expect((await event('Checkout', {})).statusCode).toBe(202);
    // The built-in payment provider places test-mode orders: not counted until the merchant says so.
    await placeZineOrder(t);
    expect((await dash()).totals.funnel.at(-1)).toEqual({ step: 'Purchase', count: 0 });
    const on = await ownerCall(t.app, 'PATCH', '/api/config/analytics/settings', admin, {
      testPurchases: true,
    });
    expect(on.json()).toMatchObject({ testPurchases: true });
    const audit = await ownerCall(t.app, 'GET', '/api/config/audit', admin);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'analytics.settings',
      contributor: { email: ownerEmail(1) },
      detail: { testPurchases: true },
    });

    // A shopper's purchase carries its visitor id; an admin trying the checkout is not counted.
    const buyer = `vbuyer|${NOW}|${NOW}|${NOW}|1`;
    for (const cookies of [{ ss_cvr: buyer }, { ...admin, ss_cvr: `vadmin|${NOW}|${NOW}|${NOW}|1` }]) {
      const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/commerce/orders',
        payload: {
          idempotencyKey: `analytics-${Object.keys(cookies).length}`,
          email: 'ada@example.com',
          payment: card(),
          source: { kind: 'cart' },
        },
        cookies: { crumb: CRUMB, CART: token, ...cookies },
        headers: { 'x-csrf-token': CRUMB, 'cf-ipcountry': 'FR' },
      });
      expect(res.statusCode).toBe(201);
    }
    const d = await dash();
    expect(d.totals.funnel).toEqual([
      { step: 'VisitPDP', count: 1 },
      { step: 'AddToCart', count: 1 },
      { step: 'Checkout', count: 1 },
      { step: 'Purchase', count: 1 },
    ]);
    expect(d.totals.revenue).toBe(12);
    expect(d.cartErrors).toEqual([{ key: 'NO_VARIANT_SELECTED', count: 1 }]);
    const csv = await ownerCall(t.app, 'GET', `/api/config/analytics.csv?from=${today}&to=${today}`, admin);
    const purchases = csv.body.split('\r\n').filter((line) => line.includes(',Purchase,'));
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatch(/,vbuyer,FR$/);
    await ownerCall(t.app, 'PATCH', '/api/config/analytics/settings', admin, { testPurchases: false });
  });

  it('RecordEvent takes only the spec §7 browser events: Purchase comes from the order hook alone', async () => {
    for (const name of ['Purchase', 'Nonsense']) {
      const res = await event(name, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('must be an event of spec §7');
    }
  });

  it('RecordEvent needs the crumb (spec §8 session message)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ event: 'VisitPDP', data: '{}' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your session has expired. Please reload the page and try again.');
  });

  it('stores web vitals and answers their 75th percentile per page with the spec §9 band', async () => {
    const records = [1000, 2000, 3000, 5000].map((v, i) => ({
      app: 'storefront',
      event: 'LCP',
      pageLoadId: `p${i}`,
      ts: NOW,
      data: { value: v, path: '/shop/tee', elementPath: `div>${'x'.repeat(300)}` },
    }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { 'user-agent': BROWSER },
      payload: records,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 4 });
    const stored = await t.database.db
      .selectFrom('analytics_events')
      .select('data')
      .where('kind', '=', 'vital')
      .execute();
    expect((JSON.parse(stored[0].data) as { data: { elementPath: string } }).data.elementPath).toHaveLength(
      200,
    );
    const d = await dash();
    expect(d.vitals).toEqual(
      expect.arrayContaining([
        { name: 'LCP', path: '*', p75: 3000, band: 'needs-improvement', samples: 4 },
        { name: 'LCP', path: '/shop/tee', p75: 3000, band: 'needs-improvement', samples: 4 },
      ]),
    );
  });

  it('takes JavaScript error reports with the CSRF header, at most 10 a call, stacks cut at 5000', async () => {
    const report = (i: number) => ({ message: `boom ${i % 2}`, stack: 's'.repeat(6000), path: '/shop' });
    const send = (reports: unknown[], csrf = true) =>
      t.app.inject({
        method: 'POST',
        url: '/api/events/RecordJavascriptErrors',
        cookies: { crumb: CRUMB },
        headers: csrf ? { 'x-csrf-token': CRUMB, 'user-agent': BROWSER } : { 'user-agent': BROWSER },
        payload: reports,
      });
    expect((await send([report(0)], false)).statusCode).toBe(403);
    expect((await send(Array.from({ length: 11 }, (_, i) => report(i)))).statusCode).toBe(400);
    expect((await send(Array.from({ length: 3 }, (_, i) => report(i)))).statusCode).toBe(202);
    const d = await dash();
    expect(d.errors).toEqual([
      { key: 'boom 0', count: 2 },
      { key: 'boom 1', count: 1 },
    ]);
    const row = await t.database.db
      .selectFrom('analytics_events')
      .select('data')
      .where('kind', '=', 'error')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.data) as { stack: string }).stack).toHaveLength(5000);
  });

  it('records button, form and overlay census calls; form-render needs a formId', async () => {
    const census = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/census/${path}`,
        headers: { 'user-agent': BROWSER },
        payload,
      });
    for (const path of ['button-click', 'button-render', 'overlay']) {
      expect((await census(path, { pagePath: '/shop' })).statusCode).toBe(202);
    }
    expect((await census('form-render', { pagePath: '/' })).statusCode).toBe(400);
    expect((await census('form-render', { pagePath: '/', formId: 'f1' })).statusCode).toBe(202);
    const stored = await t.database.db
      .selectFrom('analytics_events')
      .select('kind')
      .where('kind', 'in', ['button-click', 'button-render', 'overlay', 'form-render'])
      .execute();
    expect(stored).toHaveLength(4);
  });

  it('the census-disable flag stops recording; the reporting role reads the dashboard', async () => {
    const res = await ownerCall(t.app, 'PATCH', '/api/config/analytics/settings', admin, {
      censusDisabled: true,
    });
    expect(res.json()).toEqual({ censusDisabled: true, cookieConsent: 'off', testPurchases: false });
    expect((await hit('/shop', `vz|${NOW}|${NOW}|${NOW}|1`)).statusCode).toBe(204);
    await ownerCall(t.app, 'PATCH', '/api/config/analytics/settings', admin, { censusDisabled: false });
    const reporting = await signIn(t.app, ownerEmail(3));
    const d = await ownerCall(t.app, 'GET', `/api/config/analytics?from=${today}&to=${today}`, reporting);
    expect(d.statusCode).toBe(200);
    expect(d.json().totals.pageviews).toBe(5);
    const bad = await ownerCall(t.app, 'GET', `/api/config/analytics?from=${today}&to=2000-01-01`, reporting);
    expect(bad.statusCode).toBe(400);
    const csv = await ownerCall(
      t.app,
      'GET',
      `/api/config/analytics.csv?from=${today}&to=${today}`,
      reporting,
    );
    expect(csv.body.split('\r\n')[0]).toBe(
      'time,kind,name,path,referrer,itemId,value,device,visitor,country',
    );
    expect(csv.body).toContain('PAGE_VIEW,/shop/tee');
  });
});
