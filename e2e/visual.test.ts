import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { compareWithBaseline, MAX_DIFF_RATIO, UPDATING } from './support/visual.js';

/**
 * Every shopper screen on a desktop and a phone, compared with its committed baseline
 * (e2e/baselines, grey at half size) so a layout that breaks fails here. Dates and order numbers
 * are masked. After an intended change: UPDATE_BASELINES=1, then look at the new PNGs and commit.
 */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

describe.each(Object.entries(VIEWPORTS))('shopper screens on a %s', (device, viewport) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, javaScript = true): Promise<Page> {
    context = await browser.newContext({
      viewport,
      isMobile: device === 'phone',
      hasTouch: device === 'phone',
      javaScriptEnabled: javaScript,
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    if (javaScript) {
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
    }
    return page;
  }

  /** The window as the shopper sees it, dynamic parts masked, against its baseline. */
  async function expectScreen(name: string, mask: Locator[] = []) {
    await page.mouse.move(0, 0);
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', mask, maskColor: '#808080' });
    const result = compareWithBaseline(`${name}-${device}`, shot);
    expect(
      result.diffRatio,
      `${name} on a ${device} changed (${(result.diffRatio * 100).toFixed(2)}% of pixels): see ${result.diffFile ?? 'baselines'}`,
    ).toBeLessThanOrEqual(UPDATING ? 1 : MAX_DIFF_RATIO);
  }

  /** The path of the newest reviews-request link, read from the store's outbox. */
  function reviewsRequestPath(): string {
    const db = new Database(path.join(server.dataDir, 'storefront.db'), { readonly: true });
    try {
      const row = db
        .prepare("SELECT payload FROM outbox WHERE kind = 'reviews-request' ORDER BY created_at DESC LIMIT 1")
        .get() as { payload: string };
      return new URL(JSON.parse(row.payload).data.link).pathname;
    } finally {
      db.close();
    }
  }

  async function addShirt() {
    await open('/shop/p/linen-field-shirt');
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-summary').getByLabel('Size').selectOption('S');
    await page.locator('.product-summary').getByLabel('Color').selectOption('Sage');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.locator('.added-popover').waitFor();
  }

  it('product page, its added popover, and a sold-out product', async () => {
    await open('/shop/p/linen-field-shirt');
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await expectScreen('product');
    await addShirt();
    // The button's Adding… / Added! is timed: the popover is what this screen is about.
    await expectScreen('added-popover', [page.locator('.product-summary .sqs-add-to-cart-button')]);
    await context.close();
    await open('/shop/p/hand-thrown-mug');
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await expectScreen('sold-out');
    await context.close();
  });

  it('product list and quick view', async () => {
    await open('/shop');
    await expectScreen('list');
    const card = page.locator('.product-card', { hasText: 'Linen Field Shirt' });
    await card.hover();
    await card.locator('.product-quick-view-button').click();
    await page.getByRole('dialog').locator('.sqs-add-to-cart-button[data-state]').waitFor();
    await expectScreen('quick-view');
    await context.close();
  });

  it('a filtered, sorted list page; the second page; the phone menu', async () => {
    await open('/shop?category=Kitchen&sort=price-desc', false);
    await expectScreen('list-filtered');
    await page.goto(`${server.url}/shop?page=2`);
    await page.locator('.pagination').scrollIntoViewIfNeeded();
    await expectScreen('list-page-2');
    if (device === 'phone') {
      await page.goto(`${server.url}/shop`);
      await page.locator('summary.site-menu-button').click();
      await expectScreen('phone-menu');
    }
    await context.close();
  });

  it('the image lightbox, and related products with the footer', async () => {
    await open('/shop/p/linen-field-shirt');
    // The pointer over the images brings their script before the click.
    await page.locator('.product-gallery-strip').hover();
    await page.locator('.product-gallery-next:not([hidden])').waitFor();
    await page.locator('.product-gallery-open').first().click();
    await page
      .getByRole('dialog', { name: 'Product images' })
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.decode());
    await expectScreen('lightbox');
    await page.keyboard.press('Escape');
    await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
    // Lazy images in view load now: the screen is taken once they show.
    await page
      .locator('.related-products img')
      .evaluateAll((imgs: HTMLImageElement[]) => Promise.all(imgs.map((i) => i.decode().catch(() => {}))));
    await expectScreen('related-footer');
    await context.close();
  });

  it('the product form in its lightbox, with its required-field errors', async () => {
    await open('/shop/p/walnut-serving-board');
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-summary').getByLabel('Size').selectOption('Small (12 in)');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('.custom-form-submit').click();
    await dialog.getByText('Required').first().waitFor();
    await expectScreen('product-form');
    await context.close();
  });

  it('a list filtered by price, and a price range it cannot read', async () => {
    await open('/shop?category=Kitchen&minPrice=40&maxPrice=60&sort=price-asc', false);
    await expectScreen('list-price-filtered');
    await page.goto(`${server.url}/shop?minPrice=50&maxPrice=ten`);
    await expectScreen('list-price-error');
    await context.close();
  });

  it('the footer’s newsletter sign-up, and its answer in place', async () => {
    await open('/about');
    const block = page.locator('.site-footer-signup');
    await block.scrollIntoViewIfNeeded();
    await expectScreen('footer-signup');
    await block.getByLabel('Email Address').fill('visual@example.com');
    await block.getByRole('button', { name: 'Sign Up' }).click();
    await block.getByText('Check your inbox').waitFor();
    await expectScreen('footer-signup-done');
    await context.close();
  });

  it('a digital product in the cart: one licence, its quantity fixed', async () => {
    await open('/shop/p/seasonal-recipes');
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${server.url}/cart`);
    await page.locator('.cart-island[data-island-mounted] .cart-entry-quantity--fixed').waitFor();
    await expectScreen('cart-licence');
    await context.close();
  });

  it('cart, checkout and the order page', async () => {
    await open('/cart');
    await expectScreen('cart-empty');
    await context.close();
    await addShirt();
    await page.goto(`${server.url}/cart`);
    await page.locator('div.cart-entry-quantity').waitFor();
    await expectScreen('cart');
    await page.goto(`${server.url}/checkout`);
    await page.locator('form.checkout-form').waitFor();
    await expectScreen('checkout');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State', { exact: true }).selectOption('NY');
    await page.getByLabel('ZIP code', { exact: true }).fill('10001');
    await page.getByLabel('ZIP code', { exact: true }).blur();
    await page.getByRole('radio').first().waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    await expectScreen('order-confirmed', [page.locator('.order-number')]);
    await context.close();
    // The order's reviews request (the mail waits a week): its page, from the link the outbox holds.
    await open(reviewsRequestPath());
    await expectScreen('reviews-request', [page.locator('#reviews-request-title')]);
    await context.close();
  });

  it('a product\u2019s reviews', async () => {
    await open('/shop/p/stoneware-pour-over-set');
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await expectScreen('product-reviews');
    await context.close();
  });

  it('the cart without JavaScript', async () => {
    await open('/shop/p/linen-field-shirt', false);
    await page.locator('select[name="variant-option-Size"]').selectOption('S');
    await page.locator('select[name="variant-option-Color"]').selectOption('Sage');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.waitForURL('**/cart');
    await expectScreen('cart-no-js');
    await context.close();
  });

  it('the paywall page of a member area', async () => {
    await open('/members');
    await page.locator('.paywall-page').waitFor();
    await expectScreen('paywall');
    await context.close();
  });
});
