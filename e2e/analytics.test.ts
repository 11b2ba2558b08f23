import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { payByCard } from './support/shopper.js';

const PASSWORD = 'a long enough password';
/** The store's time zone (read from its settings): the dashboard's days are its calendar days. */
let storeZone = 'UTC';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: storeZone }).format(Date.now());
const POLL_MS = 200;
/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which isbot rightly drops before
 * storage; these pages stand for people, so they send the desktop browser's own user agent.
 */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
/** Batches and beacons land within milliseconds; a loaded machine can take seconds. */
const WAIT_MS = 30_000;

interface Report {
  totals: { funnel: { step: string; count: number }[]; pageviews: number };
  topPages: { key: string; count: number }[];
  vitals: { name: string; path: string; p75: number }[];
  errors: { key: string; count: number }[];
}

/** Issue 13 in Chromium: what shoppers do reaches the owner's dashboard, and who is not counted is not. */
describe('analytics in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
    addContributor(server.dataDir, 'viewer@example.com', 'viewer', PASSWORD);
    owner = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    await signIn(owner, server.url, 'owner@example.com', PASSWORD);
    const settings = await owner.request.get(`${server.url}/api/config/settings`);
    storeZone = ((await settings.json()) as { settings: { timeZone: string } }).settings.timeZone;
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  async function report(): Promise<Report> {
    const res = await owner.request.get(`${server.url}/api/config/analytics?from=${today()}&to=${today()}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as Report;
  }

  /** Polls the dashboard's API until `check` holds (beacons and batches arrive a moment later). */
  async function until(check: (r: Report) => boolean): Promise<Report> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const r = await report();
      if (check(r) || Date.now() > deadline) return r;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  const views = (r: Report, path: string) => r.topPages.find((p) => p.key === path)?.count ?? 0;

  it('a product view, an add to cart and a purchase appear in the dashboard funnel', async () => {
    // The built-in payment provider places test-mode orders: the owner counts them first.
    await owner.goto(`${server.url}/config/analytics?days=7`);
    const countTests = owner.getByLabel('Count test purchases');
    // The box shows the saved setting: it turns checked once the server has answered.
    await countTests.click();
    await expect.poll(() => countTests.isChecked()).toBe(true);
    await expect.poll(() => countTests.isDisabled()).toBe(false);

    const page = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-summary').getByLabel('Size').selectOption('S');
    await page.locator('.product-summary').getByLabel('Color').selectOption('Sage');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${server.url}/cart`);
    await page.locator('.cart-checkout-button').click();
    await page.waitForURL('**/checkout');
    await page.locator('form.checkout-form').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State', { exact: true }).selectOption('NY');
    await page.getByLabel('ZIP code', { exact: true }).fill('10001');
    await page.getByLabel('ZIP code', { exact: true }).blur();
    await page.getByRole('radio').first().waitFor();
    await payByCard(page, 'Ada Lovelace');

    const r = await until((x) => x.totals.funnel.every((s) => s.count >= 1));
    expect(r.totals.funnel.map((s) => [s.step, s.count])).toEqual([
      ['VisitPDP', 1],
      ['AddToCart', 1],
      ['Checkout', 1],
      ['Purchase', 1],
    ]);

    // The owner reads the same in the dashboard's funnel table.
    await owner.goto(`${server.url}/config/analytics?days=7`);
    const funnel = owner.getByRole('table', { name: 'Commerce funnel' });
    await funnel.waitFor();
    for (const [label, count] of [
      ['Product views', '1'],
      ['Added to cart', '1'],
      ['Checkout started', '1'],
      ['Purchases', '1'],
    ]) {
      await expect(funnel.getByRole('row', { name: `${label} ${count}` }).count()).resolves.toBe(1);
    }
  });

  it('records related-product and reviews events from the product page markup', async () => {
    const page = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    const events: string[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/events/RecordEvent')) return;
      events.push(new URLSearchParams(request.postData() ?? '').get('event') ?? '');
    });
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await expect.poll(() => events).toContain('VisitPDP');
    expect(events).not.toContain('RelatedProductDisplay');
    await page.locator('[data-related-products]').scrollIntoViewIfNeeded();
    await expect.poll(() => events).toContain('RelatedProductDisplay');
    // The reviews' markup needs only the two attributes.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<button type="button" data-reviews-tab>Reviews</button><a href="#reviews" data-reviews-anchor>4.8</a>',
      );
    });
    await page.locator('[data-reviews-tab]').click();
    await page.locator('[data-reviews-anchor]').click();
    await expect
      .poll(() => events)
      .toEqual(expect.arrayContaining(['ReviewsTab', 'ReviewsVitalsAnchorLink']));
    await page.locator('[data-related-item] a').first().click();
    await expect.poll(() => events).toContain('RelatedProductClick');
    expect(events.filter((e) => e === 'RelatedProductDisplay')).toHaveLength(1);
    await page.context().close();
  });

  it('the cart page reads /api/context/config; its failure is reported once and the page goes on', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    const page = await context.newPage();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/context/config'));
    await page.goto(`${server.url}/cart`);
    expect((await answered).status()).toBe(200);

    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events/RecordJavascriptErrors'))
        reports.push(request.postData() ?? '');
    });
    await page.route('**/api/context/config', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.reload();
    await page.locator('[data-island="CartPage"][data-island-mounted]').waitFor({ state: 'attached' });
    await expect.poll(() => reports.length, { timeout: WAIT_MS }).toBe(1);
    expect(JSON.parse(reports[0]).map((r: { message: string }) => r.message)).toEqual([
      'Site config: HTTP Status 503',
    ]);
    await context.close();
  });

  it('drops a headless browser as a bot', async () => {
    const bot = await (await browser.newContext()).newPage();
    await bot.goto(`${server.url}/shop/p/hand-thrown-mug`);
    await bot.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await bot.waitForTimeout(500);
    expect(views(await report(), '/shop/p/hand-thrown-mug')).toBe(0);
  });

  it('web vitals arrive when the page is hidden', async () => {
    // A page no other test opens: the related-product click above lands on the pour-over set and
    // closes it, which beacons that page's vitals whenever it painted in time.
    const page = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    await page.goto(`${server.url}/shop/p/seasonal-recipes`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    // Nothing is sent before the page goes away (the 30 s flush is far off).
    await page.waitForTimeout(500);
    expect((await report()).vitals.some((v) => v.path === '/shop/p/seasonal-recipes')).toBe(false);
    // The shopper closes the tab: the page is hidden and the beacon leaves with it.
    await page.close({ runBeforeUnload: true });
    const r = await until((x) =>
      ['FCP', 'LCP', 'CLS'].every((n) =>
        x.vitals.some((v) => v.name === n && v.path === '/shop/p/seasonal-recipes'),
      ),
    );
    const names = r.vitals.filter((v) => v.path === '/shop/p/seasonal-recipes').map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['FCP', 'LCP', 'CLS']));
  });

  it('a thrown error is reported once, and the 21st error of a page is not', async () => {
    const page = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    await page.goto(`${server.url}/shop`);
    await page.locator('[data-island-mounted]').first().waitFor();
    const throwErrors = (from: number, to: number) =>
      page.evaluate(
        ([a, b]) => {
          for (let i = a; i <= b; i++)
            setTimeout(() => {
              throw new Error(i === 1 ? 'e2e first error' : 'e2e later error');
            });
        },
        [from, to],
      );
    await throwErrors(1, 1);
    const first = await until((x) => x.errors.some((e) => e.key.includes('e2e first error')));
    expect(first.errors.find((e) => e.key.includes('e2e first error'))?.count).toBe(1);
    // 2–10 fill the queue; once sent, 11–20 fill it again; the 21st is over the page's 20.
    await throwErrors(2, 10);
    await until((x) => (x.errors.find((e) => e.key.includes('e2e later error'))?.count ?? 0) >= 9);
    await throwErrors(11, 20);
    await until((x) => (x.errors.find((e) => e.key.includes('e2e later error'))?.count ?? 0) >= 19);
    await throwErrors(21, 21);
    await page.waitForTimeout(2000);
    const r = await report();
    expect(r.errors.find((e) => e.key.includes('e2e first error'))?.count).toBe(1);
    expect(r.errors.find((e) => e.key.includes('e2e later error'))?.count).toBe(19);
  });

  it('a viewer is counted, an admin is not, and the owner area never is', async () => {
    const viewer = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    await signIn(viewer, server.url, 'viewer@example.com', PASSWORD);
    await viewer.goto(`${server.url}/shop/p/beeswax-taper-candles`);
    await viewer.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await owner.goto(`${server.url}/shop/p/walnut-serving-board`);
    await owner.locator('.product-summary').waitFor();
    await owner.goto(`${server.url}/config/analytics`);
    await owner.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    const r = await until((x) => views(x, '/shop/p/beeswax-taper-candles') >= 1);
    expect(views(r, '/shop/p/beeswax-taper-candles')).toBe(1);
    await owner.waitForTimeout(500);
    const after = await report();
    expect(views(after, '/shop/p/walnut-serving-board')).toBe(0);
    expect(after.topPages.filter((p) => p.key.startsWith('/config'))).toEqual([]);
  });
});
