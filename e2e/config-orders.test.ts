import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';

const PASSWORD = 'correct-horse-battery';

/** Tabs forward until the element with this id has focus, as a keyboard user would. */
async function tabTo(page: Page, id: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** The .eml files the server wrote (no SMTP_URL: DATA_DIR/outbox-mail), waiting for `count` that match. */
async function mailsMatching(dataDir: string, pattern: RegExp, count: number): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox-mail');
  const deadline = Date.now() + 20_000;
  let found: string[] = [];
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    found = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).filter((m) => pattern.test(m));
    if (found.length >= count) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return found;
}

/** Issue 11: a shopper's order, then the owner's Orders screen and the other store screens in Chromium, by keyboard. */
describe('the owner’s orders and store screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'billing@example.com', 'billing', PASSWORD);
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

  async function buyShirt(page: Page, email: string): Promise<string> {
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-summary').getByLabel('Size').selectOption('S');
    await page.locator('.product-summary').getByLabel('Color').selectOption('Sage');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${server.url}/commerce/goto-checkout`);
    await page.locator('form.checkout-form').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('Country').selectOption('US');
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
    return ((await page.locator('.order-number strong').textContent()) ?? '').trim();
  }

  it('shows a shopper’s order; the owner refunds part of it and fulfils it by keyboard, and both emails go out', async () => {
    const shop = await newPage();
    const orderId = await buyShirt(shop, 'refund-me@example.com');
    // The shopper and the owner know the order by its friendly number.
    expect(orderId).toMatch(/^#10\d\d$/);
    await context.close();

    const page = await newPage();
    await signIn(page, server.url, 'billing@example.com', PASSWORD);
    // Orders by keyboard: its link in the navigation.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: orderId }).waitFor();

    // Search by the shopper's email, from the keyboard.
    await page.getByLabel('Search').focus();
    await page.keyboard.type('refund-me@');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=refund-me/);
    await expect(
      page.getByRole('table', { name: 'Orders' }).getByRole('link').allTextContents(),
    ).resolves.toEqual([orderId]);

    await page.getByRole('link', { name: orderId }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Order ${orderId}` });
    await drawer.getByRole('cell', { name: 'Linen Field Shirt' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/orders\/o_/);
    await expect(drawer.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);

    // A part refund: the amount, then Enter submits.
    await tabTo(page, 'refund-amountCents');
    await page.keyboard.type('10.00');
    await page.keyboard.press('Enter');
    await drawer.getByText('Refunded; the shopper is emailed.').waitFor();
    await drawer.getByRole('listitem').filter({ hasText: '$10.00' }).waitFor();
    await expect(drawer.getByText('Partly refunded').count()).resolves.toBe(1);

    // The fulfilment: carrier and tracking number typed, Enter submits.
    await tabTo(page, 'fulfil-carrier');
    await page.keyboard.type('UPS');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1Z999AA10123456784');
    await page.keyboard.press('Enter');
    await drawer.getByText('Marked fulfilled; the shopper is emailed.').waitFor();
    await drawer.getByRole('listitem').filter({ hasText: '1Z999AA10123456784' }).waitFor();
    await expect(drawer.getByRole('button', { name: 'Mark fulfilled' }).count()).resolves.toBe(0);

    // Escape closes the drawer back to the filtered list.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('refund-me@');

    // Both emails are in the outbox.
    const refunded = await mailsMatching(server.dataDir, new RegExp(`refunded on order ${orderId}`), 1);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatch(/To: .*refund-me@example\.com/);
    expect(refunded[0]).toContain('$10.00');
    const shipped = await mailsMatching(server.dataDir, new RegExp(`order ${orderId} is on its way`), 1);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain('1Z999AA10123456784');
  });

  it('runs the settings, discounts, shipping and tax, restock and subscriptions screens by keyboard alone', async () => {
    const page = await newPage();
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
