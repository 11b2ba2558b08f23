import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { consoleErrors } from './support/shopper.js';

const PASSWORD = 'correct-horse-battery';
/** Where the screens of this test are written for a person to look at (SHOTS_DIR=/tmp/x). */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** Issue 14: the template editor in Chromium, from typing to the storefront and back. */
describe('the template editor in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_REQUESTS: '1000' }), launchChromium()]);
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function storefront(path: string): Promise<string> {
    const res = await fetch(`${server.url}${path}`);
    return res.text();
  }
  async function shoot(page: Page, name: string) {
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
  }

  it('edits a product template with diagnostics as you type, previews, publishes and rolls back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, 'owner@example.com', PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    const tree = page.getByRole('list', { name: 'Theme files' });
    await tree.getByRole('link', { name: 'products.item' }).waitFor();
    await shoot(page, 'templates-list');
    await tree.getByRole('link', { name: 'products.item' }).click();
    await page.getByRole('heading', { name: 'collections/products.item' }).waitFor();
    await expect(page.getByText('No problems found.').waitFor()).resolves.toBeUndefined();

    const productPath = await page.getByLabel('Page to preview').inputValue();
    expect(productPath).toMatch(/^\/[\w-]+\/p\/[\w-]+$/);
    const frame = page.frameLocator('iframe[title="Preview of the draft"]');
    await frame.locator('h1.product-title').waitFor();

    // Types a note at the top of the template.
    const code = page.getByRole('textbox', { name: 'Template source' });
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p class="tpl-note">Handmade in small batches</p>');
    await page.keyboard.press('Enter');

    // A broken edit: a section never closed is underlined where it starts, and listed.
    await page.keyboard.type('{.section nope}');
    await page.getByText('Line 2, column 1: Reached EOF in the middle of SECTION').waitFor();
    await page.locator('.cm-lintRange-error').first().waitFor();
    await shoot(page, 'template-editor-error');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'The template has errors: fix them before publishing.',
    );
    expect(await storefront(productPath)).not.toContain('Handmade in small batches');

    // Fixed: the inserted section is removed again, from the start of line 2.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < '{.section nope}'.length; i++) await page.keyboard.press('Delete');
    await page.getByText('No problems found.').waitFor();
    await expect(page.locator('.cm-lintRange-error').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await frame.getByText('Handmade in small batches').waitFor();
    await shoot(page, 'template-editor-preview');
    // A preview is not a publish.
    expect(await storefront(productPath)).not.toContain('Handmade in small batches');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    expect(await storefront(productPath)).toContain('Handmade in small batches');

    // A second version, then a rollback to the first.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p class="tpl-offer">Free shipping this week</p>');
    await page.getByText('No problems found.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row').nth(2).waitFor();
    const v2 = await storefront(productPath);
    expect(v2).toContain('Free shipping this week');
    expect(v2).toContain('Handmade in small batches');

    await versions.getByRole('button', { name: 'Roll back: Version 1' }).click();
    await page.getByText('Version 1 is published again.').waitFor();
    await versions.getByRole('cell', { name: 'Rolled back to version 1' }).waitFor();
    await shoot(page, 'template-editor-versions');
    const rolledBack = await storefront(productPath);
    expect(rolledBack).not.toContain('Free shipping this week');
    expect(rolledBack).toContain('Handmade in small batches');
    // The editor starts again from what is published.
    await expect(code.textContent()).resolves.not.toContain('Free shipping this week');

    await page.getByRole('button', { name: 'Revert to theme default' }).click();
    await page.getByText('The theme’s own template is published again.').waitFor();
    expect(await storefront(productPath)).not.toContain('Handmade in small batches');
    // The one failed request is the refused publish's 400, which the browser logs.
    expect(errors).toEqual([expect.stringContaining('status of 400 (Bad Request)')]);
    await context.close();
  });

  it('edits a block file like a template: diagnostics, preview in a page that applies it, publish, rollback', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/templates');
    const tree = page.getByRole('list', { name: 'Theme files' });
    await tree.getByRole('link', { name: 'price.block' }).click();
    await page.getByRole('heading', { name: 'blocks/price.block' }).waitFor();
    await page.getByText('No problems found.').waitFor();
    const productPath = await page.getByLabel('Page to preview').inputValue();
    expect(productPath).toMatch(/^\/[\w-]+\/p\/[\w-]+$/);
    const frame = page.frameLocator('iframe[title="Preview of the draft"]');
    await frame.locator('h1.product-title').waitFor();

    const code = page.getByRole('textbox', { name: 'Template source' });
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p class="blk-note">Price includes tax</p>{.if nope}');
    await page.getByText('Line 1, column 43: Reached EOF in the middle of IF').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'The template has errors: fix them before publishing.',
    );
    // Fixed: the `{.if nope}` after the note is removed again.
    await code.click();
    await page.keyboard.press('Control+Home');
    const note = '<p class="blk-note">Price includes tax</p>';
    for (let i = 0; i < note.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < '{.if nope}'.length; i++) await page.keyboard.press('Delete');
    await page.getByText('No problems found.').waitFor();

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await frame.getByText('Price includes tax').first().waitFor();
    expect(await storefront(productPath)).not.toContain('Price includes tax');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    expect(await storefront(productPath)).toContain('Price includes tax');

    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p class="blk-offer">Two for one</p>');
    await page.getByText('No problems found.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row').nth(2).waitFor();
    expect(await storefront(productPath)).toContain('Two for one');
    await versions.getByRole('button', { name: 'Roll back: Version 1' }).click();
    await page.getByText('Version 1 is published again.').waitFor();
    const rolledBack = await storefront(productPath);
    expect(rolledBack).not.toContain('Two for one');
    expect(rolledBack).toContain('Price includes tax');
    await page.getByRole('button', { name: 'Revert to theme default' }).click();
    await page.getByText('The theme’s own template is published again.').waitFor();
    expect(await storefront(productPath)).not.toContain('Price includes tax');
    await context.close();
  });

  it('fits a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/templates/site');
    await page.getByRole('heading', { name: 'site.region' }).waitFor();
    await page.getByText('No problems found.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'template-editor-phone');
    await context.close();
  });
});
