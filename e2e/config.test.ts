import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';

const PASSWORD = 'correct-horse-battery';

/** Issue 11: the owner's area at /config in Chromium, with contributors made by the CLI. */
describe('the owner’s area in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
    addContributor(server.dataDir, 'manager@example.com', 'store manager', PASSWORD);
    addContributor(server.dataDir, 'viewer@example.com', '10', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    return context.newPage();
  }

  const navLinks = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

  it('shows a signed-out visitor the sign-in at any /config address, then takes them there', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/config/inventory`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/sign-in');
    await expect(page.title()).resolves.toMatch(/^Owner’s area/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Wrong email or password.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/inventory');
  });

  it('lets the first admin, made with the CLI, sign in by keyboard alone and sign out', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/config`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('f-email');
    await page.keyboard.type('owner@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Restock',
      'Analytics',
      'Orders',
      'Subscriptions',
      'Discounts',
      'Shipping and tax',
      'Settings',
      'Contributors',
      'Audit log',
    ]);

    // The skip link is the first stop and lands in the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(skip.boundingBox().then((b) => (b?.x ?? -1) >= 0)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('cfg-main');

    // Contributors by keyboard: its link, then the table.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contributors' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Contributors' }).waitFor();
    await page.getByRole('cell', { name: 'manager@example.com' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${server.url}/config/contributors`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('keeps contributors closed to a store manager, in the navigation and at its address', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'manager@example.com', PASSWORD);
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Restock',
      'Orders',
      'Subscriptions',
      'Discounts',
      'Shipping and tax',
      'Settings',
    ]);
    await page.goto(`${server.url}/config/contributors`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'You do not have permission to do that.',
    );
    const status = await page.evaluate(async () => (await fetch('/api/config/contributors')).status);
    expect(status).toBe(403);
  });

  it('folds the navigation under a Menu button on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, server.url, 'owner@example.com', PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Contributors' }).click();
    await page.getByRole('heading', { name: 'Contributors' }).waitFor();
    await expect(nav.isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('lets the admin create a physical product with two options, upload its image, publish it, and shoppers see it', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/products');
    await page.getByRole('link', { name: 'New product' }).click();
    const editor = page.getByRole('dialog', { name: 'New product' });
    await editor.getByLabel('Name', { exact: true }).fill('Alpaca Scarf');
    await editor.getByLabel('Price of Default', { exact: true }).fill('38.00');
    await editor.getByRole('button', { name: 'Add option' }).click();
    await editor.getByLabel('Option 1 name').fill('Color');
    await editor.getByLabel('Option 1 values').fill('Rust, Moss');
    await editor.getByRole('button', { name: 'Add option' }).click();
    await editor.getByLabel('Option 2 name').fill('Size');
    await editor.getByLabel('Option 2 values').fill('S, L');
    const rows = editor.getByRole('table', { name: 'Variants' }).getByRole('rowheader');
    await rows.nth(3).waitFor();
    await expect(rows.allTextContents()).resolves.toEqual(['Rust / S', 'Rust / L', 'Moss / S', 'Moss / L']);
    for (const variant of ['Rust / S', 'Rust / L', 'Moss / S', 'Moss / L']) {
      await editor.getByLabel(`Stock of ${variant}`).fill('5');
    }
    await expect(editor.getByLabel('Price of Moss / L', { exact: true }).inputValue()).resolves.toBe('38.00');

    const picture = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 170, g: 90, b: 50 } },
    })
      .jpeg()
      .toBuffer();
    await editor
      .getByLabel('Add images')
      .setInputFiles({ name: 'scarf.jpg', mimeType: 'image/jpeg', buffer: picture });
    await editor.getByLabel('Alt text').fill('A rust alpaca scarf, folded');
    await editor.getByLabel('Focal point across (%)').fill('30');
    await editor.getByRole('button', { name: 'Save' }).click();

    const saved = page.getByRole('dialog', { name: 'Alpaca Scarf' });
    await saved.getByRole('button', { name: 'Publish' }).click();
    await saved.getByRole('button', { name: 'Unpublish' }).waitFor();
    const href = await saved.getByRole('link', { name: 'View in store' }).getAttribute('href');
    expect(href).toMatch(/^\/[a-z0-9-]+\/p\/alpaca-scarf$/);

    // The storefront shows it on the next request, its picture in the resized widths.
    const store = await context.newPage();
    await store.goto(`${server.url}${href}`);
    await expect(store.locator('h1').first().textContent()).resolves.toContain('Alpaca Scarf');
    const image = store.locator('.product-gallery img').first();
    await expect(image.getAttribute('alt')).resolves.toBe('A rust alpaca scarf, folded');
    const srcset = (await image.getAttribute('srcset')) ?? '';
    for (const width of ['100w', '300w', '500w', '750w', '1000w']) expect(srcset).toContain(width);
    const first = srcset.split(',')[0].trim().split(' ')[0];
    expect((await store.request.get(new URL(first, server.url).href)).headers()['content-type']).toMatch(
      /^image\//,
    );
    await expect(store.getByRole('combobox', { name: 'Color' }).count()).resolves.toBe(1);
  });

  it('lets a viewer open products and inventory but change nothing', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'viewer@example.com', PASSWORD, '/config/products');
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Analytics',
      'Discounts',
      'Shipping and tax',
      'Settings',
    ]);
    await expect(page.getByRole('link', { name: 'New product' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Linen Field Shirt' }).click();
    const editor = page.getByRole('dialog', { name: 'Linen Field Shirt' });
    await expect(editor.getByLabel('Name', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(editor.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(editor.getByRole('button', { name: 'Unpublish' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/config/products');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('cell', { name: 'JO-SHIRT-S-SAGE' }).waitFor();
    await expect(page.getByRole('spinbutton').count()).resolves.toBe(0);
    const status = await page.evaluate(async () => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      const response = await fetch('/api/config/inventory', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify({ changes: [{ sku: 'JO-SHIRT-S-SAGE', set: 1 }] }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('runs the products screen by keyboard alone: search, open a product, close it', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'manager@example.com', PASSWORD, '/config/products');
    await page.getByRole('link', { name: 'Linen Field Shirt' }).waitFor();
    // Tab from the top: skip link, Menu-less header controls, navigation, then the screen.
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'products-search');
    }
    expect(reached).toBe(true);
    await page.keyboard.type('mug');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Linen Field Shirt' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('search')).toBe('mug');
    const link = page.getByRole('link', { name: 'Hand-Thrown Mug' });
    await link.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Hand-Thrown Mug' });
    await editor.waitFor();
    await expect(editor.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('search')).toBe('mug');
    await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The type filter by keyboard.
    await page.getByLabel('Type').focus();
    await page.getByLabel('Type').selectOption('3');
    await page.getByRole('link', { name: 'Hand-Thrown Mug' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('3');
  });
});
