import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { addContributor, signIn } from './support/owner.js';
import { type RunningServer, startServer } from './support/server.js';
import { buy, consoleErrors, mailsMatching, tabTo, tabUntil } from './support/shopper.js';

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
    addContributor(server.dataDir, 'billing@example.com', 'billing', PASSWORD);
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
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/config/inventory`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/sign-in');
    // Signed out, the app asks no owner API, so the sign-in logs no failed request.
    await page.getByLabel('Email').waitFor();
    expect(errors).toEqual([]);
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
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Media',
      'Restock',
      'Pages and posts',
      'Analytics',
      'Orders',
      'Subscriptions',
      'Discounts',
      'Shipping and tax',
      'Settings',
      'Ad pixels',
      'Forms',
      'Comments',
      'Reviews',
      'Contributors',
      'Audit log',
      'Templates',
      'Newsletter',
      'Campaigns',
    ]);

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
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Media',
      'Restock',
      'Orders',
      'Subscriptions',
      'Discounts',
      'Shipping and tax',
      'Settings',
      'Ad pixels',
    ]);
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

  it('lets the admin create a physical product with two options, upload its image, publish it; a shopper buys it; its order is refunded in part and fulfilled, with emails', async () => {
    const page = await newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/products');
    await page.getByRole('link', { name: 'New product' }).click();
    const editor = page.getByRole('dialog', { name: 'New product' });
    await editor.getByLabel('Name', { exact: true }).fill('Alpaca Scarf');
    await editor.getByLabel('Price of Default', { exact: true }).fill('38.00');
    await editor.getByRole('button', { name: 'Add option' }).click();
    await editor.getByLabel('Option 1 name').fill('Color');
    await editor.getByLabel('Option 1 values').fill('Rust, Moss');
    await editor.getByRole('button', { name: 'Add option' }).click();
    await editor.getByLabel('Option 2 name').fill('Size');
    await editor.getByLabel('Option 2 values').fill('S, L');
    const rows = editor.getByRole('table', { name: 'Variants' }).getByRole('rowheader');
    await rows.nth(3).waitFor();
    await expect(rows.allTextContents()).resolves.toEqual(['Rust / S', 'Rust / L', 'Moss / S', 'Moss / L']);
    for (const variant of ['Rust / S', 'Rust / L', 'Moss / S', 'Moss / L']) {
      await editor.getByLabel(`Stock of ${variant}`).fill('5');
    }
    await expect(editor.getByLabel('Price of Moss / L', { exact: true }).inputValue()).resolves.toBe('38.00');

    const picture = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 170, g: 90, b: 50 } },
    })
      .jpeg()
      .toBuffer();
    await editor
      .getByLabel('Add images')
      .setInputFiles({ name: 'scarf.jpg', mimeType: 'image/jpeg', buffer: picture });
    await editor.getByLabel('Alt text').fill('A rust alpaca scarf, folded');
    await editor.getByLabel('Focal point across (%)').fill('30');
    await editor.getByRole('button', { name: 'Save' }).click();

    const saved = page.getByRole('dialog', { name: 'Alpaca Scarf' });
    await saved.getByRole('button', { name: 'Publish' }).click();
    await saved.getByRole('button', { name: 'Unpublish' }).waitFor();
    const href = await saved.getByRole('link', { name: 'View in store' }).getAttribute('href');
    expect(href).toMatch(/^\/[a-z0-9-]+\/p\/alpaca-scarf$/);

    // The storefront shows it on the next request, its picture in the resized widths.
    const store = await context.newPage();
    await store.goto(`${server.url}${href}`);
    await expect(store.locator('h1').first().textContent()).resolves.toContain('Alpaca Scarf');
    const image = store.locator('.product-gallery img').first();
    await expect(image.getAttribute('alt')).resolves.toBe('A rust alpaca scarf, folded');
    const srcset = (await image.getAttribute('srcset')) ?? '';
    for (const width of ['100w', '300w', '500w', '750w', '1000w']) expect(srcset).toContain(width);
    const first = srcset.split(',')[0].trim().split(' ')[0];
    expect((await store.request.get(new URL(first, server.url).href)).headers()['content-type']).toMatch(
      /^image\//,
    );
    await expect(store.getByRole('combobox', { name: 'Color' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);

    // A shopper buys that very product.
    const orderId = await buy(
      store,
      server.url,
      href ?? '',
      { Color: 'Moss', Size: 'L' },
      'scarf-buyer@example.com',
    );
    // Shopper and owner know the order by its friendly number.
    expect(orderId).toMatch(/^#1\d{3}$/);
    await context.close();

    // Billing finds the order in Orders, by keyboard.
    const owner = await newPage();
    const ownerErrors = consoleErrors(owner);
    await signIn(owner, server.url, 'billing@example.com', PASSWORD);
    await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).focus();
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: 'Orders' }).waitFor();
    await owner.getByLabel('Search').focus();
    await owner.keyboard.type('scarf-buyer@');
    await owner.keyboard.press('Enter');
    await owner.waitForURL(/q=scarf-buyer/);
    await expect(
      owner.getByRole('table', { name: 'Orders' }).getByRole('link').allTextContents(),
    ).resolves.toEqual([orderId]);
    await owner.getByRole('link', { name: orderId }).focus();
    await owner.keyboard.press('Enter');
    const drawer = owner.getByRole('dialog', { name: `Order ${orderId}` });
    await drawer.getByRole('cell', { name: 'Alpaca Scarf' }).waitFor();
    // The variant the shopper chose, by the SKU the editor made for it.
    await drawer.getByRole('cell', { name: 'ALPACA-SCARF-MOSS-L' }).waitFor();
    await expect(drawer.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);

    // A part refund: the amount, then Enter submits.
    await tabTo(owner, 'refund-amountCents');
    await owner.keyboard.type('10.00');
    await owner.keyboard.press('Enter');
    await drawer.getByText('Refunded; the shopper is emailed.').waitFor();
    await expect(drawer.getByText('Partly refunded').count()).resolves.toBe(1);

    // The fulfilment: carrier and tracking number typed, Enter submits.
    await tabTo(owner, 'fulfil-carrier');
    await owner.keyboard.type('UPS');
    await owner.keyboard.press('Tab');
    await owner.keyboard.type('1Z999AA10123456784');
    await owner.keyboard.press('Enter');
    await drawer.getByText('Marked fulfilled; the shopper is emailed.').waitFor();
    await expect(drawer.getByRole('button', { name: 'Mark fulfilled' }).count()).resolves.toBe(0);
    await owner.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(ownerErrors).toEqual([]);

    const refunded = await mailsMatching(server.dataDir, new RegExp(`refunded on order ${orderId}`), 1);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatch(/To: .*scarf-buyer@example\.com/);
    expect(refunded[0]).toContain('$10.00');
    const shipped = await mailsMatching(server.dataDir, new RegExp(`order ${orderId} is on its way`), 1);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain('1Z999AA10123456784');
  });

  it('lets a viewer open products and inventory but change nothing', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'viewer@example.com', PASSWORD, '/config/products');
    expect(await navLinks(page)).toEqual([
      'Home',
      'Products',
      'Inventory',
      'Media',
      'Pages and posts',
      'Analytics',
      'Discounts',
      'Shipping and tax',
      'Settings',
      'Ad pixels',
    ]);
    await expect(page.getByRole('link', { name: 'New product' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Linen Field Shirt' }).click();
    const editor = page.getByRole('dialog', { name: 'Linen Field Shirt' });
    await expect(editor.getByLabel('Name', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(editor.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(editor.getByRole('button', { name: 'Unpublish' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/config/products');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('cell', { name: 'JO-SHIRT-S-SAGE' }).waitFor();
    await expect(page.getByRole('spinbutton').count()).resolves.toBe(0);
    const status = await page.evaluate(async () => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      const response = await fetch('/api/config/inventory', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify({ changes: [{ sku: 'JO-SHIRT-S-SAGE', set: 1 }] }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('runs the products screen by keyboard alone: search, open a product, close it', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'manager@example.com', PASSWORD, '/config/products');
    await page.getByRole('link', { name: 'Linen Field Shirt' }).waitFor();
    // Tab from the top: skip link, Menu-less header controls, navigation, then the screen.
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'products-search');
    }
    expect(reached).toBe(true);
    await page.keyboard.type('mug');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Linen Field Shirt' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('search')).toBe('mug');
    const link = page.getByRole('link', { name: 'Hand-Thrown Mug' });
    await link.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Hand-Thrown Mug' });
    await editor.waitFor();
    await expect(editor.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('search')).toBe('mug');
    await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The type filter by keyboard.
    await page.getByLabel('Type').focus();
    await page.getByLabel('Type').selectOption('3');
    await page.getByRole('link', { name: 'Hand-Thrown Mug' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('3');
  });

  it('runs the contributors, inventory and audit screens by keyboard alone', async () => {
    const page = await newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, 'owner@example.com', PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const open = async (link: string, heading: string) => {
      await nav.getByRole('link', { name: link }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };
    const focused = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((el) => el === document.activeElement);

    // Contributors: the invite drawer opened with Enter, closed with Escape, then sent with Enter.
    await open('Contributors', 'Contributors');
    const inviteLink = page.getByRole('link', { name: 'Invite contributor' });
    await tabUntil(page, inviteLink);
    await page.keyboard.press('Enter');
    const invite = page.getByRole('dialog', { name: 'Invite contributor' });
    await invite.waitFor();
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'detached' });
    await expect(focused(inviteLink)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await invite.waitFor();
    await tabTo(page, 'invite-email');
    await page.keyboard.type('helper@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kit Helper');
    await page.keyboard.press('Enter');
    await invite.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'helper@example.com' });
    await row.getByRole('cell', { name: 'Invited' }).waitFor();

    // Their role changed from the keyboard: the select takes arrow keys.
    const role = page.getByLabel('Role of Kit Helper');
    const before = await role.inputValue();
    await role.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => role.inputValue()).not.toBe(before);
    const changed = await role.inputValue();
    await page.reload();
    await expect.poll(() => page.getByLabel('Role of Kit Helper').inputValue()).toBe(changed);

    // Removing asks first: Escape keeps them, Space on Remove removes them.
    const removeButton = page.getByRole('button', { name: 'Remove Kit Helper' });
    await removeButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove Kit Helper' });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect(row.count()).resolves.toBe(1);
    await removeButton.focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Space');
    await row.waitFor({ state: 'detached' });

    // Inventory: a count typed in place and saved with Enter; a row picked with Space and adjusted.
    await open('Inventory', 'Inventory');
    const stock = page.getByLabel('Stock of Linen Field Shirt — S / Oat', { exact: true });
    await stock.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    const stockOf = async (sku: string) =>
      page.evaluate(async (want) => {
        const { variants } = await (await fetch('/api/config/inventory')).json();
        return variants.find((v: { sku: string }) => v.sku === want)?.qtyInStock;
      }, sku);
    await expect.poll(() => stockOf('JO-SHIRT-S-OAT')).toBe(7);
    // The save's refetch may render the row anew under the focus, losing a key press: press
    // Space again only while the row is not picked.
    const pick = page.getByLabel('Select Linen Field Shirt — S / Oat', { exact: true });
    await expect
      .poll(async () => {
        if (!(await pick.isChecked())) {
          await pick.focus();
          await page.keyboard.press('Space');
        }
        return pick.isChecked();
      })
      .toBe(true);
    await page.getByText('1 variant selected').waitFor();
    await tabTo(page, 'inventory-adjust', 200);
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect.poll(() => stockOf('JO-SHIRT-S-OAT')).toBe(10);
    await expect.poll(() => stock.inputValue()).toBe('10');

    // The audit log lists what was just done, newest first.
    await open('Audit log', 'Audit log');
    const audit = page.getByRole('table', { name: 'Audit log' });
    await audit.getByRole('cell', { name: 'inventory.change' }).first().waitFor();
    await expect(audit.getByRole('cell', { name: 'contributor.remove' }).count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('edits the questions at add-to-cart and the back-in-stock texts, shown in the store on the next request', async () => {
    const page = await newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/products');
    await page.getByRole('link', { name: 'Hand-Thrown Mug' }).click();
    const editor = page.getByRole('dialog', { name: 'Hand-Thrown Mug' });
    await editor.getByLabel('Ask shoppers questions').check();
    await editor.getByLabel('Label').fill('Glaze note');
    await editor.getByLabel('Kind').selectOption({ label: 'One choice (dropdown)' });
    await editor.getByLabel('Choices').fill('Matte\nGloss');
    await editor.getByLabel('Required').check();
    await editor.getByLabel('Sold-out text').fill('Out of the kiln soon');
    await editor.getByLabel('Button text', { exact: true }).last().fill('Email me');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Saved').waitFor();
    expect(errors).toEqual([]);

    const store = await context.newPage();
    await store.goto(`${server.url}/shop/p/hand-thrown-mug`);
    await store.getByText('Out of the kiln soon').first().waitFor();
    // The back-in-stock form folds under its invitation until opened.
    await store
      .locator('.product-restock-submit', { hasText: 'Email me' })
      .first()
      .waitFor({ state: 'attached' });
    const fields = await store.evaluate(async () => {
      const island = [...document.querySelectorAll('[data-props]')]
        .map((el) => el.getAttribute('data-props') ?? '')
        .find((props) => props.includes('additionalFieldsFormId'));
      const formId = /"additionalFieldsFormId":"([^"]+)"/.exec(island ?? '')?.[1];
      const res = await fetch(`/api/template/GetTemplateSchema?type=form&formId=${formId}`);
      return (await res.json()).fields;
    });
    expect(fields).toEqual([
      { id: 'glaze-note', type: 'select', title: 'Glaze note', required: true, options: ['Matte', 'Gloss'] },
    ]);
  });

  it('deletes an unused image from Media by keyboard; one a product shows is refused with its name', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/products');
    // An image uploaded for a product, then removed from it before saving: unused in the library.
    await page.getByRole('link', { name: 'Loose Leaf Tea' }).click();
    const editor = page.getByRole('dialog', { name: 'Loose Leaf Tea' });
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#4a6' } })
      .png()
      .toBuffer();
    await editor
      .getByLabel('Add images')
      .setInputFiles({ name: 'spare.png', mimeType: 'image/png', buffer: picture });
    await editor.getByRole('button', { name: 'Remove image 2' }).click();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // The Media screen by keyboard alone: its link, then each Delete and its confirmation.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    const table = page.getByRole('table', { name: 'Media' });
    const scarf = table.getByRole('row').filter({ hasText: 'scarf.jpg' });
    await scarf.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await scarf.getByRole('button', { name: 'Delete' }).last().focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Remove it there first' }).textContent(),
    ).resolves.toBe('This image is shown on "Alpaca Scarf". Remove it there first.');
    await expect(scarf.count()).resolves.toBe(1);

    const spare = table.getByRole('row').filter({ hasText: 'spare.png' });
    const file = (await spare.locator('img').getAttribute('src')) ?? '';
    await spare.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await spare.getByRole('button', { name: 'Delete' }).last().focus();
    await page.keyboard.press('Enter');
    await spare.waitFor({ state: 'detached' });
    expect((await page.request.get(new URL(file, server.url).href)).status()).toBe(404);
  });
});
