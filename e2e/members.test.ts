import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

const PASSWORD = 'member-secret-1';
/** A line of the demo's members page, which only buyers of the paywall product read. */
const MEMBERS_ONLY = 'Every issue of Kitchen Notes lives here';

const pageType = (page: Page) =>
  page.evaluate(() => Number(/page-type-(\d+)/.exec(document.body.className)?.[1]));

describe('member areas in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
  });
  afterAll(async () => {
    const refused = browser ? cspViolations(browser) : [];
    await browser?.close();
    await server?.stop();
    expect(refused).toEqual([]);
  });

  it('a member page opens only after its paywall product is bought', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    // A visitor finds the page in the navigation and meets the paywall (107).
    await page.goto(server.url);
    await page.locator('header').getByRole('link', { name: 'Members' }).first().click();
    await page.waitForURL(/\/members$/);
    expect(await pageType(page)).toBe(107);
    await page.getByText("Kitchen Notes: Members' Archive").first().waitFor();
    expect(await page.content()).not.toContain(MEMBERS_ONLY);

    // Signed up, the shopper is refused with the offer (106).
    await page.getByRole('link', { name: 'Sign in or create an account' }).click();
    const signUp = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await signUp.getByLabel('Email').fill('member@example.com');
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Signed in as member@example.com').waitFor();
    await page.goto(`${server.url}/members`);
    expect(await pageType(page)).toBe(106);
    expect(await page.content()).not.toContain(MEMBERS_ONLY);

    // Bought with the test card, the membership is confirmed (208) with a link to the page.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${server.url}/commerce/goto-checkout`);
    await page.locator('form.checkout-form').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Mia Member');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    await page.getByRole('heading', { name: 'Your membership is confirmed' }).waitFor();
    expect(await pageType(page)).toBe(208);
    await page.locator('.membership-area-link').click();
    await page.waitForURL(/\/members$/);
    await page.getByText(MEMBERS_ONLY).waitFor();
    await context.close();
  });
});
