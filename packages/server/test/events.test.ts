import { EVENT_MESSAGES, RECORD_TYPE } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, PAGE_ACCESS_COOKIE, SITE_ACCESS_COOKIE } from '../src/modules/access/service.js';
import { saveCollection } from '../src/modules/catalog/service.js';
import { CRUMB, cookiesOf, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { addContentCollections, addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thursday, November 26, 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 26, 17);

describe.each(dialects)('events and passwords on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clock = { at: NOW, now: () => clock.at };
  const get = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies });
  const form = (url: string, fields: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      cookies: { crumb: CRUMB, ...cookies },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
    });
  const call = (method: string, url: string, body?: unknown) => ownerCall(t.app, method, url, admin, body);
  const event = (start: number, end: number, location: Record<string, unknown> = {}) => ({
    startDate: start,
    endDate: end,
    location,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, smallCatalog(), { clock });
    await addContentCollections(t, clock);
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock },
      { id: 'events', title: 'Events', urlSlug: 'events', type: 1, typeName: 'events', position: 3 },
    );
    const add = (title: string, urlSlug: string, start: number, end: number, location = {}) =>
      addItem(t, { collectionId: 'events', title, urlSlug, event: event(start, end, location) }, clock);
    // Saturday Dec 5, 10:00–16:00 New York: one day, mapped.
    await add('Winter market', 'winter-market', NOW + 9 * DAY - 2 * HOUR, NOW + 9 * DAY + 4 * HOUR, {
      addressLine1: '12 Mill St',
      addressCountry: 'United States',
      mapLat: 42.25,
      mapLng: -73.79,
    });
    // Two evenings, with only a latitude: no map.
    await add('Glazing workshop', 'glazing', NOW + 2 * DAY, NOW + 3 * DAY + 3 * HOUR, { mapLat: 42.25 });
    await add('Harvest supper', 'harvest', NOW - 30 * DAY, NOW - 30 * DAY + 3 * HOUR);
    await add('Summer kiln', 'summer-kiln', NOW - 90 * DAY, NOW - 90 * DAY + 3 * HOUR);
    await addOwner(t.database, 1);
    admin = await signIn(t.app, ownerEmail(1));
  });
  afterAll(async () => t?.close());

  const titles = (html: string) =>
    [...html.matchAll(/class="post-summary-title"><a href="[^"]+">([^<]+)</g)].map((m) => m[1]);

  it('saves events with their record type and refuses bad dates and coordinates with clear messages', async () => {
    const body = { collectionId: 'events', title: 'Open studio', status: 'published' };
    const ok = await call('POST', '/api/config/content/items', {
      ...body,
      event: event(NOW + DAY, NOW + DAY + HOUR, { addressLine1: 'Barn', mapLat: 10, mapLng: 20 }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().item.recordType).toBe(RECORD_TYPE.event);
    expect(ok.json().item.event).toEqual({
      startDate: NOW + DAY,
      endDate: NOW + DAY + HOUR,
      location: { addressLine1: 'Barn', mapLat: 10, mapLng: 20 },
    });
    await call('DELETE', `/api/config/content/items/${ok.json().item.id}`);

    const backwards = await call('POST', '/api/config/content/items', {
      ...body,
      event: event(NOW + DAY, NOW + DAY - HOUR),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(EVENT_MESSAGES.endBeforeStart);

    const lat = await call('POST', '/api/config/content/items', {
      ...body,
      event: event(NOW, NOW, { mapLat: 91, mapLng: 0 }),
    });
    expect(lat.statusCode).toBe(400);
    expect(lat.body).toContain(EVENT_MESSAGES.latitude);
    const lng = await call('POST', '/api/config/content/items', {
      ...body,
      event: event(NOW, NOW, { mapLat: 0, mapLng: -181 }),
    });
    expect(lng.body).toContain(EVENT_MESSAGES.longitude);

    const missing = await call('POST', '/api/config/content/items', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(EVENT_MESSAGES.eventRequired);
    const onPost = await call('POST', '/api/config/content/items', {
      ...body,
      collectionId: 'blog',
      event: event(NOW, NOW + HOUR),
    });
    expect(onPost.statusCode).toBe(400);
    expect(onPost.json().message).toBe(EVENT_MESSAGES.eventOnly);
  });

  it('lists upcoming soonest first and past newest first, and moves an event to past when the clock passes its end', async () => {
    const upcoming = await get('/events');
    expect(upcoming.statusCode).toBe(200);
    expect(titles(upcoming.body)).toEqual(['Glazing workshop', 'Winter market']);
    expect(upcoming.body).toContain('aria-current="page">Upcoming');
    const past = await get('/events?view=past');
    expect(titles(past.body)).toEqual(['Harvest supper', 'Summer kiln']);
    expect((await get('/events?view=nonsense')).statusCode).toBe(404);
    expect((await get('/events?page=9')).statusCode).toBe(404);

    clock.at = NOW + 3 * DAY + 3 * HOUR + 1;
    try {
      expect(titles((await get('/events')).body)).toEqual(['Winter market']);
      expect(titles((await get('/events?view=past')).body)[0]).toBe('Glazing workshop');
      expect((await get('/events/glazing')).body).toContain('event-status-past');
    } finally {
      clock.at = NOW;
    }
    expect((await get('/events/glazing')).body).toContain('event-status-upcoming');
  });

  it('shows a same-day event with one date and its times, and a longer one with both dates', async () => {
    const market = (await get('/events/winter-market')).body;
    expect(market).toContain('Saturday, December 5, 2026');
    expect(market).toMatch(/10:00\s?AM\s?–\s?4:00\s?PM/);
    const workshop = (await get('/events/glazing')).body;
    expect(workshop).toMatch(/November 28, 2026.*November 29, 2026/s);
    expect(workshop).not.toContain('Saturday, November 28, 2026<');
  });

  it('maps only with both coordinates and links to the calendar with compact UTC dates (spec §5, §7)', async () => {
    const market = (await get('/events/winter-market')).body;
    expect(market).toContain('https://www.openstreetmap.org/?mlat=42.25&amp;mlon=-73.79');
    const href = /class="account-button event-calendar-link" href="([^"]+)"/
      .exec(market)![1]
      .replaceAll('&amp;', '&');
    const link = new URL(href);
    expect(link.searchParams.get('text')).toBe('Winter market');
    expect(link.searchParams.get('dates')).toBe('20261205T150000Z/20261205T210000Z');
    expect(link.searchParams.get('location')).toBe('12 Mill St, United States');
    expect((await get('/events/glazing')).body).not.toContain('openstreetmap');
    // No third-party script anywhere on the page.
    expect(market).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('offers the event as an .ics file', async () => {
    const res = await get('/events/winter-market/event.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('DTSTART:20261205T150000Z\r\n');
    expect(res.body).toContain('SUMMARY:Winter market\r\n');
    expect((await get('/events/nope/event.ics')).statusCode).toBe(404);
  });

  it('shows a month as a calendar with its events on their days and links to the months around', async () => {
    const res = await get('/events?view=calendar&month=2026-12');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('December 2026');
    expect(res.body).toContain('href="/events?view=calendar&amp;month=2026-11"');
    expect(res.body).toContain('href="/events?view=calendar&amp;month=2027-01"');
    const day5 = /<td class="event-day[^"]*"><span class="event-day-number">5<\/span>(.*?)<\/td>/s.exec(
      res.body,
    )!;
    expect(day5[1]).toContain('Winter market');
    const november = (await get('/events?view=calendar&month=2026-11')).body;
    // The workshop spans two days: it is on both.
    const grid = november.slice(november.indexOf('<table'), november.indexOf('</table>'));
    expect(grid.match(/Glazing workshop/g)).toHaveLength(2);
    // And once in the month's list.
    expect(november.slice(november.indexOf('</table>')).match(/Glazing workshop/g)).toHaveLength(1);
    expect((await get('/events?view=calendar&month=2026-13')).statusCode).toBe(404);
    // Without a month: the clock's.
    expect((await get('/events?view=calendar')).body).toContain('November 2026');
  });

  it('finds events in /search', async () => {
    const res = await get('/search?q=market');
    expect(res.body).toContain('href="/events/winter-market"');
  });

  it('locks every storefront page behind the site password until it is entered', async () => {
    const set = await call('PATCH', '/api/config/settings', { sitePassword: 'open sesame' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings.sitePasswordSet).toBe(true);
    expect(set.body).not.toContain('open sesame');
    try {
      for (const url of ['/', '/events', '/blog', '/cart', '/account', '/sitemap.xml']) {
        const locked = await get(url);
        expect(locked.statusCode, url).toBe(401);
        expect(locked.body).toContain('action="/api/site/unlock"');
        expect(locked.body).toContain('class="page-type-103"');
        // Nothing of the site before the password: no navigation.
        expect(locked.body).not.toContain('href="/events"');
      }
      // The owner's area and the API stay reachable.
      expect((await ownerCall(t.app, 'GET', '/api/config/settings', admin)).statusCode).toBe(200);
      expect((await get('/config')).statusCode).not.toBe(401);

      const wrong = await form('/api/site/unlock', { password: 'guess', returnTo: '/events' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain(ACCESS_MESSAGES.incorrect);
      expect(cookiesOf(wrong)[SITE_ACCESS_COOKIE]).toBeUndefined();

      const right = await form('/api/site/unlock', { password: 'open sesame', returnTo: '/events' });
      expect(right.statusCode).toBe(303);
      expect(right.headers.location).toBe('/events');
      const access = cookiesOf(right)[SITE_ACCESS_COOKIE];
      expect((await get('/events', { [SITE_ACCESS_COOKIE]: access })).statusCode).toBe(200);

      // A forged or altered cookie is refused.
      const tampered = access.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
      expect((await get('/events', { [SITE_ACCESS_COOKIE]: tampered })).statusCode).toBe(401);
      // An address of another site is not followed after unlocking.
      const away = await form('/api/site/unlock', { password: 'open sesame', returnTo: '//evil.example' });
      expect(away.headers.location).toBe('/');

      // A new password shuts out the browsers that knew the old one.
      await call('PATCH', '/api/config/settings', { sitePassword: 'new words' });
      expect((await get('/events', { [SITE_ACCESS_COOKIE]: access })).statusCode).toBe(401);
    } finally {
      await call('PATCH', '/api/config/settings', { sitePassword: null });
    }
    expect((await get('/events')).statusCode).toBe(200);
  });

  it('limits password attempts with a 429 and a clear message', async () => {
    await call('PATCH', '/api/config/settings', { sitePassword: 'open sesame' });
    try {
      let last = await form('/api/site/unlock', { password: 'x' }, {});
      for (let i = 0; i < 12 && last.statusCode !== 429; i++)
        last = await t.app.inject({
          method: 'POST',
          url: '/api/site/unlock',
          remoteAddress: '10.9.8.7',
          cookies: { crumb: CRUMB },
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `crumb=${CRUMB}&password=x`,
        });
      expect(last.statusCode).toBe(429);
      expect(last.body).toContain(ACCESS_MESSAGES.tooMany);
    } finally {
      await call('PATCH', '/api/config/settings', { sitePassword: null });
    }
  });

  it('asks for a page password before showing the page, and keeps it out of search', async () => {
    const item = await addItem(
      t,
      {
        title: 'Members note',
        urlSlug: 'members-note',
        password: 'kiln key',
        blocks: [{ type: 2, html: '<p>The secret glaze recipe</p>' }],
      },
      clock,
    );
    expect(item.hasPassword).toBe(true);
    const locked = await get('/blog/members-note');
    expect(locked.statusCode).toBe(401);
    expect(locked.body).toContain('class="page-type-105"');
    expect(locked.body).not.toContain('secret glaze');
    expect((await get('/search?q=glaze')).body).not.toContain('members-note');

    const action = `/api/content/items/${item.id}/unlock`;
    const wrong = await form(action, { password: 'nope', returnTo: '/blog/members-note' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(ACCESS_MESSAGES.incorrect);
    const right = await form(action, { password: 'kiln key', returnTo: '/blog/members-note' });
    expect(right.statusCode).toBe(303);
    const access = cookiesOf(right)[PAGE_ACCESS_COOKIE];
    const open = await get('/blog/members-note', { [PAGE_ACCESS_COOKIE]: access });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('secret glaze');
    // Still locked for everyone else (the open page was not cached).
    expect((await get('/blog/members-note')).statusCode).toBe(401);
    const forged = `${item.id}.${'0'.repeat(32)}`;
    expect((await get('/blog/members-note', { [PAGE_ACCESS_COOKIE]: forged })).statusCode).toBe(401);
  });
});
