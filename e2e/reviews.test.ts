import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContributor, signIn } from './support/owner.js';
import type { RunningServer } from './support/server.js';
import { checkoutOne, payByCard } from './support/shopper.js';
import { type Smtp, startMailingStore, stopMailingStore } from './support/store.js';

const PASSWORD = 'correct horse battery';

/** The reviews link of a mail as the SMTP server got it (quoted-printable soft breaks undone). */
function reviewsLink(raw: string): string | null {
  return raw.replace(/=\r?\n/g, '').match(/\/commerce\/reviews\/[0-9a-f]{64}/)?.[0] ?? null;
}

/**
 * Issue 16: a buyer leaves a review through the link of the reviews-request email (read from a
 * real SMTP server), and it shows on the product page once a moderator approves it.
 */
describe('a buyer reviews a product through the emailed link', () => {
  let smtp: Smtp;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ smtp, server, browser } = await startMailingStore({
      MAIL_FROM: 'shop@juniper-and-oak.test',
      RATE_LIMIT_REQUESTS: '1000',
    }));
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    expect(await stopMailingStore({ smtp, server, browser })).toEqual([]);
  });

  async function buy(page: Page) {
    await checkoutOne(page, server.url, '/shop/p/seasonal-recipes');
    await page.getByLabel('Email').fill('reader@example.com');
    await payByCard(page, 'Rae Reader');
  }

  it('sends the link, takes the review, and shows it after approval', async () => {
    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, server.url, 'owner@example.com', PASSWORD, '/config/reviews');
    // The merchant asks at once rather than a week later, so the mail leaves now.
    await owner.getByText('Review requests').click();
    await owner.getByLabel(/days after their order is paid/).fill('0');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Saved').waitFor();

    const buyer = await (await browser.newContext()).newPage();
    await buy(buyer);
    const deadline = Date.now() + 20_000;
    const requestMail = () => smtp.received.find((m) => reviewsLink(m.raw));
    while (!requestMail() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const mail = requestMail();
    expect(mail?.to).toEqual(['reader@example.com']);
    expect(mail?.raw).toMatch(/^From: .*shop@juniper-and-oak\.test/m);
    expect(mail?.raw).toContain('Seasonal Recipes');

    await buyer.goto(`${server.url}${reviewsLink(mail!.raw)}`);
    await buyer.getByRole('heading', { name: /Review your order/ }).waitFor();
    const form = buyer.locator('#review-seasonal-recipes form');
    await form.getByRole('button', { name: 'Send review' }).click();
    await form.getByText('Choose a rating from 1 to 5 stars.').waitFor();
    await buyer.locator('#review-seasonal-recipes').getByLabel('5 stars').check();
    // A digital order has no address to take a first name from: the buyer gives one.
    await buyer.locator('#review-seasonal-recipes').getByLabel('Your name').fill('Rae');
    await buyer
      .locator('#review-seasonal-recipes')
      .getByLabel('Title', { exact: true })
      .fill('Dinner, sorted');
    await buyer
      .locator('#review-seasonal-recipes')
      .getByLabel('Review', { exact: true })
      .fill('Cooked four recipes in a week.');
    await buyer.locator('#review-seasonal-recipes').getByRole('button', { name: 'Send review' }).click();
    await buyer.getByText('Thank you! Your review will appear once the store approves it.').waitFor();
    expect(await buyer.locator('#review-seasonal-recipes form').count()).toBe(0);

    await buyer.goto(`${server.url}/shop/p/seasonal-recipes`);
    expect(await buyer.locator('#reviews').count()).toBe(0);

    await owner.goto(`${server.url}/config/reviews`);
    const card = owner.locator('article', { hasText: 'Dinner, sorted' });
    await card.getByText('Verified buyer').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await owner.getByRole('button', { name: 'Waiting (0)' }).waitFor();

    await buyer.goto(`${server.url}/shop/p/seasonal-recipes`);
    const section = buyer.locator('#reviews');
    await section.getByText('Dinner, sorted').waitFor();
    expect(await section.getByText('Verified buyer').count()).toBe(1);
    await buyer.locator('[data-reviews-anchor]').click();
    await buyer.waitForURL(/#reviews$/);
    expect(await buyer.locator('[data-reviews-tab]').textContent()).toBe('Reviews (1)');
  });
});
