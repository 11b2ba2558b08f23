import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

describe('the demo store in Chromium', () => {
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

  it('browses the list, picks a variant, adds it, sees the pill cart and keeps the cart across a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.url}/shop`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: /Linen Field Shirt/ }).click();
    await page.waitForURL('**/shop/p/linen-field-shirt');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Linen Field Shirt');

    // The pill cart is hidden while the cart is empty.
    await expect(page.locator('.pill-cart').isHidden()).resolves.toBe(true);

    const button = page.locator('.sqs-add-to-cart-button');
    // An unselected option is refused with the spec's message and "Select Option".
    await button.click();
    await page.getByText('Please select the Size and Color options.').waitFor();
    await expect(button.textContent()).resolves.toBe('Select Option');

    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Color').selectOption('Oat');
    await button.click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Add To Cart' }).waitFor();

    const pill = page.locator('a.pill-cart');
    await pill.waitFor({ state: 'visible' });
    await expect(pill.getAttribute('aria-label')).resolves.toBe('Cart, 1 item, $78.00');
    await expect(page.locator('.pill-cart-count').textContent()).resolves.toBe('1');
    await expect(page.locator('.pill-cart-subtotal').textContent()).resolves.toBe('$78.00');

    await pill.click();
    await page.waitForURL('**/cart');
    const entry = page.locator('.cart-entry');
    await expect(entry.count()).resolves.toBe(1);
    await expect(entry.locator('.cart-entry-title').textContent()).resolves.toBe('Linen Field Shirt');
    await expect(entry.textContent()).resolves.toContain('Size: M');
    await expect(entry.textContent()).resolves.toContain('Color: Oat');
    await expect(page.locator('.cart-subtotal-amount').textContent()).resolves.toBe('$78.00');

    await page.reload();
    await expect(page.locator('.cart-entry').count()).resolves.toBe(1);
    await expect(page.locator('.cart-entry-quantity-input').inputValue()).resolves.toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the out-of-stock message for a sold-out combination', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Color').selectOption('Sage');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.getByText('Sorry, we do not have enough of that item available.').waitFor();
    await context.close();
  });

  it('adds to the cart with JavaScript turned off, through the plain form', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.locator('select[name="variant-option-Size"]').selectOption('S');
    await page.locator('select[name="variant-option-Color"]').selectOption('Sage');
    await page.locator('input[name="quantity"]').fill('2');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.waitForURL('**/cart');
    await expect(page.locator('.cart-entry-title').textContent()).resolves.toBe('Linen Field Shirt');
    await expect(page.locator('.cart-entry-quantity-input').inputValue()).resolves.toBe('2');
    await expect(page.locator('.cart-subtotal-amount').textContent()).resolves.toBe('$156.00');
    await page.goto(`${server.url}/shop`);
    await expect(page.locator('a.pill-cart').getAttribute('aria-label')).resolves.toBe(
      'Cart, 2 items, $156.00',
    );

    // The cart's own controls are plain forms too: +, a typed quantity, a coupon, remove.
    await page.goto(`${server.url}/cart`);
    await page.locator('.cart-entry-increment').click();
    await page.waitForURL('**/cart');
    await expect(page.locator('.cart-entry-quantity-input').inputValue()).resolves.toBe('3');
    await expect(page.locator('.cart-subtotal-amount').textContent()).resolves.toBe('$234.00');
    await page.locator('.cart-entry-quantity-input').fill('1');
    await page.locator('.cart-entry-update').click();
    await page.waitForURL('**/cart');
    await expect(page.locator('.cart-subtotal-amount').textContent()).resolves.toBe('$78.00');
    await page.locator('.cart-coupon-input').fill('NOPE');
    await page.locator('.cart-coupon-apply').click();
    await expect(page.locator('.cart-page-message').textContent()).resolves.toBe(
      'That coupon code is not valid.',
    );
    await page.locator('.cart-entry-remove').click();
    await page.waitForURL('**/cart');
    await page.locator('.cart-empty').waitFor();
    await expect(page.locator('.cart-page-message').count()).resolves.toBe(0);

    // A failed plain add comes back to the product page with the message.
    await page.goto(`${server.url}/shop/p/linen-field-shirt`);
    await page.locator('select[name="variant-option-Size"]').selectOption('M');
    await page.locator('select[name="variant-option-Color"]').selectOption('Sage');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.waitForURL('**/shop/p/linen-field-shirt?cartError=*');
    await expect(page.locator('.product-form-message').textContent()).resolves.toBe(
      'Sorry, we do not have enough of that item available.',
    );
    await context.close();
  });
});
