import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';

const PASSWORD = 'member-secret-1';
const OWNER_PASSWORD = 'owner-secret-1';
const ARCHIVE = "Kitchen Notes: Members' Archive";
/** A line of the demo's members page, which only buyers of the paywall product read. */
const MEMBERS_ONLY = 'Every issue of Kitchen Notes lives here';

const pageType = (page: Page) =>
  page.evaluate(() => Number(/page-type-(\d+)/.exec(document.body.className)?.[1]));

describe('member areas in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The shopper who bought the archive, kept signed in for the member collection. */
  let member: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
  });
  afterAll(async () => {
    await member?.context().close();
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

    // Signed up from the paywall's link, the shopper is brought back and refused with the offer (106).
    await page.getByRole('link', { name: 'Sign in or create an account' }).click();
    const signUp = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await signUp.getByLabel('Email').fill('member@example.com');
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/members$/);
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
    member = page;
  });

  it('a whole collection becomes a member area from its settings in the owner’s area', async () => {
    addContributor(server.dataDir, 'owner@example.com', 'admin', OWNER_PASSWORD);
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, server.url, 'owner@example.com', OWNER_PASSWORD, '/config/content?collection=events');
    const settings = owner.locator('form.cfg-collection-settings');
    await settings.getByRole('group', { name: 'Member collection: Events' }).waitFor();
    await settings
      .getByLabel('Paywall products that open this whole collection')
      .selectOption({ label: ARCHIVE });
    await settings.getByRole('button', { name: 'Save member access' }).click();
    await settings.getByText('Saved').waitFor();
    await ownerContext.close();

    // A visitor meets the paywall on the events list and on each event, with nothing of them.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${server.url}/events`);
    expect(await pageType(visitor)).toBe(107);
    await visitor.getByText(ARCHIVE).first().waitFor();
    await visitor.getByText('Sign in, or create an account: you come back here.').waitFor();
    expect(await visitor.locator('.event-list').count()).toBe(0);
    await visitorContext.close();

    // The archive's buyer reads the events, which the membership now opens.
    await member.goto(`${server.url}/events`);
    expect(await pageType(member)).toBe(1);
    await member.locator('.event-list, .post-list-empty').first().waitFor();
  });
});
