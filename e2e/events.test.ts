import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCollection } from '../packages/server/src/modules/catalog/service.js';
import { createTestApp, type TestApp } from '../packages/server/test/support/app.js';
import { addContentCollections, addItem } from '../packages/server/test/support/content.js';
import {
  addOwner,
  OWNER_PASSWORD,
  ownerCall,
  signIn as signInApi,
} from '../packages/server/test/support/owner.js';
import { cspViolations, launchChromium } from './support/browser.js';
import { signIn } from './support/owner.js';
import { compareWithBaseline, MAX_DIFF_RATIO, UPDATING } from './support/visual.js';

/**
 * Issue 16: an event made in the owner's area shows as upcoming, then as past once the clock
 * passes its end, with the spec §7 calendar link; a page with its own password and a site with
 * a password ask for them before showing anything. The store runs in this process so the test
 * owns its clock.
 */
describe('events and passwords in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  /** Thursday, November 26, 2026, noon in New York (the site's zone). */
  const clock = { at: Date.UTC(2026, 10, 26, 17), now: () => clock.at };

  beforeAll(async () => {
    t = await createTestApp('sqlite', undefined, { clock });
    await addContentCollections(t, clock);
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock },
      { id: 'events', title: 'Events', urlSlug: 'events', type: 1, typeName: 'events', position: 3 },
    );
    await addOwner(t.database, 1, 'owner@example.com', OWNER_PASSWORD, clock);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows an event as upcoming, then as past when the clock passes its end', async () => {
    // The browser is in another zone than the site: times are entered in the site's.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    await signIn(page, base, 'owner@example.com', OWNER_PASSWORD, '/config/content');
    await page.getByRole('link', { name: 'Pages and posts' }).click();
    await page.getByRole('link', { name: 'New page or post' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Collection').selectOption({ label: 'Events' });
    await drawer.getByLabel('Title').fill('Kiln opening');
    await drawer.getByLabel('Status').selectOption({ label: 'Published' });
    // Ending before it starts is refused with the rule's words.
    await drawer.getByLabel('Starts').fill('2026-11-27T18:00');
    await drawer.getByLabel('Ends').fill('2026-11-27T17:00');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('The event cannot end before it starts.').waitFor();
    await drawer.getByLabel('Ends').fill('2026-11-27T20:30');
    await drawer.getByLabel('Address line 1').fill('14 Mill Street');
    await drawer.getByLabel('Country').fill('United States');
    await drawer.getByLabel('Latitude').fill('42.2529');
    await drawer.getByLabel('Longitude').fill('-73.791');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Kiln opening' }).count()).toBe(1);

    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${base}/`);
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await visitor.getByRole('link', { name: 'Kiln opening' }).waitFor();
    expect(await visitor.locator('.event-when').first().textContent()).toMatch(
      /Friday, November 27, 2026, 6:00\s?–\s?8:30\s?PM/,
    );
    await visitor.getByRole('link', { name: 'Past' }).click();
    await visitor.getByText('No past events.').waitFor();

    await visitor.goto(`${base}/events`);
    await visitor.getByRole('link', { name: 'Kiln opening' }).click();
    await visitor.getByRole('heading', { name: 'Kiln opening', level: 1 }).waitFor();
    expect(await visitor.locator('.event-status').textContent()).toBe('Upcoming');
    // Spec §7: text, compact UTC start/end (6 PM New York is 23:00 UTC), address lines and country.
    const href = await visitor.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href');
    const link = new URL(href!);
    expect(link.searchParams.get('text')).toBe('Kiln opening');
    expect(link.searchParams.get('dates')).toBe('20261127T230000Z/20261128T013000Z');
    expect(link.searchParams.get('location')).toBe('14 Mill Street, United States');
    expect(await visitor.getByRole('link', { name: 'View on OpenStreetMap' }).getAttribute('href')).toContain(
      'mlat=42.2529&mlon=-73.791',
    );
    const ics = await visitor.request.get(`${base}/events/kiln-opening/event.ics`);
    expect(await ics.text()).toContain('DTSTART:20261127T230000Z');

    // The calendar shows it on its day, without JavaScript needed to move between months.
    await visitor.getByRole('link', { name: 'Events', exact: true }).first().click();
    await visitor.getByRole('link', { name: 'Calendar' }).click();
    await visitor.getByRole('heading', { name: 'November 2026' }).waitFor();
    expect(await visitor.locator('td.event-day-busy').textContent()).toContain('Kiln opening');
    await visitor.getByRole('link', { name: /December 2026/ }).click();
    await visitor.getByRole('heading', { name: 'December 2026' }).waitFor();
    await visitor.getByText('No events this month.').waitFor();

    // The clock passes the event's end: it moves to the past list.
    clock.at = Date.UTC(2026, 10, 28, 2);
    await visitor.goto(`${base}/events`);
    await visitor.getByText('No upcoming events.').waitFor();
    await visitor.getByRole('link', { name: 'Past' }).click();
    await visitor.getByRole('link', { name: 'Kiln opening' }).click();
    expect(await visitor.locator('.event-status').textContent()).toBe('Past');
    expect(cspViolations(browser)).toEqual([]);
    await context.close();
  });

  it('asks for a locked page’s password, then opens it', async () => {
    await addItem(
      t,
      {
        title: 'Glaze notebook',
        urlSlug: 'glaze-notebook',
        password: 'cone six',
        blocks: [{ type: 2, html: '<p>Two parts feldspar, one part silica.</p>' }],
      },
      clock,
    );
    const page = await (await browser.newContext()).newPage();
    const first = await page.goto(`${base}/blog/glaze-notebook`);
    expect(first?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Glaze notebook' }).waitFor();
    expect(await page.getByText('feldspar').count()).toBe(0);
    await page.getByLabel('Password').fill('cone five');
    await page.getByRole('button', { name: 'Unlock page' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Incorrect password. Please try again.');
    await page.getByLabel('Password').fill('cone six');
    await page.getByRole('button', { name: 'Unlock page' }).click();
    await page.getByText('Two parts feldspar, one part silica.').waitFor();
    expect(page.url()).toBe(`${base}/blog/glaze-notebook`);
  });

  it('locks the whole site behind the password the owner sets', async () => {
    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(owner, base, 'owner@example.com', OWNER_PASSWORD, '/config/settings');
    await owner.getByLabel('Site password').fill('open studio');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('button', { name: 'Remove the site password' }).waitFor();

    const visitor = await (await browser.newContext()).newPage();
    const locked = await visitor.goto(`${base}/events`);
    expect(locked?.status()).toBe(401);
    await visitor.getByRole('heading', { name: 'Test Shop' }).waitFor();
    await visitor.getByLabel('Password').fill('wrong');
    await visitor.getByRole('button', { name: 'Enter site' }).click();
    expect(await visitor.getByRole('alert').textContent()).toBe('Incorrect password. Please try again.');
    await visitor.getByLabel('Password').fill('open studio');
    await visitor.getByRole('button', { name: 'Enter site' }).click();
    await visitor.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    expect(visitor.url()).toBe(`${base}/events`);

    // The owner's area stayed open throughout; the owner opens the site again.
    await owner.getByRole('button', { name: 'Remove the site password' }).click();
    await owner.getByText('The site is open to everyone.', { exact: false }).waitFor();
    const fresh = await (await browser.newContext()).newPage();
    expect((await fresh.goto(`${base}/events`))?.status()).toBe(200);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The events list, its calendar, an event page and the lock screen, against their baselines (e2e/baselines). */
describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const)('event and lock screens on a %s', (device, viewport) => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const clock = { at: Date.UTC(2026, 10, 26, 17), now: () => clock.at };

  beforeAll(async () => {
    t = await createTestApp('sqlite', undefined, { clock });
    await addContentCollections(t, clock);
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock },
      {
        id: 'events',
        title: 'Events',
        urlSlug: 'events',
        type: 1,
        typeName: 'events',
        position: 3,
        description: 'Workshops, markets and open studio days.',
      },
    );
    const mill = {
      addressLine1: '14 Mill Street',
      addressLine2: 'Hudson, NY 12534',
      addressCountry: 'United States',
    };
    const add = (
      title: string,
      urlSlug: string,
      start: number,
      hours: number,
      location: object,
      excerpt = '',
    ) =>
      addItem(
        t,
        {
          collectionId: 'events',
          title,
          urlSlug,
          excerpt,
          blocks: [{ type: 2, html: `<p>${title}: makers, cider and the workshop open all day.</p>` }],
          event: { startDate: start, endDate: start + hours * HOUR, location },
        },
        clock,
      );
    const noonNy = Date.UTC(2026, 10, 26, 17);
    await add(
      'Winter market and open studio',
      'winter-market',
      noonNy + 16 * DAY - 2 * HOUR,
      6,
      {
        ...mill,
        mapLat: 42.2529,
        mapLng: -73.791,
      },
      '<p>Twelve makers, hot cider and the workshop open all day.</p>',
    );
    await add('Glazing workshop: two evenings', 'glazing', noonNy + 2 * DAY + 6 * HOUR, 27, mill);
    await add('Harvest supper', 'harvest', noonNy - 30 * DAY, 3, mill);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function expectScreen(path: string, name: string) {
    const context = await browser.newContext({
      viewport,
      isMobile: device === 'phone',
      hasTouch: device === 'phone',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
    const result = compareWithBaseline(`${name}-${device}`, shot);
    await context.close();
    expect(
      result.diffRatio,
      `${name} on a ${device} changed: see ${result.diffFile ?? 'baselines'}`,
    ).toBeLessThanOrEqual(UPDATING ? 1 : MAX_DIFF_RATIO);
  }

  it('event list, calendar and event page', async () => {
    await expectScreen('/events', 'events-list');
    await expectScreen('/events?view=calendar&month=2026-12', 'events-calendar');
    await expectScreen('/events/winter-market', 'event');
  });

  it('lock screen', async () => {
    await addOwner(t.database, 1, 'owner@example.com', OWNER_PASSWORD, clock);
    const owner = await signInApi(t.app, 'owner@example.com');
    const lock = (sitePassword: string | null) =>
      ownerCall(t.app, 'PATCH', '/api/config/settings', owner, { sitePassword });
    expect((await lock('open studio')).statusCode).toBe(200);
    try {
      await expectScreen('/', 'lock-screen');
    } finally {
      await lock(null);
    }
  });
});
