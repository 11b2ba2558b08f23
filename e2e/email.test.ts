import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../packages/server/test/support/smtp.js';
import { cspViolations, launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

describe('the order confirmation email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtp();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@juniper-and-oak.test' }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    expect(refused).toEqual([]);
  });

  it('reaches a real SMTP server after an order placed in the browser', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/seasonal-recipes`);
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').click();
    await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${server.url}/commerce/goto-checkout`);
    await page.locator('form.checkout-form').waitFor();
    await page.getByLabel('Email').fill('mail-test@example.com');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Mail Test');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    const orderId = (await page.locator('.order-number strong').textContent())!.trim();
    await context.close();

    const deadline = Date.now() + 20_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['mail-test@example.com']);
    expect(mail.raw).toMatch(/^From: .*shop@juniper-and-oak\.test/m);
    expect(mail.raw).toContain(orderId);
    expect(mail.raw).toContain('Seasonal Recipes');
  });
});
