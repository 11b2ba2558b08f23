import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors, tabTo } from './support/shopper.js';

const PASSWORD = 'correct-horse-battery';

/**
 * Issue 11: the owner's store screens in Chromium, by keyboard (a shopper's order of a product the
 * owner made, refunded and fulfilled, is in config.test.ts).
 */
describe('the owner’s orders and store screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'viewer@example.com', 'viewer', PASSWORD);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });
  afterEach(async () => {
    await context?.close();
  });

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    return context.newPage();
  }

  it('runs the settings, discounts, shipping and tax, restock and subscriptions screens by keyboard alone', async () => {
    const page = await newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, 'owner@example.com', PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const open = async (link: string, heading: string) => {
      await nav.getByRole('link', { name: link }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };

    // Settings: a store setting toggled with Space, saved with Enter.
    await open('Settings', 'Settings');
    const lightCart = page.getByLabel('Use the light cart');
    const before = await lightCart.isChecked();
    await lightCart.focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Public address').focus();
    await page.keyboard.type('https://shop.example.com/');
    await page.keyboard.press('Enter');
    await page.getByText('Saved').waitFor();
    await expect(page.getByLabel('Use the light cart').isChecked()).resolves.toBe(!before);
    await expect(page.getByLabel('Public address').inputValue()).resolves.toBe('https://shop.example.com');

    // Discounts: a new coupon, a refused value first, then saved.
    await open('Discounts', 'Discounts');
    await page.getByRole('link', { name: 'New coupon' }).focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'New coupon' });
    await editor.waitFor();
    await tabTo(page, 'coupon-code');
    await page.keyboard.type('KEYS15');
    await tabTo(page, 'coupon-percent');
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await editor.getByText('Must be at most 100').waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('15');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'KEYS15' }).waitFor();

    // Shipping and tax: a tax rule opened and closed again.
    await open('Shipping and tax', 'Shipping and tax');
    await page.getByRole('link', { name: 'Illinois sales tax' }).focus();
    await page.keyboard.press('Enter');
    const rule = page.getByRole('dialog', { name: 'Illinois sales tax' });
    await expect(rule.getByLabel('Rate (%)').inputValue()).resolves.toBe('6.25');
    await page.keyboard.press('Escape');
    await rule.waitFor({ state: 'detached' });

    // Restock and subscriptions open from the navigation.
    await open('Restock', 'Restock');
    await page.getByText('Nobody is waiting.').waitFor();
    await open('Subscriptions', 'Subscriptions');
    await page.getByRole('table', { name: 'Subscriptions' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps Orders out of a viewer’s navigation and closed at its address', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'viewer@example.com', PASSWORD);
    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).not.toContain('Orders');
    await page.goto(`${server.url}/config/orders`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'You do not have permission to do that.',
    );
  });
});
