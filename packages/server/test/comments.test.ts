import { SITE_ROLES, threadComments } from '@storefront/commerce';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { addContentCollections, addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

/** The proof of work checks its expiry by the wall clock too: the test's clock starts now. */
const START = Date.now();

describe('comment threads', () => {
  it('places replies under their parents, depth first, and orphans at the top', () => {
    const c = (id: string, parentId: string | null) => ({ id, parentId });
    const order = threadComments([c('a', null), c('b', null), c('a1', 'a'), c('a1x', 'a1'), c('o', 'gone')]);
    expect(order.map((t) => `${t.comment.id}:${t.depth}`)).toEqual(['a:0', 'a1:1', 'a1x:2', 'b:0', 'o:0']);
  });
});

/** Solves a challenge as the comment form's widget does. */
async function solved(t: TestApp): Promise<string> {
  const challenge = (await t.app.inject({ url: '/api/form/captcha-challenge' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe.each(dialects)('comments and likes on %s', (dialect) => {
  let t: TestApp;
  const clock = { at: START, now: () => clock.at };
  let postId = '';
  let closedId = '';
  let moderator: Record<string, string>;
  let viewer: Record<string, string>;
  let admin: Record<string, string>;

  const comment = (fields: Record<string, string>) => {
    clock.at += 1000;
    return t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: CRUMB, itemId: postId, ...fields }).toString(),
    });
  };
  const rows = () =>
    t.database.db.selectFrom('content_comments').selectAll().where('item_id', '=', postId).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, smallCatalog(), { clock });
    await addContentCollections(t, clock);
    postId = (
      await addItem(t, { title: 'Kilns', urlSlug: 'kilns', commentState: 1, publishOn: START }, clock)
    ).id;
    closedId = (await addItem(t, { title: 'Closed', urlSlug: 'closed', commentState: 0 }, clock)).id;
    for (const role of [SITE_ROLES.moderator, SITE_ROLES.viewer, SITE_ROLES.admin])
      await addOwner(t.database, role, ownerEmail(role), undefined, clock);
    moderator = await signIn(t.app, ownerEmail(SITE_ROLES.moderator));
    viewer = await signIn(t.app, ownerEmail(SITE_ROLES.viewer));
    admin = await signIn(t.app, ownerEmail(SITE_ROLES.admin));
  });
  afterAll(async () => t?.close());

  it('shows an open post with no comments as "No Comments" and a form that posts without JavaScript', async () => {
    const page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).toContain('<h2 id="comments-title">No Comments</h2>');
    expect(page.body).toContain('action="/api/content/comments"');
    expect(page.body).toContain('data-island="CommentCaptcha"');
    // A closed post without comments has no comment section at all (spec §5).
    const closed = await t.app.inject({ url: '/blog/closed' });
    expect(closed.body).not.toContain('id="comments"');
  });

  it('refuses a comment with missing fields, keeping what was typed', async () => {
    const res = await comment({ name: 'Ada', email: 'not-an-email', body: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(res.body).toMatch(/id="comment-form-body-error">Required</);
    expect(res.body).toContain('value="Ada"');
    expect(await rows()).toHaveLength(0);
  });

  it('refuses fields that are not text with 400 naming the field, before any page is drawn', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
      payload: { itemId: postId, name: ['Ada', 'Bo'], email: 'a@b.co', body: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^name: /);
    expect(await rows()).toHaveLength(0);
  });

  it('drops a comment whose honeypot is filled, answering as if it were taken', async () => {
    const res = await comment({ name: 'Bot', email: 'bot@example.com', body: 'Buy now', _website: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you. Your comment is awaiting moderation.');
    expect(await rows()).toHaveLength(0);
  });

  it('queues a comment with a solved captcha, sets one without it among the spam; neither shows yet', async () => {
    const answer = await solved(t);
    const ok = await comment({
      name: 'Ada',
      email: 'ada@example.com',
      body: 'Lovely kiln.',
      captchaKey: answer,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Thank you. Your comment is awaiting moderation.');
    // The same answer again counts as no answer.
    await comment({ name: 'Eve', email: 'eve@example.com', body: 'Replayed.', captchaKey: answer });
    await comment({ name: 'Nojs', email: 'no@example.com', body: 'No script here.' });
    const byName = Object.fromEntries((await rows()).map((r) => [r.author_name, r.status]));
    expect(byName).toEqual({ Ada: 'pending', Eve: 'spam', Nojs: 'spam' });
    const page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).toContain('No Comments');
    expect(page.body).not.toContain('Lovely kiln.');
  });

  it('lets a moderator approve, and the count text and thread follow', async () => {
    const queue = await ownerCall(t.app, 'GET', '/api/config/content/comments', moderator);
    expect(queue.statusCode).toBe(200);
    const body = queue.json();
    expect(body.counts).toEqual({ pending: 1, approved: 0, spam: 2 });
    expect(body.comments).toHaveLength(1);
    expect(body.comments[0]).toMatchObject({ authorName: 'Ada', itemTitle: 'Kilns', itemUrl: '/blog/kilns' });
    expect((await ownerCall(t.app, 'GET', '/api/config/content/comments', viewer)).statusCode).toBe(403);

    const ada = body.comments[0].id;
    expect(
      (
        await ownerCall(t.app, 'PATCH', `/api/config/content/comments/${ada}`, moderator, {
          status: 'approved',
        })
      ).statusCode,
    ).toBe(200);
    let page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).toContain('<h2 id="comments-title">1 Comment</h2>');
    expect(page.body).toContain('Lovely kiln.');

    // A reply to Ada (approved from the spam), then the count reads "2 Comments" and it nests.
    const spam = (
      await ownerCall(t.app, 'GET', '/api/config/content/comments?status=spam', moderator)
    ).json();
    const nojs = spam.comments.find((c: { authorName: string }) => c.authorName === 'Nojs').id;
    const eve = spam.comments.find((c: { authorName: string }) => c.authorName === 'Eve').id;
    await ownerCall(t.app, 'PATCH', `/api/config/content/comments/${nojs}`, moderator, {
      status: 'approved',
    });
    const reply = await comment({
      name: 'Bo',
      email: 'bo@example.com',
      body: 'Agreed!',
      parentId: ada,
      captchaKey: await solved(t),
    });
    expect(reply.statusCode).toBe(200);
    const bo = (await rows()).find((r) => r.author_name === 'Bo')!;
    expect(bo.parent_id).toBe(ada);
    await ownerCall(t.app, 'PATCH', `/api/config/content/comments/${bo.id}`, moderator, {
      status: 'approved',
    });
    page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).toContain('<h2 id="comments-title">3 Comments</h2>');
    expect(page.body).toMatch(
      /class="comment comment-depth-1" id="comment-[^"]+"><p class="comment-meta"><strong>Bo</,
    );
    expect(page.body.indexOf('Lovely kiln.')).toBeLessThan(page.body.indexOf('Agreed!'));
    expect(page.body.indexOf('Agreed!')).toBeLessThan(page.body.indexOf('No script here.'));

    // Delete: gone, and its audit entry names who did it.
    expect(
      (await ownerCall(t.app, 'DELETE', `/api/config/content/comments/${eve}`, moderator)).statusCode,
    ).toBe(200);
    expect((await rows()).some((r) => r.id === eve)).toBe(false);
    expect(
      (
        await ownerCall(t.app, 'PATCH', `/api/config/content/comments/${eve}`, moderator, {
          status: 'approved',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ownerCall(t.app, 'PATCH', `/api/config/content/comments/${ada}`, moderator, { status: 'shown' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a comment on a closed post, a reply to an unknown comment, and hides comments when turned off', async () => {
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: CRUMB,
        itemId: closedId,
        name: 'A',
        email: 'a@b.co',
        body: 'x',
      }).toString(),
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toContain('Comments are closed.');
    const orphan = await comment({ name: 'A', email: 'a@b.co', body: 'x', parentId: 'cm_nope' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.body).toContain('The comment you replied to is not there any more.');
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ itemId: postId, name: 'A', email: 'a@b.co', body: 'x' }).toString(),
    });
    expect(noCrumb.statusCode).toBe(403);

    const off = await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, {
      commentsEnabled: false,
    });
    expect(off.json()).toMatchObject({ commentsEnabled: false });
    const page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).not.toContain('id="comments"');
    await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, { commentsEnabled: true });
    expect(
      (
        await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, {
          shareButtonOptions: ['myspace'],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('counts one like per browser and shows the share links the site chose', async () => {
    const like = (cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/content/items/${postId}/like`,
        cookies: { crumb: CRUMB, ...cookies },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `crumb=${CRUMB}`,
      });
    const first = await like({});
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/blog/kilns#like');
    const liker = first.cookies.find((c) => c.name === 'sfLiker')!.value;
    await like({ sfLiker: liker });
    await like({});
    // A script asks for JSON: the count, the browser's second like not counted.
    const scripted = await t.app.inject({
      method: 'POST',
      url: `/api/content/items/${postId}/like`,
      cookies: { crumb: CRUMB, sfLiker: liker },
      headers: { 'x-csrf-token': CRUMB, accept: 'application/json' },
    });
    expect(scripted.statusCode).toBe(200);
    expect(scripted.json()).toEqual({ likeCount: 2 });
    const page = await t.app.inject({ url: '/blog/kilns' });
    expect(page.body).toContain('<span class="post-like-count">2 Likes</span>');
    expect(page.body).toContain('href="https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost');
    expect(page.body).toContain(
      'class="post-share-link post-share-email" href="mailto:?subject=Kilns&amp;body=',
    );
    await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, {
      shareButtonOptions: [],
      simpleLikingEnabled: false,
    });
    const plain = await t.app.inject({ url: '/blog/kilns' });
    expect(plain.body).not.toContain('post-share');
    expect(plain.body).not.toContain('post-like');
    expect((await like({})).statusCode).toBe(403);
  });
});
