import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';

const PASSWORD = 'correct-horse-battery';

/** Issue 11: the owner's area at /config in Chromium, with contributors made by the CLI. */
describe('the owner’s area in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
    addContributor(server.dataDir, 'manager@example.com', 'store manager', PASSWORD);
    addContributor(server.dataDir, 'viewer@example.com', '10', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    return context.newPage();
  }

  const navLinks = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

  it('shows a signed-out visitor the sign-in at any /config address, then takes them there', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/config/inventory`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/sign-in');
    await expect(page.title()).resolves.toMatch(/^Owner’s area/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Wrong email or password.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/inventory');
  });

  it('lets the first admin, made with the CLI, sign in by keyboard alone and sign out', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/config`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('f-email');
    await page.keyboard.type('owner@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await navLinks(page)).toEqual(['Home', 'Products', 'Inventory', 'Contributors', 'Audit log']);

    // The skip link is the first stop and lands in the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(skip.boundingBox().then((b) => (b?.x ?? -1) >= 0)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('cfg-main');

    // Contributors by keyboard: its link, then the table.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contributors' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Contributors' }).waitFor();
    await page.getByRole('cell', { name: 'manager@example.com' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${server.url}/config/contributors`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('keeps contributors closed to a store manager, in the navigation and at its address', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'manager@example.com', PASSWORD);
    expect(await navLinks(page)).toEqual(['Home', 'Products', 'Inventory']);
    await page.goto(`${server.url}/config/contributors`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'You do not have permission to do that.',
    );
    const status = await page.evaluate(async () => (await fetch('/api/config/contributors')).status);
    expect(status).toBe(403);
  });

  it('folds the navigation under a Menu button on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, server.url, 'owner@example.com', PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Contributors' }).click();
    await page.getByRole('heading', { name: 'Contributors' }).waitFor();
    await expect(nav.isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
