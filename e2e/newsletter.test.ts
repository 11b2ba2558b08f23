import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../packages/server/test/support/smtp.js';
import { addContributor, signIn } from './support/owner.js';
import type { RunningServer } from './support/server.js';
import { type Smtp, startMailingStore, stopMailingStore } from './support/store.js';

const VISITORS = ['ana@example.com', 'ben@example.com', 'cho@example.com'];
const CAMPAIGNER = 'letters@example.com';
const PASSWORD = 'a long campaign passphrase';
const SUBJECT = 'Autumn at the workshop';
/** The outbox polls every 2 s and spaces a campaign's mails out; this is far more than it needs. */
const MAIL_DEADLINE_MS = 30_000;

/** The body of a mail as text: quoted-printable soft breaks joined and escapes decoded. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The header lines of a mail, each unfolded onto one line. */
function headers(raw: string): string {
  return raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
}

/** A link of the mail's text (not of its headers). */
function linkIn(mail: Received, path: string): string {
  const body = mail.raw.slice(mail.raw.search(/\r?\n\r?\n/));
  const found = decoded(body).match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[0-9a-f]+`));
  if (!found) throw new Error(`no ${path} link in:\n${mail.raw}`);
  return found[0];
}

describe('newsletter sign-up, confirmation, unsubscription and a campaign, over real SMTP', () => {
  let smtp: Smtp;
  let server: RunningServer;
  let browser: Browser;

  async function mailsMatching(test: (m: Received) => boolean, count: number): Promise<Received[]> {
    const deadline = Date.now() + MAIL_DEADLINE_MS;
    while (smtp.received.filter(test).length < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    return smtp.received.filter(test);
  }
  const confirmationTo = (email: string) => (m: Received) =>
    m.to.includes(email) && m.raw.includes('Subject: Confirm your subscription');
  const campaignMail = (m: Received) => m.raw.includes(`Subject: ${SUBJECT}`);

  beforeAll(async () => {
    ({ smtp, server, browser } = await startMailingStore({ MAIL_FROM: 'letters@juniper-and-oak.test' }));
    addContributor(server.dataDir, CAMPAIGNER, '11', PASSWORD);
  });
  afterAll(async () => {
    expect(await stopMailingStore({ smtp, server, browser })).toEqual([]);
  });

  it('signs visitors up on the contact page; each confirms by the emailed link', async () => {
    for (const email of VISITORS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/contact`);
      // The contact page's own sign-up, not the footer's copy.
      const block = page.locator('main .site-form-block--newsletter');
      await page.locator('main .site-form-block--newsletter[data-island-ready]').waitFor();
      await block.getByLabel('Email Address').fill('not an address');
      await block.getByRole('button', { name: 'Sign Up' }).click();
      await expect.poll(() => block.locator('.site-form-error').textContent()).toMatch(/^Email is not valid/);
      // Spec §8: a newsletter form never shows the scroll message.
      expect(await page.getByText(/scroll (up|down) to review/).count()).toBe(0);
      await block.getByLabel('Email Address').fill(email);
      await block.getByRole('button', { name: 'Sign Up' }).click();
      await block.getByText('Check your inbox').waitFor();

      const [mail] = await mailsMatching(confirmationTo(email), 1);
      expect(mail, `confirmation to ${email}`).toBeDefined();
      await page.goto(linkIn(mail, '/newsletter/confirm'));
      await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
      expect(await page.locator('main').textContent()).toContain(
        `${email} now receives The Juniper & Oak letter.`,
      );
      await context.close();
    }
  });

  it('signs up from the footer of a product page: inline with JavaScript (loaded at first use), by a plain POST without', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/p/hand-thrown-mug`);
    const block = page.locator('.site-footer-signup .site-form-block--newsletter');
    await expect(block.getByRole('heading', { name: 'Newsletter' }).isVisible()).resolves.toBe(true);
    const formScript = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => /\/SiteForm-[^/]*\.js$/.test(r.name)),
      );
    // The product page downloads none of the form's code until the visitor uses the form.
    await page.waitForLoadState('networkidle');
    await expect(formScript()).resolves.toBe(false);
    const email = block.getByLabel('Email Address');
    await email.click();
    await expect.poll(formScript).toBe(true);
    await email.fill('not an address');
    await block.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => block.locator('.site-form-error').textContent()).toMatch(/^Email is not valid/);
    await email.fill('eve@example.com');
    await block.getByRole('button', { name: 'Sign Up' }).click();
    await block.getByText('Check your inbox').waitFor();
    expect(page.url()).toBe(`${server.url}/shop/p/hand-thrown-mug`);
    expect(await mailsMatching(confirmationTo('eve@example.com'), 1)).toHaveLength(1);
    await context.close();

    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(`${server.url}/shop/p/hand-thrown-mug`);
    const footer = noJs.locator('.site-footer-signup');
    await footer.getByLabel('Email Address').fill('fay@example.com');
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    await noJs.waitForURL('**/api/form/submit/newsletter');
    await noJs.getByText('Check your inbox').first().waitFor();
    await noJs.getByRole('link', { name: /back/i }).first().click();
    await noJs.waitForURL('**/shop/p/hand-thrown-mug');
    expect(await mailsMatching(confirmationTo('fay@example.com'), 1)).toHaveLength(1);
    await plain.close();
  });

  it('asks for the subject before sending, then a campaign reaches the 3 subscribers exactly once each', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, CAMPAIGNER, PASSWORD, '/config/campaigns/new');
    await page.getByLabel('Send to').selectOption({ label: 'The Juniper & Oak letter (3)' });
    await page
      .getByLabel('Text', { exact: true })
      .fill('The kiln is warm again.\n\nNew mugs arrive on Friday.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/config\/campaigns\/cmp_/);
    await page.getByRole('button', { name: 'Send to the list' }).click();
    await page.getByRole('button', { name: 'Send to the list' }).click();
    await page.getByText('Add an email subject').waitFor();

    await page.getByLabel('Subject').fill(SUBJECT);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Preview of the campaign"]');
    await preview.getByText('New mugs arrive on Friday.').waitFor();
    await page.getByRole('button', { name: 'Send to the list' }).click();
    await page.getByRole('alert').filter({ hasText: 'It cannot be undone.' }).waitFor();
    await page.getByRole('button', { name: 'Send to the list' }).click();
    await page.getByText('This campaign has been sent; it can no longer change.').waitFor();

    const mails = await mailsMatching(campaignMail, VISITORS.length);
    // Anything sent twice would have arrived by now, one outbox pass later.
    await new Promise((r) => setTimeout(r, 4_000));
    const all = smtp.received.filter(campaignMail);
    expect(all.flatMap((m) => m.to).sort()).toEqual([...VISITORS].sort());
    expect(mails).toHaveLength(VISITORS.length);
    for (const mail of all) {
      expect(headers(mail.raw)).toMatch(
        /^List-Unsubscribe: <https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[0-9a-f]+>/m,
      );
      expect(headers(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(decoded(mail.raw)).not.toContain('/api/newsletter/open/');
    }

    await page.goto(`${server.url}/config/campaigns`);
    await page.getByText('3 of 3 delivered').waitFor();
    await context.close();
  });

  it('unsubscribes from the page its email links to', async () => {
    const mail = smtp.received.filter(campaignMail).find((m) => m.to.includes('ben@example.com'));
    if (!mail) throw new Error('no campaign mail to ben@example.com');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(linkIn(mail, '/newsletter/unsubscribe'));
    expect(await page.locator('body').getAttribute('class')).toContain('page-type-300');
    await page.getByText('Stop sending The Juniper & Oak letter to ben@example.com?').waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(
      'ben@example.com will not receive The Juniper & Oak letter any more.',
    );
    await context.close();

    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, server.url, CAMPAIGNER, PASSWORD, '/config/newsletter');
    await ownerPage.getByRole('link', { name: 'The Juniper & Oak letter' }).click();
    await ownerPage.getByLabel('Status').selectOption('unsubscribed');
    await ownerPage.getByRole('button', { name: 'Search' }).click();
    // The list before the search holds ben too: wait for the searched one, ben alone.
    await ownerPage.waitForFunction(() => {
      const rows = document.querySelectorAll('tbody tr');
      return rows.length === 1 && rows[0].textContent?.includes('ben@example.com');
    });
    await owner.close();
  });

  it('offers the sign-up in a popup overlay once the owner turns it on, once per visitor', async () => {
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    addContributor(server.dataDir, 'builder@example.com', 'admin', PASSWORD);
    await signIn(ownerPage, server.url, 'builder@example.com', PASSWORD, '/config/forms/newsletter');
    await ownerPage.getByLabel('Offer it in a popup a few seconds into a visit').check();
    const saved = ownerPage.waitForResponse(
      (r) => r.url().endsWith('/api/config/forms/newsletter') && r.request().method() === 'PUT',
    );
    await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await owner.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const popup = page.getByRole('dialog', { name: 'Newsletter' });
    await popup.waitFor({ timeout: 15_000 });
    expect(
      await popup.evaluate((d) => d.closest('.page-type-104') !== null || d.matches('.page-type-104')),
    ).toBe(true);
    await popup.getByLabel('Email Address').fill('dee@example.com');
    await popup.getByRole('button', { name: 'Sign Up' }).click();
    await popup.getByText('Check your inbox').waitFor();
    const [mail] = await mailsMatching(confirmationTo('dee@example.com'), 1);
    expect(mail).toBeDefined();
    await page.reload();
    await page.waitForTimeout(6_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
