import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors } from './support/shopper.js';

const SERVER_BIN = new URL('../packages/server/bin/storefront.ts', import.meta.url).pathname;
const DEMO_STORE = new URL('../packages/server/seed/demo-store.json', import.meta.url).pathname;

/** The demo store plus a donation, imported the way a merchant imports a catalog. */
function importWithDonation(dataDir: string): void {
  const demo = JSON.parse(fs.readFileSync(DEMO_STORE, 'utf8'));
  demo.products.push({
    id: 'library-fund',
    collectionId: 'shop',
    urlSlug: 'library-fund',
    name: 'Library Fund',
    productType: 3,
    description: '<p>Help us keep the reading corner stocked.</p>',
    donation: { minCents: 500, maxCents: 100_000, presetsCents: [1000, 2500, 5000] },
    variants: [{ sku: 'LIBRARY-FUND', price: '0.00', unlimited: true }],
  });
  const file = path.join(dataDir, 'with-donation.json');
  fs.writeFileSync(file, JSON.stringify(demo));
  execFileSync(
    process.execPath,
    ['--conditions=storefront-source', '--import', 'tsx', SERVER_BIN, 'import', file],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
  );
}

/** Issue 15: a donation of a typed amount is paid and confirmed. */
describe('donations in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    importWithDonation(server.dataDir);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await context?.close();
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  it('a visitor types an amount: checked in the page, carried to checkout, paid and confirmed (204)', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/shop/p/library-fund`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await expect(page.locator('.product-donation-range').textContent()).resolves.toBe(
      'Give from $5.00 to $1,000.00.',
    );
    const amount = page.getByLabel('Amount');
    await amount.fill('2');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page
      .locator('.product-form-message', { hasText: 'The smallest amount you can give is $5.00.' })
      .waitFor();
    await expect(amount.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await amount.fill('$27.50');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();

    await page.goto(`${server.url}/cart`);
    await page.locator('.cart-checkout-button').click();
    await page.waitForURL('**/checkout');
    await page.locator('form.checkout-form').waitFor();
    await expect(page.locator('.checkout-summary').textContent()).resolves.toContain('$27.50');
    await page.getByLabel('Email').fill('giver@example.com');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/confirmation\?token=/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Thank you for your contribution',
    );
    await expect(page.locator('body').getAttribute('class')).resolves.toContain('page-type-204');
    await expect(page.locator('.order-intro').textContent()).resolves.toContain('$27.50');
    expect(errors).toEqual([]);
  });
});
