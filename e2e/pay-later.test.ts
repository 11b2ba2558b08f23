import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors } from './support/shopper.js';

const PASSWORD = 'correct-horse-battery';

/** Issue 15: a pay-later order goes pending, then paid once the provider approves the plan. */
describe('pay-later at checkout in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  }

  async function ownersStatusOf(owner: Page, email: string): Promise<string> {
    await owner.goto(`${server.url}/config/orders?q=${encodeURIComponent(email)}`);
    const table = owner.getByRole('table', { name: 'Orders' });
    await table.getByRole('link').first().waitFor();
    const rows = table.getByRole('row').filter({ hasText: email });
    return (await rows.first().textContent()) ?? '';
  }

  it('a shopper pays in 4: the order is pending, then paid, on the order page and the owner’s orders', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    // The product page promises the provider checkout offers.
    await page.locator('.installments-pill', { hasText: 'Afterpay' }).waitFor();
    await page.locator('.product-summary').getByLabel('Size').selectOption('S');
    await page.locator('.product-summary').getByLabel('Color').selectOption('Sage');
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${server.url}/checkout`);
    await page.locator('form.checkout-form').waitFor();

    await page.getByLabel('Email').fill('paylater@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State', { exact: true }).selectOption('NY');
    await page.getByLabel('ZIP code', { exact: true }).fill('10001');
    await page.getByLabel('ZIP code', { exact: true }).blur();
    // Priced for the address: its shipping options are offered.
    await page.locator('.checkout-shipping-option input').first().waitFor();
    await page.getByRole('radio', { name: /Afterpay/ }).check();
    // No card is asked for: the plan is shown instead.
    await expect(page.getByLabel('Card number').count()).resolves.toBe(0);
    await expect(page.locator('.checkout-pay-later-schedule li').count()).resolves.toBe(4);
    await page.getByRole('button', { name: 'Place order' }).click();

    // The provider's approval page.
    await page.waitForURL(/\/checkout\/pay-later\/test\/tpl_/);
    await page.getByRole('heading', { level: 1, name: 'Pay in 4 with Afterpay' }).waitFor();
    const approval = page.url();

    // Left without deciding, the order is pending on its page and in the owner's orders.
    await page.getByRole('link', { name: /without deciding/ }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    await expect(page.locator('.order-status-text').textContent()).resolves.toContain('Payment pending');
    const owner = await newPage();
    const ownerErrors = consoleErrors(owner);
    await signIn(owner, server.url, 'owner@example.com', PASSWORD);
    await expect(ownersStatusOf(owner, 'paylater@example.com')).resolves.toContain('Payment pending');

    // Approved at the provider: back on the store, confirmed and paid.
    await page.goto(approval);
    await page.getByRole('button', { name: 'Approve plan' }).click();
    await page.waitForURL(/\/confirmation\?token=/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Thank you for your order',
    );
    await page.getByRole('link', { name: 'View your order status' }).click();
    await expect(page.locator('.order-status-text').textContent()).resolves.toContain('Paid');
    await expect(ownersStatusOf(owner, 'paylater@example.com')).resolves.toContain('Paid');
    expect(errors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  });
});
