import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../packages/server/test/support/app.js';
import { addContentCollections, addItem } from '../packages/server/test/support/content.js';
import { addOwner, OWNER_PASSWORD } from '../packages/server/test/support/owner.js';
import { cspViolations, launchChromium } from './support/browser.js';
import { signIn } from './support/owner.js';

/**
 * Issue 16: a visitor comments on a post (the proof-of-work captcha solved as the form is
 * sent), a moderator approves it in the owner's area, and the count text changes. A visitor
 * without JavaScript still posts; the comment waits among the spam.
 */
describe('comments in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    // The wall clock: the captcha's challenge expires by it.
    t = await createTestApp('sqlite');
    await addContentCollections(t);
    await addItem(t, {
      title: 'Kiln diary',
      urlSlug: 'kiln-diary',
      commentState: 1,
      blocks: [{ type: 2, html: '<p>Cone six overnight.</p>' }],
    });
    await addOwner(t.database, 6, 'moderator@example.com', OWNER_PASSWORD);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('posts a comment, which shows once a moderator approves it', async () => {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    await page.goto(`${base}/blog/kiln-diary`);
    expect(await page.locator('#comments-title').textContent()).toBe('No Comments');
    const form = page.locator('#comment-form');
    // A reader who does not comment never loads the captcha; it comes as the form is used, and a
    // form sent at once is held until the widget is there to solve its puzzle (else: spam).
    await page.waitForLoadState('networkidle');
    expect(await form.locator('altcha-widget').count()).toBe(0);
    await form.getByLabel('Name').fill('Ada');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Comment').fill('The glaze looks wonderful.');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await page.getByText('Thank you. Your comment is awaiting moderation.').waitFor();
    expect(await page.locator('#comments-title').textContent()).toBe('No Comments');

    // The same post from a browser without JavaScript: no captcha, so it waits among the spam.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(`${base}/blog/kiln-diary`);
    await noJs.locator('#comment-form').getByLabel('Name').fill('Bo');
    await noJs.locator('#comment-form').getByLabel('Email').fill('bo@example.com');
    await noJs.locator('#comment-form').getByLabel('Comment').fill('Sent without scripts.');
    await noJs.getByRole('button', { name: 'Post comment' }).click();
    await noJs.getByText('Thank you. Your comment is awaiting moderation.').waitFor();
    await plain.close();

    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const area = await owner.newPage();
    await signIn(area, base, 'moderator@example.com', OWNER_PASSWORD, '/config/comments');
    await area.getByRole('link', { name: 'Comments' }).click();
    await area.getByRole('button', { name: 'Waiting (1)' }).waitFor();
    const card = area.getByRole('article', { name: /Ada/ });
    expect(await card.textContent()).toContain('The glaze looks wonderful.');
    await card.getByRole('button', { name: 'Approve' }).click();
    await area.getByText('No comments are waiting.').waitFor();
    await area.getByRole('button', { name: 'Spam (1)' }).click();
    const spam = area.getByRole('article', { name: /Bo/ });
    expect(await spam.textContent()).toContain('Sent without scripts.');
    await spam.getByRole('button', { name: 'Delete' }).click();
    await spam.getByRole('button', { name: 'Delete' }).click();
    await area.getByText('No spam.').waitFor();

    await page.goto(`${base}/blog/kiln-diary`);
    expect(await page.locator('#comments-title').textContent()).toBe('1 Comment');
    expect(await page.locator('.comment-body').textContent()).toBe('The glaze looks wonderful.');

    // A reply, threaded under Ada's comment once approved.
    await page.getByText('Reply to Ada').click();
    const reply = page.locator('.comment-reply-toggle form');
    await reply.getByLabel('Name').fill('Cy');
    await reply.getByLabel('Email').fill('cy@example.com');
    await reply.getByLabel('Comment').fill('Agreed!');
    await reply.getByRole('button', { name: 'Post reply' }).click();
    await page.getByText('Thank you. Your comment is awaiting moderation.').waitFor();
    await area.getByRole('button', { name: /Waiting/ }).click();
    await area.getByRole('article', { name: /Cy/ }).getByRole('button', { name: 'Approve' }).click();
    await area.getByText('No comments are waiting.').waitFor();
    await page.goto(`${base}/blog/kiln-diary`);
    expect(await page.locator('#comments-title').textContent()).toBe('2 Comments');
    expect(await page.locator('.comment-depth-1 .comment-body').textContent()).toBe('Agreed!');
    expect(cspViolations(browser)).toEqual([]);
    await owner.close();
    await visitor.close();
  });
});
