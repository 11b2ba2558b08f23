import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './support/server.js';
import { checkoutOne, payByCard } from './support/shopper.js';
import { type Smtp, startMailingStore, stopMailingStore } from './support/store.js';

describe('the order confirmation email over SMTP', () => {
  let smtp: Smtp;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ smtp, server, browser } = await startMailingStore({ MAIL_FROM: 'shop@juniper-and-oak.test' }));
  });
  afterAll(async () => {
    expect(await stopMailingStore({ smtp, server, browser })).toEqual([]);
  });

  it('reaches a real SMTP server after an order placed in the browser', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await checkoutOne(page, server.url, '/shop/p/seasonal-recipes');
    await page.getByLabel('Email').fill('mail-test@example.com');
    const orderId = await payByCard(page, 'Mail Test');
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
