import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../packages/server/test/support/app.js';
import { addContentCollections, addItem } from '../packages/server/test/support/content.js';
import { addOwner, OWNER_PASSWORD } from '../packages/server/test/support/owner.js';
import { cspViolations, launchChromium } from './support/browser.js';
import { signIn } from './support/owner.js';

const DAY = 86_400_000;

/**
 * Issue 16: an editor drafts a post in the owner's area, schedules it, the clock passes its
 * time, and visitors find it in the blog and in /search. The store runs in this process so the
 * test owns its clock (the scheduler publishes by it, never by a timer).
 */
describe('pages and posts in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const clock = { at: Date.UTC(2026, 10, 2, 9), now: () => clock.at };

  beforeAll(async () => {
    t = await createTestApp('sqlite', undefined, { clock });
    await addContentCollections(t, clock);
    await addItem(t, { title: 'An older post', urlSlug: 'older', publishOn: clock.at - DAY }, clock);
    await addOwner(t.database, 4, 'editor@example.com', OWNER_PASSWORD, clock);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('drafts, schedules and publishes a post when its time comes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    await signIn(page, base, 'editor@example.com', OWNER_PASSWORD, '/config/content');
    await page.getByRole('link', { name: 'Pages and posts' }).click();
    await page.getByRole('link', { name: 'New page or post' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Collection').selectOption({ label: 'Blog' });
    await drawer.getByLabel('Title').fill('Kiln diary');
    await drawer.getByRole('textbox', { name: 'Text 1' }).click();
    await page.keyboard.type('The glaze firing reached cone six overnight.');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Kiln diary' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: /Kiln diary/ }).textContent()).toContain('Draft');

    // The draft previews but is nowhere for visitors.
    expect((await page.request.get(`${base}/blog/kiln-diary`)).status()).toBe(404);

    await page.getByRole('link', { name: 'Kiln diary' }).click();
    await drawer.getByLabel('Status').selectOption({ label: 'Scheduled' });
    await drawer.getByLabel('Publish on').fill('2026-11-03T09:00');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('row', { name: /Kiln diary/ }).textContent())
      .toContain('Scheduled');

    await page.goto(`${base}/blog`);
    expect(await page.getByRole('link', { name: 'An older post', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Kiln diary', exact: true }).count()).toBe(0);

    clock.at = Date.UTC(2026, 10, 3, 9);
    await page.goto(`${base}/blog`);
    await page.getByRole('link', { name: 'Kiln diary', exact: true }).click();
    await page.getByRole('heading', { name: 'Kiln diary', level: 1 }).waitFor();
    expect(await page.locator('.content-blocks').textContent()).toContain(
      'The glaze firing reached cone six overnight.',
    );
    expect(await page.locator('.post-meta time').textContent()).toBe('November 3, 2026');

    await page.goto(`${base}/search`);
    await page.getByLabel('Search the site').fill('glaze');
    await page.getByLabel('Search the site').press('Enter');
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toBe('1 result for “glaze”');
    expect(await page.locator('.search-snippet mark').first().textContent()).toBe('glaze');
    await page.getByRole('link', { name: 'Kiln diary', exact: true }).click();
    await page.waitForURL(`${base}/blog/kiln-diary`);
    expect(cspViolations(browser)).toEqual([]);
    await context.close();
  });
});
