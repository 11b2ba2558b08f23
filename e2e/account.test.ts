import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContributor } from './support/owner.js';
import type { RunningServer } from './support/server.js';
import { payByCard } from './support/shopper.js';
import { type Smtp, startMailingStore, stopMailingStore } from './support/store.js';

const PASSWORD = 'shopper-secret-1';
const OWNER_PASSWORD = 'owner-secret-123';
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};
const CARD = {
  cardNumber: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Ada Lovelace',
};

/** The crumb the page handed this context, sent back as the header API calls carry. */
async function crumbOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'crumb');
  if (!cookie) throw new Error('no crumb cookie');
  return cookie.value;
}

async function api(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown) {
  const crumb = await crumbOf(page.context());
  const res = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': crumb } });
  if (res.status() >= 300) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function signUp(page: Page, base: string, email: string) {
  await page.goto(`${base}/account`);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

async function signInAt(page: Page, base: string, email: string) {
  await page.goto(`${base}/account`);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in', exact: true }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

async function addRecipes(page: Page, base: string) {
  await page.goto(`${base}/shop/p/seasonal-recipes`);
  await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').click();
  await page.locator('.product-summary .sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
}

describe('customer accounts in Chromium', () => {
  let smtp: Smtp;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ smtp, server, browser } = await startMailingStore({ RATE_LIMIT_REQUESTS: '1000' }));
    addContributor(server.dataDir, 'owner@example.com', 'admin', OWNER_PASSWORD);
  });
  afterAll(async () => {
    expect(await stopMailingStore({ smtp, server, browser })).toEqual([]);
  });

  it('signs up, buys, sees the order in the account; signs out and finds the cart on a new browser', async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await signUp(page, server.url, 'ann@example.com');
    await addRecipes(page, server.url);
    await page.goto(`${server.url}/commerce/goto-checkout`);
    await page.locator('form.checkout-form').waitFor();
    // Signed in, checkout already knows the email.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('ann@example.com');
    const orderId = await payByCard(page, 'Ann Example');

    await page.goto(`${server.url}/account`);
    const order = page.locator('.account-order', { hasText: orderId });
    await order.waitFor();
    await order.getByRole('link').click();
    await page.waitForURL(/\/commerce\/orders\/.+\?token=/);
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();

    await addRecipes(page, server.url);
    await page.goto(`${server.url}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${server.url}/cart`);
    await page.getByText('Seasonal Recipes').waitFor({ state: 'detached' });
    await first.close();

    const second = await browser.newContext();
    const other = await second.newPage();
    await signInAt(other, server.url, 'ann@example.com');
    await other.goto(`${server.url}/cart`);
    await other.locator('.cart-entry', { hasText: 'Seasonal Recipes' }).first().waitFor();
    await second.close();
  });

  it('pauses and cancels a subscription from the account', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUp(page, server.url, 'sub@example.com');
    const cart = await api(page, 'POST', `${server.url}/api/3/commerce/cart/subscription`, {
      itemId: 'coffee-subscription',
      sku: 'JO-COFFEE-SUB-WHOLE',
      qty: 1,
    });
    const source = { kind: 'subscription', cartToken: cart.data.cartToken };
    const quote = await api(page, 'POST', `${server.url}/api/commerce/checkout/quote`, {
      source,
      shippingAddress: ADDRESS,
    });
    await api(page, 'POST', `${server.url}/api/commerce/orders`, {
      idempotencyKey: `e2e-sub-${Date.now()}`,
      email: 'sub@example.com',
      source,
      shippingAddress: ADDRESS,
      shippingOptionId: quote.selectedShippingOption.id,
      payment: CARD,
    });

    await page.goto(`${server.url}/account`);
    const subscription = page.locator('.account-subscription');
    await subscription.getByText('Active').waitFor();
    await subscription.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Subscription paused.').waitFor();
    await page.locator('.account-subscription .account-status', { hasText: 'Paused' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription cancelled.').waitFor();
    await page.locator('.account-subscription .account-status', { hasText: 'Cancelled' }).waitFor();
    await expect(page.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('the restock form and add-to-cart work with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/hand-thrown-mug`);
    await page.locator('.product-restock-cta').click();
    await page.locator('select[name="variantId"]').selectOption({ label: 'Ash' });
    await page.locator('.product-restock-email').fill('nojs@example.com');
    await page.locator('.product-restock-submit').click();
    await page.waitForURL(/restock=sent/);
    await page.locator('.product-restock-message', { hasText: 'back in stock' }).waitFor();

    // The answer's page opens the form again, with its message.
    await page.locator('.product-restock-submit').click();
    await page.waitForURL(/restockError=emailBlank/);
    await page.locator('.product-restock-message', { hasText: 'Email cannot be blank' }).waitFor();

    await page.goto(`${server.url}/shop/p/seasonal-recipes`);
    await page.locator('.product-summary .sqs-add-to-cart-button').click();
    await page.waitForURL(/\/cart$/);
    await page.getByText('Seasonal Recipes').first().waitFor();
    await context.close();
  });

  it("mails a sold-out variant's waitlist once each after the owner restocks it", async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${server.url}/shop/p/hand-thrown-mug`);
    // Until the shopper reaches it, the plain restock form (with its own Glaze choice) is there too.
    await page.locator('.product-summary .sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-form').getByLabel('Glaze').selectOption('Juniper');
    await page.locator('.product-restock-cta').click();
    await page.locator('input[name="email"]').fill('visitor@example.com');
    await page.locator('.product-restock-submit').click();
    await page.getByText("Thank you. We'll email you as soon as it is back in stock.").waitFor();
    await visitor.close();

    const shopper = await browser.newContext();
    const signedIn = await shopper.newPage();
    await signUp(signedIn, server.url, 'waiter@example.com');
    await api(signedIn, 'POST', `${server.url}/api/site-users/account/notifications/restock`, {
      productId: 'hand-thrown-mug',
      variantId: 'JO-MUG-JUNIPER',
      language: 'fr',
    });
    await signedIn.goto(`${server.url}/account`);
    await signedIn
      .locator('.account-restock', { hasText: 'Hand-Thrown Mug' })
      .getByText('Waiting for stock')
      .waitFor();

    // The owner turns automatic sending on and restocks the glaze in the owner's area.
    const owner = await browser.newContext();
    const area = await owner.newPage();
    await area.goto(`${server.url}/config`);
    await api(area, 'POST', `${server.url}/api/config/session`, {
      email: 'owner@example.com',
      password: OWNER_PASSWORD,
    });
    await api(area, 'PATCH', `${server.url}/api/config/settings`, {
      storeSettings: { restockAutoSend: true },
    });
    await api(area, 'PATCH', `${server.url}/api/config/inventory`, {
      changes: [{ sku: 'JO-MUG-JUNIPER', set: 4 }],
    });
    await api(area, 'PATCH', `${server.url}/api/config/inventory`, {
      changes: [{ sku: 'JO-MUG-JUNIPER', set: 5 }],
    });
    await owner.close();

    const deadline = Date.now() + 20_000;
    const restockMails = () => smtp.received.filter((m) => /Hand-Thrown Mug/.test(m.raw));
    while (restockMails().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2_500));
    const mails = restockMails();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['visitor@example.com', 'waiter@example.com']);
    expect(mails.find((m) => m.to[0] === 'waiter@example.com')!.raw).toMatch(/Bonjour/);
    expect(mails.find((m) => m.to[0] === 'visitor@example.com')!.raw).toMatch(/\/shop\/p\/hand-thrown-mug/);

    await signedIn.goto(`${server.url}/account`);
    await signedIn
      .locator('.account-restock')
      .getByText(/Emailed/)
      .waitFor();
    await shopper.close();
  });
});
