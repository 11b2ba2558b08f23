import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContributor, signIn } from './support/owner.js';
import type { RunningServer } from './support/server.js';
import { type Smtp, startMailingStore, stopMailingStore } from './support/store.js';

const PASSWORD = 'correct horse battery staple';
const REQUIRED = 'Required';
const SCROLL_UP = 'Your form has encountered a problem. Please scroll up to review.';
const SUCCESS = 'Thanks for writing to Juniper & Oak. We answer every message within one working day.';

const fieldError = (page: Page, fieldId: string) =>
  page.locator(`[data-field="${fieldId}"] .site-form-error`);

describe('site forms in the browser', () => {
  let smtp: Smtp;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ smtp, server, browser } = await startMailingStore({ MAIL_FROM: 'shop@juniper-and-oak.test' }));
    addContributor(server.dataDir, 'owner@example.com', 'admin', PASSWORD);
  });
  afterAll(async () => {
    expect(await stopMailingStore({ smtp, server, browser })).toEqual([]);
  });

  it('shows each field’s message and the scroll notice, then sends the contact form and shows the success text', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(/\/contact$/);
    // The contact form, not the newsletter sign-up under it.
    const contact = page.locator('.site-form-block:not(.site-form-block--newsletter)');
    await page.locator('.site-form-block:not(.site-form-block--newsletter)[data-island-ready]').waitFor();

    await contact.getByRole('button', { name: 'Submit' }).click();
    for (const id of ['contact-name', 'contact-email', 'contact-topic', 'contact-message']) {
      await expect.poll(() => fieldError(page, id).textContent()).toBe(REQUIRED);
    }
    expect(await fieldError(page, 'contact-phone').count()).toBe(0);
    await expect.poll(() => contact.locator('.site-form-notice').textContent()).toBe(SCROLL_UP);

    await contact.getByLabel('First name').fill('Ada');
    await contact.getByLabel('Last name').fill('Lovelace');
    await contact.getByLabel('Email').fill('ada@');
    await contact.getByLabel('What is it about?').selectOption('A custom piece');
    await contact.getByLabel('Message').fill('x'.repeat(1001));
    expect(await contact.locator('.site-form-counter').textContent()).toBe('1001 / 1000');
    await contact.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => fieldError(page, 'contact-email').textContent())
      .toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(await fieldError(page, 'contact-message').textContent()).toBe(
      'You have exceeded the character limit.',
    );
    expect(await fieldError(page, 'contact-name').count()).toBe(0);

    await contact.getByLabel('Email').fill('ada@example.com');
    await contact.getByLabel('Message').fill('Could you make a walnut board 60 cm long?');
    expect(await contact.locator('.site-form-counter').textContent()).toBe('41 / 1000');
    await contact.getByRole('button', { name: 'Submit' }).click();
    await contact.locator('.site-form-success').waitFor({ timeout: 30_000 });
    expect(await contact.locator('.site-form-success').textContent()).toBe(SUCCESS);
    expect(await contact.locator('form.site-form').count()).toBe(0);
    await page.close();
  });

  it('emails the submission to the form’s recipient through a real SMTP server, once', async () => {
    const deadline = Date.now() + 20_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['hello@juniper-oak.example']);
    expect(mail.raw).toContain('Ada Lovelace');
    expect(mail.raw).toContain('walnut board');
  });

  it('lets the owner read the submission, and build a form that redirects, which works without JavaScript too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, 'owner@example.com', PASSWORD, '/config/forms');
    await page.getByRole('link', { name: '1 submission' }).click();
    await page.locator('.cfg-submission').waitFor();
    expect(await page.locator('.cfg-submission').textContent()).toContain('Ada Lovelace');
    expect(await page.locator('.cfg-submission').textContent()).toContain('A custom piece');

    await page.goto(`${server.url}/config/forms/new`);
    await page.getByLabel('Name', { exact: true }).first().fill('Workshop visit');
    await page.locator('#form-field-0-fields-0-title').fill('Your name');
    await page.locator('#form-field-1-fields-1-title').fill('Your email');
    await page.locator('#form-field-0-fields-0-required').check();
    await page.locator('#form-field-1-fields-1-required').check();
    await page.getByLabel('Redirect to').fill('/shop');
    await page.getByLabel(/Ask for a captcha/).uncheck();
    await page.getByLabel(/Publish on its own page/).fill('workshop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/config\/forms\/form_/);
    await context.close();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/workshop`);
    await visitor.locator('[data-island="SiteForm"][data-island-ready]').first().waitFor();
    await visitor.getByLabel('First name').fill('Grace');
    await visitor.getByLabel('Last name').fill('Hopper');
    await visitor.getByLabel('Your email').fill('grace@example.com');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.waitForURL(/\/shop$/);
    await visitor.close();

    // Without JavaScript the same form posts as plain HTML and the answer redirects.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(`${server.url}/workshop`);
    await noJs.getByRole('button', { name: 'Submit' }).click();
    await noJs.waitForURL(/\/api\/form\/submit\//);
    expect(await noJs.locator('.site-form-notice').textContent()).toBe(
      'Your form has encountered a problem. Please scroll down to review.',
    );
    expect(await noJs.locator('.site-form-error').allTextContents()).toEqual([REQUIRED, REQUIRED]);
    await noJs.getByLabel('First name').fill('Alan');
    await noJs.getByLabel('Last name').fill('Turing');
    await noJs.getByLabel('Your email').fill('alan@example.com');
    await noJs.getByRole('button', { name: 'Submit' }).click();
    await noJs.waitForURL(/\/shop$/);
    await plain.close();
  });

  it('shows the captcha compact under 320 px wide (spec §9), in full from 320 px', async () => {
    for (const [width, compact] of [
      [300, true],
      [390, false],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/contact`);
      const widget = page.locator('.site-form-captcha altcha-widget');
      await widget.waitFor();
      await expect.poll(() => widget.evaluate((w) => w.classList.contains('altcha-compact'))).toBe(compact);
      expect(await widget.getByText('Protected by ALTCHA').count()).toBe(compact ? 0 : 1);
      // The checkbox can be seen: its border is drawn (the build once made its colour invalid).
      const border = await widget
        .locator('input[type="checkbox"]')
        .evaluate((el) => getComputedStyle(el).borderTopStyle + getComputedStyle(el).borderTopWidth);
      expect(border).toBe('solid1px');
      await context.close();
    }
  });
});
