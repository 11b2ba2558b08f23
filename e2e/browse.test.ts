import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors, tabUntil } from './support/shopper.js';

const PHONE = { width: 390, height: 844 };

/** The prices on the list's cards, in order, as numbers of dollars (a sale card: its sale price). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .locator('.product-grid .product-card')
    .evaluateAll((cards) =>
      cards.map(
        (c) =>
          (c.querySelector('.product-price-sale') ?? c.querySelector('.product-price'))?.textContent ?? '',
      ),
    );
  return texts.map((t) => Number(/\$([\d,.]+)/.exec(t)?.[1].replace(/,/g, '') ?? Number.NaN));
}

const cardTitles = (page: Page) => page.locator('.product-grid .product-card-title').allTextContents();

describe('finding and looking at products in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  it('filters by category and tag, sorts and pages the list with JavaScript off, all in the URL', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop`);
    // Eight a page: the demo's eleven products make two.
    await expect(page.locator('.product-grid .product-card').count()).resolves.toBe(8);
    await expect(page.locator('.product-count').textContent()).resolves.toBe('11 products');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.locator('[aria-current="page"]').textContent()).resolves.toBe('1');
    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/shop?page=2');
    await expect(page.locator('.product-grid .product-card').count()).resolves.toBe(3);
    await expect(pages.getByRole('link', { name: 'Previous' }).getAttribute('href')).resolves.toBe('/shop');

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Kitchen' }).click();
    await page.waitForURL('**/shop?category=Kitchen');
    await expect(cardTitles(page)).resolves.toEqual([
      'Stoneware Pour-Over Set',
      'Hand-Thrown Mug',
      'Engraved Walnut Serving Board',
    ]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Shop: Kitchen');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.locator('li').allTextContents()).resolves.toEqual(['Home', 'Shop', 'Kitchen']);
    await expect(pages.count()).resolves.toBe(0);

    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The form sends its empty price boxes too; the links the page writes leave them out.
    await page.waitForURL('**/shop?category=Kitchen&minPrice=&maxPrice=&sort=price-desc');
    const prices = await cardPrices(page);
    expect(prices).toHaveLength(3);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // A tag keeps the category and the sort; a mismatch says so and offers the way back.
    await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: 'made to order' }).click();
    await page.waitForURL('**/shop?category=Kitchen&tag=made+to+order&sort=price-desc');
    await expect(cardTitles(page)).resolves.toEqual(['Engraved Walnut Serving Board']);
    await page.goto(`${server.url}/shop?category=Apparel&tag=recipes`);
    await expect(page.locator('.product-list-empty').textContent()).resolves.toContain(
      'No products match these filters.',
    );
    await page.getByRole('link', { name: 'Show all products' }).click();
    await page.waitForURL('**/shop');

    await page.goto(`${server.url}/shop?sort=price-asc&page=2`);
    const all = await cardPrices(page);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    await context.close();
  });

  it('filters by a price range with JavaScript off, with the category and sort, and says what is wrong with one', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop?category=Kitchen`);
    await page.getByLabel('Lowest price').fill('40');
    await page.getByLabel('Highest price').fill('$60');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/shop?category=Kitchen&minPrice=40&maxPrice=%2460&sort=featured');
    // The pour-over set costs $64, on sale at $48: the price paid counts.
    await expect(cardTitles(page)).resolves.toEqual([
      'Stoneware Pour-Over Set',
      'Engraved Walnut Serving Board',
    ]);
    await expect(page.locator('.product-count').textContent()).resolves.toBe(
      '2 products · $40.00 – $60.00 · Clear filters',
    );
    await expect(page.getByLabel('Lowest price').inputValue()).resolves.toBe('40.00');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Shop: Kitchen');

    // Across the shop, sorted: a product matches when any of its variants is in range.
    await page.goto(`${server.url}/shop?minPrice=30&maxPrice=40&sort=price-asc`);
    await expect(cardTitles(page)).resolves.toEqual([
      'Loose Leaf Tea',
      "Kitchen Notes: Members' Archive",
      'Hand-Thrown Mug',
    ]);

    await page.getByLabel('Lowest price').fill('50');
    await page.getByLabel('Highest price').fill('ten');
    await page.getByRole('button', { name: 'Apply' }).click();
    const error = page.getByRole('alert');
    await expect(error.textContent()).resolves.toBe('Enter prices as numbers, such as 10 or 24.99.');
    await expect(page.getByLabel('Highest price').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Highest price').inputValue()).resolves.toBe('ten');
    // Nothing is hidden by a range that cannot be read.
    await expect(page.locator('.product-count').textContent()).resolves.toBe('11 products');
    await page.getByLabel('Highest price').fill('20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(error.textContent()).resolves.toBe(
      'The lowest price is above the highest price. Swap them or change one.',
    );
    await page.getByLabel('Highest price').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.product-count').textContent()).resolves.toMatch(
      /^\d+ products? · from \$50\.00 · Clear filters$/,
    );
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL('**/shop?sort=price-asc');
    await expect(page.locator('.product-count').textContent()).resolves.toBe('11 products');
    await context.close();
  });

  it('shows the chosen variant’s image, with breadcrumbs and related products beside it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.locator('li').allTextContents()).resolves.toEqual([
      'Home',
      'Shop',
      'Apparel',
      'Linen Field Shirt',
    ]);
    const related = page.locator('.related-products .product-card-title');
    await expect(related.first().textContent()).resolves.toBeTruthy();
    await expect(related.allTextContents()).resolves.not.toContain('Linen Field Shirt');

    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('link');
    await expect(thumbs.count()).resolves.toBe(3);
    const strip = page.locator('.product-gallery-strip');
    const shownIndex = () => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
    // The gallery's script comes with the first choice: no waiting for it.
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Color').selectOption('Oat');
    await expect.poll(shownIndex).toBe(1);
    await expect.poll(() => thumbs.nth(1).getAttribute('aria-current')).toBe('true');
    await expect(page.locator('.product-gallery-slide').nth(1).locator('img').isVisible()).resolves.toBe(
      true,
    );

    await page.getByLabel('Color').selectOption('Sage');
    await expect.poll(shownIndex).toBe(0);
    await expect.poll(() => thumbs.nth(0).getAttribute('aria-current')).toBe('true');
    await expect(thumbs.nth(1).getAttribute('aria-current')).resolves.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the zoom lightbox by keyboard: arrows step, Tab stays inside, Esc closes and gives focus back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    const first = page.getByRole('link', { name: 'Enlarge Image 1 of 3' });
    await tabUntil(page, first);
    // Focus reaching the gallery brings its script, and with it the buttons.
    await page.locator('.product-gallery-next:not([hidden])').waitFor();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Product images' });
    await dialog.waitFor();
    const count = dialog.locator('.lightbox-count');
    await expect(count.textContent()).resolves.toBe('1 / 3');
    await expect(
      dialog.getByRole('button', { name: 'Close' }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(count.textContent()).resolves.toBe('2 / 3');
    await expect(dialog.locator('img').getAttribute('src')).resolves.toContain('linen-field-shirt-oat');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(count.textContent()).resolves.toBe('3 / 3');

    // Focus is contained: Tab and Shift+Tab go round the dialog's buttons only.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(dialog.evaluate((d) => d.contains(document.activeElement))).resolves.toBe(true);
    }

    const zoom = dialog.getByRole('button', { name: 'Zoom' });
    await zoom.focus();
    await page.keyboard.press('Enter');
    await expect(zoom.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(dialog.locator('.lightbox-stage.is-zoomed').count()).resolves.toBe(1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(first.evaluate((a) => a === document.activeElement)).resolves.toBe(true);
    // The page's gallery shows the image the shopper closed on.
    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('link');
    await expect.poll(() => thumbs.nth(2).getAttribute('aria-current')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('swipes through the images and the lightbox on a touch phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/beeswax-taper-candles`);
    const strip = page.locator('.product-gallery-strip');
    // A swipe starts with a touch, which brings the gallery's script.
    await strip.dispatchEvent('touchstart');
    await page.locator('.product-gallery-next:not([hidden])').waitFor();
    // The strip scrolls sideways by itself (a swipe), snapping to each image.
    await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: 'instant' }));
    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('link');
    await expect.poll(() => thumbs.nth(1).getAttribute('aria-current')).toBe('true');

    await page.getByRole('link', { name: 'Enlarge Image 2 of 3' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Product images' });
    await dialog.waitFor();
    const stage = dialog.locator('.lightbox-stage');
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    // A leftward swipe shows the next image.
    await stage.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + 300, clientY: y });
    await stage.dispatchEvent('pointerup', { pointerType: 'touch', clientX: box.x + 100, clientY: y });
    await expect(dialog.locator('.lightbox-count').textContent()).resolves.toBe('3 / 3');
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers a menu button on a phone that opens the navigation, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/shop`);
      const header = page.locator('.site-header');
      // One row: title, cart and the menu button; the links wait in the menu.
      const height = (await header.boundingBox())!.height;
      expect(height).toBeLessThan(90);
      await expect(header.getByRole('link', { name: 'Journal' }).count()).resolves.toBe(0);
      const menu = page.locator('summary.site-menu-button');
      await expect(menu.isVisible()).resolves.toBe(true);
      await expect(menu.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)).resolves.toBe(false);

      await tabUntil(page, menu);
      await page.keyboard.press('Enter');
      const panel = page.getByRole('navigation', { name: 'Main' });
      await expect(panel.getByRole('link', { name: 'Journal' }).isVisible()).resolves.toBe(true);
      await expect(panel.getByRole('link', { name: 'Shop' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );
      await panel.getByRole('link', { name: 'Journal' }).click();
      await page.waitForURL('**/journal');
      await context.close();
    }
    // A desktop shows the links in the header and no menu button.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop`);
    await expect(page.locator('summary.site-menu-button').isVisible()).resolves.toBe(false);
    await expect(
      page.locator('.site-header').getByRole('link', { name: 'Journal' }).isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });

  it('closes the announcement for good with its button, and links the policies from the footer', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop`);
    const bar = page.getByRole('region', { name: 'Announcement' });
    await expect(bar.textContent()).resolves.toContain('Free standard shipping on orders over $75');
    await bar.getByRole('button', { name: 'Close announcement' }).click();
    await page.waitForURL('**/shop');
    await expect(bar.count()).resolves.toBe(0);
    await page.goto(`${server.url}/cart`);
    await expect(bar.count()).resolves.toBe(0);

    const footer = page.locator('footer.site-footer');
    const policies = footer.getByRole('navigation', { name: 'Policies' });
    await expect(policies.getByRole('link').allTextContents()).resolves.toEqual([
      'Shipping',
      'Returns',
      'Privacy',
      'Terms',
    ]);
    await expect(
      footer.getByRole('link', { name: 'hello@juniper-oak.example' }).getAttribute('href'),
    ).resolves.toBe('mailto:hello@juniper-oak.example');
    await expect(
      footer.getByRole('link', { name: 'Instagram: juniperandoak' }).getAttribute('href'),
    ).resolves.toBe('https://www.instagram.com/juniperandoak');
    await policies.getByRole('link', { name: 'Returns' }).click();
    await page.waitForURL('**/returns');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Returns and exchanges',
    );
    // Policy pages are not in the header.
    await expect(page.locator('.site-header').getByRole('link', { name: 'Returns' }).count()).resolves.toBe(
      0,
    );
    await context.close();
  });
});
