import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { buy } from './support/shopper.js';

const PASSWORD = 'a long enough password';
const META_ID = '123456789012345';
/**
 * Meta's script, stubbed (the tests reach no network): it takes over the page's `fbq` as
 * fbevents.js does, and keeps every call for the test to read.
 */
const FBEVENTS_STUB = `
  window.fbqCalls = [];
  window.fbq.callMethod = function () { window.fbqCalls.push(Array.from(arguments)); };
  window.fbq.queue.splice(0).forEach(function (args) { window.fbq.callMethod.apply(null, args); });
`;

declare global {
  interface Window {
    fbqCalls?: unknown[][];
  }
}

/** Issue 13 in Chromium: the merchant's Meta pixel receives AddToCart only once the shopper consented. */
describe('ad pixels in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  it('the owner sets the pixel and the banner; AddToCart reaches fbq after consent, never before', async () => {
    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, server.url, 'owner@example.com', PASSWORD, '/config/ad-pixels');
    await owner.getByLabel('Meta pixel id').fill(META_ID);
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Saved').waitFor();
    await owner.goto(`${server.url}/config/analytics`);
    await owner.getByLabel('Cookie consent').selectOption('banner');
    await expect.poll(() => owner.getByLabel('Cookie consent').isDisabled()).toBe(false);

    const context = await browser.newContext();
    let fetched = 0;
    await context.route('https://connect.facebook.net/**', (route) => {
      fetched += 1;
      return route.fulfill({ contentType: 'application/javascript', body: FBEVENTS_STUB });
    });
    const page: Page = await context.newPage();
    const addToCart = async () => {
      await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
      await page.locator('.product-summary').getByLabel('Size').selectOption('S');
      await page.locator('.product-summary').getByLabel('Color').selectOption('Sage');
      await page.locator('.product-summary .sqs-add-to-cart-button').click();
      await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    };

    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    const accept = page.getByRole('button', { name: 'Accept' });
    await accept.waitFor();
    await addToCart();
    expect(fetched).toBe(0);
    expect(await page.evaluate(() => typeof window.fbq)).toBe('undefined');

    await accept.click();
    await expect.poll(() => page.evaluate(() => window.fbqCalls ?? [])).toContainEqual(['init', META_ID]);
    expect(fetched).toBe(1);
    // Nothing from before the answer is sent afterwards.
    expect(await page.evaluate(() => window.fbqCalls)).not.toContainEqual(
      expect.arrayContaining(['AddToCart']),
    );
    await page.reload();
    await addToCart();
    await expect
      .poll(() => page.evaluate(() => window.fbqCalls ?? []))
      .toContainEqual(['track', 'AddToCart', expect.objectContaining({ content_type: 'product' })]);
  });

  it('a consenting shopper’s sign-up sends CompleteRegistration once, and an order its Purchase with the subtotal', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'sf_consent', value: 'accepted', url: server.url }]);
    await context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: FBEVENTS_STUB }),
    );
    const page = await context.newPage();
    const tracked = (name: string) =>
      page.evaluate((n) => (window.fbqCalls ?? []).filter((c) => c[0] === 'track' && c[1] === n), name);

    await page.goto(`${server.url}/account`);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await form.getByLabel('Email').fill('pixel-shopper@example.com');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Signed in as pixel-shopper@example.com').waitFor();
    await expect.poll(() => tracked('CompleteRegistration')).toEqual([['track', 'CompleteRegistration', {}]]);
    // Signed in already: the next page sends no second one.
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.fbqCalls ?? [])).toContainEqual(['init', META_ID]);
    expect(await tracked('CompleteRegistration')).toEqual([]);

    await buy(
      page,
      server.url,
      '/shop/p/linen-field-shirt',
      { Size: 'S', Color: 'Sage' },
      'pixel-shopper@example.com',
    );
    const subtotal = await page
      .locator('.order-totals dt', { hasText: 'Subtotal' })
      .locator('+ dd')
      .textContent();
    const orderId = new URL(page.url()).pathname.split('/').filter(Boolean)[2];
    const currency = await page.evaluate(
      () => JSON.parse(document.getElementById('sf-context')?.textContent ?? '{}').currency,
    );
    await expect
      .poll(() => tracked('Purchase'))
      .toEqual([
        [
          'track',
          'Purchase',
          { value: Number((subtotal ?? '').replace(/[^\d.]/g, '')), currency },
          { eventID: orderId },
        ],
      ]);
    await context.close();
  });
});
