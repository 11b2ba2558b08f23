import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PREVIOUS_DAY, uniqueVisitors } from '../src/modules/analytics/repo.js';
import {
  countryOf,
  DAY_MS,
  dayOf,
  dayStart,
  pageVitalsMetric,
  vitalBucket,
  writeEvents,
} from '../src/modules/analytics/service.js';
import { GroupCommitWriter } from '../src/modules/analytics/writer.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const NOW = Date.now();
const STORE_ZONE = 'America/New_York';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_ZONE }).format(NOW);

describe('store calendar days and countries', () => {
  it('buckets an instant into the store time zone’s day, across daylight saving', () => {
    // 03:00 UTC on 2 January is 22:00 on 1 January in New York (UTC-5).
    const lateEvening = Date.UTC(2026, 0, 2, 3);
    expect(dayOf(lateEvening, 'UTC')).toBe(Date.UTC(2026, 0, 2) / DAY_MS);
    expect(dayOf(lateEvening, STORE_ZONE)).toBe(Date.UTC(2026, 0, 1) / DAY_MS);
    // In July New York is UTC-4: 03:59 UTC is still the day before, 04:00 the day itself.
    expect(dayOf(Date.UTC(2026, 6, 2, 3, 59), STORE_ZONE)).toBe(Date.UTC(2026, 6, 1) / DAY_MS);
    expect(dayOf(Date.UTC(2026, 6, 2, 4), STORE_ZONE)).toBe(Date.UTC(2026, 6, 2) / DAY_MS);
    expect(dayStart(Date.UTC(2026, 6, 2) / DAY_MS, STORE_ZONE)).toBe(Date.UTC(2026, 6, 2, 4));
    expect(dayStart(Date.UTC(2026, 0, 2) / DAY_MS, 'Asia/Kolkata')).toBe(Date.UTC(2026, 0, 1, 18, 30));
  });

  it('takes a two-letter country from the proxy header, not its unknown XX or anything else', () => {
    expect(countryOf('de')).toBe('DE');
    expect(countryOf(['FR', 'DE'])).toBe('FR');
    for (const bad of ['XX', 'DEU', '1A', '', undefined]) expect(countryOf(bad)).toBeUndefined();
  });
});

describe('vitals rollup keys', () => {
  it('rounds a vital value up to two significant digits', () => {
    expect([1000, 1234, 2999, 3000, 87, 0.0567, 0.1, 0.25, 0].map(vitalBucket)).toEqual([
      1000, 1300, 3000, 3000, 87, 0.057, 0.1, 0.25, 0,
    ]);
  });

  it('names each page’s vitals metric by a hash of its path that fits the metric column', () => {
    const long = pageVitalsMetric(`/${'x'.repeat(2000)}`);
    expect(long.length).toBeLessThanOrEqual(32);
    expect(pageVitalsMetric('/a')).not.toBe(pageVitalsMetric('/b'));
  });
});

