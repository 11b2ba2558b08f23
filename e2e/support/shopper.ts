import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Tabs forward until the element with this id has focus, as a keyboard user would. */
export async function tabTo(page: Page, id: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Tabs forward until `target` has focus. */
export async function tabUntil(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

/** The .eml files the server wrote (no SMTP_URL: DATA_DIR/outbox-mail), waiting for `count` that match. */
export async function mailsMatching(dataDir: string, pattern: RegExp, count: number): Promise<string[]> {
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

/** The errors a page logs to its console, and scripts that throw, from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * A shopper buys one unit of the product at `productPath`, each option chosen by its label, by
 * card at checkout; answers the order number.
 */
export async function buy(
  page: Page,
  base: string,
  productPath: string,
  choices: Record<string, string>,
  email: string,
): Promise<string> {
  await page.goto(`${base}${productPath}`);
  const summary = page.locator('.product-summary');
  await summary.locator('.sqs-add-to-cart-button[data-state]').waitFor();
  for (const [option, value] of Object.entries(choices)) await summary.getByLabel(option).selectOption(value);
  await summary.locator('.sqs-add-to-cart-button').click();
  await summary.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
  await page.goto(`${base}/commerce/goto-checkout`);
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
  return payByCard(page, 'Ada Lovelace');
}

/** Puts one of the product at `productPath` (no options to choose) in the cart and opens checkout. */
export async function checkoutOne(page: Page, base: string, productPath: string): Promise<void> {
  await page.goto(`${base}${productPath}`);
  await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').click();
  await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
  await page.goto(`${base}/commerce/goto-checkout`);
  await page.locator('form.checkout-form').waitFor();
}

/** Pays at checkout with the test card in `name`'s name and waits for the order page; answers its number. */
export async function payByCard(page: Page, name: string): Promise<string> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/commerce\/orders\//);
  return ((await page.locator('.order-number strong').textContent()) ?? '').trim();
}
