import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../packages/server/test/support/app.js';
import { addContentCollections, addItem } from '../packages/server/test/support/content.js';
import { cspViolations, launchChromium } from './support/browser.js';

const images = ['a', 'b', 'c'].map((n) => ({
  assetUrl: `/assets/demo/${n === 'a' ? 'hand-thrown-mug' : n === 'b' ? 'gift-card' : 'loose-leaf-tea'}.svg`,
  altText: `Image ${n.toUpperCase()}`,
  caption: `Caption ${n.toUpperCase()}`,
}));

/**
 * Issue 16: each gallery design renders with its options, and the lightbox works by keyboard
 * alone (open with Enter, arrows, focus kept inside, Escape gives focus back).
 */
describe('galleries in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await addContentCollections(t);
    await addItem(t, {
      collectionId: 'about',
      title: 'Our work',
      blocks: [
        { type: 8, images, options: { 'thumbnails-per-row': 3, padding: 12, lightboxTheme: 'light' } },
        { type: 8, images, options: { design: 'slideshow', 'thumbnail-strip-height': 60 } },
        { type: 8, images, options: { design: 'slider', lightbox: false } },
        { type: 8, images, options: { design: 'stacked', 'show-meta': false } },
      ],
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders each design with its options', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/about`);
    const grid = page.locator('#gallery-1');
    expect(await grid.getAttribute('class')).toContain('gallery-design-grid gallery-columns-3');
    // The island sets the exact padding: the gap between the grid's images.
    await expect
      .poll(() => grid.locator('.gallery-items').evaluate((el) => getComputedStyle(el).columnGap))
      .toBe('12px');
    expect(
      await grid
        .locator('.gallery-items')
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length),
    ).toBe(3);
    const slideshow = page.locator('#gallery-2');
    expect(await slideshow.locator('.gallery-strip li').count()).toBe(3);
    expect(await slideshow.locator('.gallery-strip').evaluate((el) => getComputedStyle(el).height)).toBe(
      '60px',
    );
    await slideshow.getByRole('button', { name: 'Next image' }).click();
    await expect
      .poll(() => slideshow.locator('.gallery-strip a[aria-current="true"]').getAttribute('aria-label'))
      .toBe('Show image 2 of 3');
    expect(await page.locator('#gallery-3').getAttribute('class')).toContain('gallery-design-slider');
    expect(await page.locator('#gallery-4 .gallery-meta').first().isVisible()).toBe(false);
    // Images below the first screen wait until they are near (lazy).
    expect(await page.locator('#gallery-4 img').first().getAttribute('loading')).toBe('lazy');
    expect(await page.locator('#gallery-1 img').first().getAttribute('loading')).toBe(null);
    await context.close();
  });

  it('opens the lightbox by keyboard, moves with the arrows, keeps focus inside and gives it back', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/about`);
    // Until the island runs, the link is a plain link to the image (Enter would open the file):
    // it has run once it set the gallery's sizes.
    await expect
      .poll(() => page.locator('#gallery-1').evaluate((el) => (el as HTMLElement).style.length))
      .toBeGreaterThan(0);
    const first = page.locator('#gallery-1 a.gallery-link').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('lightbox-light');
    expect(await dialog.locator('.lightbox-count').textContent()).toBe('Image 1 of 3');
    expect(await dialog.locator('img').getAttribute('alt')).toBe('Image A');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.locator('.lightbox-count').textContent()).toBe('Image 2 of 3');
    expect(await dialog.locator('.lightbox-caption').textContent()).toBe('Caption B');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.locator('.lightbox-count').textContent()).toBe('Image 3 of 3');
    // Tab goes round the dialog's buttons and never leaves it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('1');

    // A swipe on a touch screen turns the image.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog
      .locator('.lightbox-stage')
      .dispatchEvent('touchstart', { touches: [{ identifier: 0, clientX: 300, clientY: 400 }] });
    await dialog
      .locator('.lightbox-stage')
      .dispatchEvent('touchend', { changedTouches: [{ identifier: 0, clientX: 100, clientY: 400 }] });
    expect(await dialog.locator('.lightbox-count').textContent()).toBe('Image 2 of 3');
    expect(cspViolations(browser)).toEqual([]);
    await context.close();
  });
});
