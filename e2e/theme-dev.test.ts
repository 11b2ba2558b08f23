import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../packages/server/src/render/theme.js';
import { launchChromium } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors } from './support/shopper.js';

/** Issue 14: `storefront theme dev DIR` in Chromium: a save reloads the open page, errors replace it. */
describe('storefront theme dev in Chromium', () => {
  const themeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-e2e-theme-'));
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    fs.cpSync(DEFAULT_THEME_DIR, themeDir, { recursive: true });
    [server, browser] = await Promise.all([startServer({}, ['theme', 'dev', themeDir]), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(themeDir, { recursive: true, force: true });
  });

  const edit = (file: string, change: (source: string) => string) => {
    const full = path.join(themeDir, file);
    fs.writeFileSync(full, change(fs.readFileSync(full, 'utf8')));
  };

  it('reloads the open page on save and shows engine errors with file, line and column', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    // The page's policy lets the reload script run and listen.
    const listening = page.waitForResponse((r) => r.url().endsWith('/api/theme-dev/events'));
    await page.goto(`${server.url}/cart`);
    await page.locator('main#main').waitFor();
    expect((await listening).status()).toBe(200);

    edit('site.region', (s) => s.replace('<main id="main"', '<main data-saved="yes" id="main"'));
    await page.locator('main[data-saved="yes"]').waitFor();

    edit('pages/cart.page', (s) => `x\n  {.section nothing}${s}`);
    await page.getByRole('alert').getByText('pages/cart.page:2:3').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Reached EOF in the middle of SECTION',
    );

    edit('pages/cart.page', (s) => s.replace('x\n  {.section nothing}', ''));
    await page.locator('main[data-saved="yes"]').waitFor();
    // The 500 of the overlay is the one failed load the browser logs.
    expect(errors.filter((e) => !e.includes('status of 500'))).toEqual([]);
    await page.close();
  });
});