describe('group commit', () => {
  it('writes what arrived in one turn of the event loop as one batch, and answers each after it', async () => {
    const batches: number[][] = [];
    const writer = new GroupCommitWriter<number>(
      async (rows) => {
        batches.push(rows);
      },
      { flushMs: 0, maxBatch: 100 },
    );
    await Promise.all([writer.add([1]), writer.add([2, 3]), writer.add([4])]);
    await writer.add([5]);
    expect(batches).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('keeps up to `concurrency` batches in flight, each answered when its own write ends', async () => {
    const ends: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const writer = new GroupCommitWriter<number>(
      () =>
        new Promise<void>((resolve) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          ends.push(() => {
            inFlight -= 1;
            resolve();
          });
        }),
      { flushMs: 0, maxBatch: 1, concurrency: 2 },
    );
    const done = [writer.add([1]), writer.add([2]), writer.add([3])];
    await new Promise((r) => setImmediate(r));
    expect(ends).toHaveLength(2);
    ends[0]();
    await done[0];
    await new Promise((r) => setImmediate(r));
    expect(ends).toHaveLength(3);
    ends[1]();
    ends[2]();
    await Promise.all(done);
    expect(most).toBe(2);
  });
});

describe.each(dialects)('analytics storage on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addOwner(t.database, 1);
    admin = await signIn(t.app, ownerEmail(1));
  });
  afterAll(async () => t?.close());

  const event = (id: string, day: number, visitor: string) => ({
    id,
    website_id: 'w-uniques',
    at: day * DAY_MS + 1000,
    day,
    kind: 'hit',
    name: 'PAGE_VIEW',
    visitor_id: visitor,
    visit_count: 1,
    path: '/',
    referrer: null,
    item_id: null,
    value: null,
    device: 'desktop',
    data: '{}',
    country: null,
  });

  it('counts unique visitors of any range from each visitor’s previous day, whatever order days arrive in', async () => {
    const d = 20_000;
    // Visitor a: days d, d+2 (written after d+5), d+5; visitor b: d+2 only.
    await writeEvents(t.database.db, [event('u1', d, 'a'), event('u2', d + 5, 'a')]);
    await writeEvents(t.database.db, [
      event('u3', d + 2, 'a'),
      event('u4', d + 2, 'b'),
      event('u5', d + 2, 'a'),
    ]);
    const uniques = (from: number, to: number) => uniqueVisitors(t.database.db, 'w-uniques', from, to);
    expect(await uniques(d, d + 5)).toBe(2);
    expect(await uniques(d + 1, d + 5)).toBe(2);
    expect(await uniques(d + 3, d + 5)).toBe(1);
    expect(await uniques(d + 1, d + 1)).toBe(0);
    expect(await uniques(d + 2, d + 2)).toBe(2);
    const previous = await t.database.db
      .selectFrom('analytics_visitor_days')
      .select(['day', 'previous_day'])
      .where('website_id', '=', 'w-uniques')
      .where('visitor_id', '=', 'a')
      .orderBy('day')
      .execute();
    expect(previous).toEqual([
      { day: d, previous_day: null },
      { day: d + 2, previous_day: d },
      { day: d + 5, previous_day: d + 2 },
    ]);
  });

  it('counts unique visitors from the rollup by previous day as a count over all visitor-days would, with late and concurrent days', async () => {
    const site = 'w-brute';
    const d0 = 20_100;
    // mulberry32: the same data every run.
    let seed = 13;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = (n: number) => Math.floor(random() * n);
    let n = 0;
    const batch = (size: number, days: [number, number]) =>
      Array.from({ length: size }, () => ({
        ...event(`b${n++}`, days[0] + pick(days[1] - days[0] + 1), `v${pick(40)}`),
        website_id: site,
      }));
    // In order of days, then late days (an import) among them, then batches committing at once.
    for (let day = 0; day < 30; day += 3)
      await writeEvents(t.database.db, batch(25, [d0 + day, d0 + day + 2]));
    for (let i = 0; i < 6; i++) await writeEvents(t.database.db, batch(30, [d0, d0 + 40]));
    await Promise.all(Array.from({ length: 6 }, () => writeEvents(t.database.db, batch(20, [d0, d0 + 40]))));

    const bruteForce = async (from: number, to: number) => {
      const row = await t.database.db
        .selectFrom('analytics_visitor_days')
        .select(sql<number>`count(distinct visitor_id)`.as('n'))
        .where('website_id', '=', site)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirst();
      return Number(row?.n);
    };
    const ranges: [number, number][] = [[d0 - 5, d0 + 50]];
    for (let i = 0; i < 40; i++) {
      const from = d0 - 2 + pick(45);
      ranges.push([from, from + pick(20)]);
    }
    for (const [from, to] of ranges)
      expect([from, to, await uniqueVisitors(t.database.db, site, from, to)]).toEqual([
        from,
        to,
        await bruteForce(from, to),
      ]);

    // Every visitor-day sits under its true previous day, and the rollup is what migration 0023's
    // backfill makes of the visitor-days.
    const days = await t.database.db
      .selectFrom('analytics_visitor_days')
      .select(['visitor_id', 'day', 'previous_day'])
      .where('website_id', '=', site)
      .orderBy('visitor_id')
      .orderBy('day')
      .execute();
    expect(days.map((d) => d.previous_day)).toEqual(
      days.map((d, i) => (i > 0 && days[i - 1].visitor_id === d.visitor_id ? days[i - 1].day : null)),
    );
    const backfill = await t.database.db
      .selectFrom('analytics_visitor_days')
      .select([
        'day',
        sql<number>`coalesce(previous_day, ${sql.lit(NO_PREVIOUS_DAY)})`.as('previous_day'),
        sql<number>`count(*)`.as('count'),
      ])
      .where('website_id', '=', site)
      .groupBy(['day', sql`coalesce(previous_day, ${sql.lit(NO_PREVIOUS_DAY)})`])
      .orderBy('day')
      .orderBy('previous_day')
      .execute();
    const rollup = await t.database.db
      .selectFrom('analytics_visitor_days_daily')
      .select(['day', 'previous_day', 'count'])
      .where('website_id', '=', site)
      .where('count', '<>', 0)
      .orderBy('day')
      .orderBy('previous_day')
      .execute();
    const numbers = (rows: { day: number; previous_day: number; count: number }[]) =>
      rows.map((r) => [Number(r.day), Number(r.previous_day), Number(r.count)]);
    expect(numbers(rollup)).toEqual(numbers(backfill));
  });

  it('counts visits by the country a proxy sent (CF-IPCountry or X-Country), unknown as XX', async () => {
    const hit = (visitor: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, ...headers },
        payload: new URLSearchParams({
          event: 'PAGE_VIEW',
          data: JSON.stringify({ pagePath: '/shop', visitorCookie: `${visitor}|${NOW}|${NOW}|${NOW}|1` }),
        }).toString(),
      });
    expect((await hit('c1', { 'cf-ipcountry': 'DE' })).statusCode).toBe(202);
    expect((await hit('c2', { 'x-country': 'de' })).statusCode).toBe(202);
    expect((await hit('c3', { 'cf-ipcountry': 'XX' })).statusCode).toBe(202);
    const res = await ownerCall(t.app, 'GET', `/api/config/analytics?from=${today}&to=${today}`, admin);
    expect(res.json().countries).toEqual([
      { key: 'DE', count: 2 },
      { key: 'XX', count: 1 },
    ]);
  });

  it('takes the alternative tracker’s eventSchemaName and eventContent; validates without storing', async () => {
    const content = JSON.stringify({ pagePath: '/shop/p/tee', itemId: 'tee' });
    const call = (url: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { 'user-agent': BROWSER }, payload: body as object });
    const valid = await call('/api/events/validate-event-content', {
      eventSchemaName: 'ReviewsTab',
      eventContent: content,
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });
    const invalid = await call('/api/events/validate-event-content', {
      eventSchemaName: 'ReviewsTab',
      eventContent: '{nope',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('must be a JSON object');
    const unknown = await call('/api/events/track', { eventSchemaName: 'Purchase', eventContent: content });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('must be an event of spec §7');

    expect(
      (await call('/api/events/track', { eventSchemaName: 'ReviewsTab', eventContent: content })).statusCode,
    ).toBe(202);
    const rows = await t.database.db
      .selectFrom('analytics_events')
      .select(['name', 'path', 'item_id'])
      .where('name', '=', 'ReviewsTab')
      .execute();
    expect(rows).toEqual([{ name: 'ReviewsTab', path: '/shop/p/tee', item_id: 'tee' }]);
  });

  it('records SaveCustomProductForm where the form is saved: a cart entry with additionalFields', async () => {
    const add = (additionalFields: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: { itemId: 'zine', sku: 'ZINE', quantity: 1, additionalFields },
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB, 'user-agent': BROWSER, referer: 'http://shop.test/shop/p/zine' },
      });
    expect((await add('{"note":"hi"}')).statusCode).toBe(200);
    expect((await add(null)).statusCode).toBe(200);
    const saved = async () =>
      t.database.db
        .selectFrom('analytics_events')
        .select(['path', 'item_id'])
        .where('name', '=', 'SaveCustomProductForm')
        .execute();
    // Recorded beside the answer, not before it: wait for its group commit.
    for (let i = 0; i < 50 && (await saved()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await saved()).toEqual([{ path: '/shop/p/zine', item_id: 'zine' }]);
  });

  it.runIf(dialect === 'postgres')(
    'stores events in month partitions, making a new month’s on its first event',
    async () => {
      const far = Date.UTC(2031, 4, 17);
      await writeEvents(t.database.db, [{ ...event('p1', Math.floor(far / DAY_MS), 'p'), at: far }]);
      const parts = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'analytics_events' AND p.relnamespace = to_regnamespace(current_schema())::oid`.execute(
        t.database.db,
      );
      const names = parts.rows.map((r) => r.name);
      expect(names).toContain('analytics_events_m203105');
      expect(names).toContain(
        `analytics_events_m${new Date(NOW).toISOString().slice(0, 7).replace('-', '')}`,
      );
      const stored = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM analytics_events_m203105`.execute(t.database.db);
      expect(stored.rows[0].n).toBe(1);
    },
  );
});
