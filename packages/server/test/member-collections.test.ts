import { CONTENT_MESSAGES, LOCK_MARKS, MEMBER_MESSAGES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCollection } from '../src/modules/catalog/service.js';
import { PAGE_TYPE } from '../src/render/page-types.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';
import { addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { type Jar, memberCatalog, memberShopper } from './support/members.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const SECRET = 'Only club members read this line.';
const TEASER = 'A teaser only members may see.';
const LOCKED_TEXT = 'Behind the page password.';
const OWN_MEMBER_TEXT = 'Behind its own paywall product.';

describe.each(dialects)('member collections and protected items on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clubPostId = '';
  let lockedPostId = '';
  let ownMemberPostId = '';
  let openPostId = '';
  const { call, keep, pageType, signUp, buyClub } = memberShopper(() => t);
  const like = (itemId: string, jar: Jar) =>
    t.app.inject({
      method: 'POST',
      url: `/api/content/items/${itemId}/like`,
      cookies: { crumb: CRUMB, ...jar },
      headers: { accept: 'application/json', 'x-csrf-token': CRUMB },
    });
  const comment = (itemId: string, jar: Jar) =>
    t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      cookies: { crumb: CRUMB, ...jar },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: CRUMB,
        itemId,
        name: 'Eve',
        email: 'eve@example.com',
        body: 'Hello',
      }).toString(),
    });
  const setMembers = (id: string, memberProducts: string[]) =>
    ownerCall(t.app, 'PUT', `/api/config/content/collections/${id}/members`, admin, { memberProducts });

  beforeAll(async () => {
    t = await createTestApp(dialect, memberCatalog());
    const ctx = { db: t.database.db, websiteId: 'w1', clock: { now: () => Date.now() } };
    await saveCollection(ctx, {
      id: 'club',
      title: 'Club journal',
      urlSlug: 'club-journal',
      type: 1,
      typeName: 'blog',
      position: 1,
    });
    await saveCollection(ctx, {
      id: 'clubevents',
      title: 'Club evenings',
      urlSlug: 'club-evenings',
      type: 1,
      typeName: 'events',
      position: 2,
    });
    await saveCollection(ctx, {
      id: 'blog',
      title: 'Journal',
      urlSlug: 'journal',
      type: 1,
      typeName: 'blog',
      position: 3,
    });
    clubPostId = (
      await addItem(t, {
        collectionId: 'club',
        title: 'Club letter',
        urlSlug: 'letter',
        excerpt: `<p>${TEASER}</p>`,
        blocks: [{ type: 2, html: `<p>${SECRET}</p>` }],
        categories: ['Notes'],
        commentState: 1,
      })
    ).id;
    const start = Date.now() + 86_400_000;
    await addItem(t, {
      collectionId: 'clubevents',
      title: 'Club supper',
      urlSlug: 'supper',
      excerpt: `<p>${TEASER}</p>`,
      event: { startDate: start, endDate: start + 3_600_000, location: { addressLine1: '1 Secret Lane' } },
    });
    openPostId = (
      await addItem(t, { collectionId: 'blog', title: 'Open news', urlSlug: 'open', commentState: 1 })
    ).id;
    lockedPostId = (
      await addItem(t, {
        collectionId: 'blog',
        title: 'Locked note',
        urlSlug: 'locked',
        excerpt: `<p>${LOCKED_TEXT}</p>`,
        mainImageId: null,
        blocks: [{ type: 2, html: `<p>${LOCKED_TEXT}</p>` }],
        commentState: 1,
        password: 'open sesame',
      })
    ).id;
    ownMemberPostId = (
      await addItem(t, {
        collectionId: 'blog',
        title: 'Members note',
        urlSlug: 'members-note',
        excerpt: `<p>${OWN_MEMBER_TEXT}</p>`,
        blocks: [{ type: 2, html: `<p>${OWN_MEMBER_TEXT}</p>` }],
        commentState: 1,
        memberProducts: ['club'],
      })
    ).id;
    await addOwner(t.database, 1);
    admin = await signIn(t.app, ownerEmail(1));
  });
  afterAll(async () => t?.close());

  it('refuses unknown and non-paywall products for a collection with the item messages, and saves paywall ones', async () => {
    const unknown = await setMembers('club', ['nope']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MEMBER_MESSAGES.unknownProduct);
    expect(unknown.json().errors).toEqual({ memberProducts: MEMBER_MESSAGES.unknownProduct });
    const physical = await setMembers('club', ['mug']);
    expect(physical.statusCode).toBe(400);
    expect(physical.json().message).toBe(MEMBER_MESSAGES.notPaywall);
    const shop = await setMembers('shop', ['club']);
    expect(shop.statusCode).toBe(400);
    expect(shop.json().message).toBe(CONTENT_MESSAGES.notContentCollection);
    // Nothing half-written: the collection is still open.
    expect((await call('GET', '/club-journal', {})).statusCode).toBe(200);

    for (const id of ['club', 'clubevents']) {
      const saved = await setMembers(id, ['club', 'club']);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().collection.memberProducts).toEqual(['club']);
    }
    const listed = await ownerCall(t.app, 'GET', '/api/config/content/collections', admin);
    const club = listed.json().collections.find((c: { id: string }) => c.id === 'club');
    expect(club.memberProducts).toEqual(['club']);
  });

  it('shows a visitor the paywall page (107) for every page of a member collection, with nothing of its items', async () => {
    for (const path of [
      '/club-journal',
      '/club-journal/page/1',
      '/club-journal/category/notes',
      '/club-journal/letter',
      '/club-evenings',
      '/club-evenings?view=calendar',
      '/club-evenings/supper',
    ]) {
      const res = await call('GET', path, {});
      expect(res.statusCode, path).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(pageType(res.body)).toBe(PAGE_TYPE.PAYWALL);
      for (const text of [SECRET, TEASER, '1 Secret Lane']) expect(res.body, path).not.toContain(text);
      // A list names none of its items (an item's own offer page is headed by its title, as lists show it).
      if (!/letter|supper/.test(path))
        for (const title of ['Club letter', 'Club supper']) expect(res.body, path).not.toContain(title);
      expect(res.body).toContain('Club membership');
      expect(res.body).toContain('href="/account"');
    }
    expect((await call('GET', '/club-journal/rss.xml', {})).statusCode).toBe(404);
    expect((await call('GET', '/club-evenings/supper/event.ics', {})).statusCode).toBe(404);
  });

  it('shows a signed-in customer without the product the access denied page (106)', async () => {
    const jar = await signUp('nina@example.com');
    for (const path of ['/club-journal', '/club-journal/letter', '/club-evenings']) {
      const res = await call('GET', path, jar);
      expect(res.statusCode, path).toBe(403);
      expect(pageType(res.body)).toBe(PAGE_TYPE.MEMBER_AREA_ACCESS_DENIED);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).toContain('name="itemId" value="club"');
    }
  });

  it('refuses likes and comments on a member collection’s post to those it is closed to', async () => {
    const visitor = await like(clubPostId, {});
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().message).toBe(CONTENT_MESSAGES.membersOnly);
    const commented = await comment(clubPostId, await signUp('ola@example.com'));
    expect(commented.statusCode).toBe(403);
    expect(commented.body).not.toContain(SECRET);
    const rows = await t.database.db
      .selectFrom('content_comments')
      .selectAll()
      .where('item_id', '=', clubPostId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('opens the whole collection after a paid order, confirms the membership (208) and takes a member’s like once', async () => {
    const jar = await signUp('omar@example.com');
    const placed = await buyClub(jar, 'omar@example.com');
    const confirmation = await call('GET', placed.confirmationUrl, jar);
    expect(pageType(confirmation.body)).toBe(PAGE_TYPE.MEMBERSHIP_CONFIRMED);
    expect(confirmation.body).toContain('href="/club-journal"');
    expect(confirmation.body).toContain('href="/club-evenings"');
    // The open blog's members-only post opens with the same product.
    expect(confirmation.body).toContain('href="/journal/members-note"');

    const list = await call('GET', '/club-journal', jar);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(TEASER);
    expect(list.body).not.toContain(LOCK_MARKS.members);
    expect(list.body).not.toContain('rss.xml');
    const post = await call('GET', '/club-journal/letter', jar);
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain(SECRET);
    expect((await call('GET', '/club-journal/category/notes', jar)).body).toContain('Club letter');
    const events = await call('GET', '/club-evenings', jar);
    expect(events.body).toContain('Club supper');
    expect(events.body).toContain('1 Secret Lane');
    expect((await call('GET', '/club-evenings/supper/event.ics', jar)).statusCode).toBe(200);

    const first = keep(jar, await like(clubPostId, jar));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().likeCount).toBe(1);
    expect((await like(clubPostId, jar)).json().likeCount).toBe(1);
    const commented = await comment(clubPostId, jar);
    expect(commented.statusCode).toBe(200);
    expect(commented.body).toContain('awaiting moderation');

    // Another shopper still meets the offer: the open list was never cached.
    const other = await call('GET', '/club-journal', await signUp('pia@example.com'));
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(TEASER);
  });

  it('shows protected posts of an open blog locked in its lists: title and mark, no excerpt', async () => {
    const list = await call('GET', '/journal', {});
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Locked note');
    expect(list.body).toContain('Members note');
    expect(list.body).toContain(LOCK_MARKS.password);
    expect(list.body).toContain(LOCK_MARKS.members);
    expect(list.body).not.toContain(LOCKED_TEXT);
    expect(list.body).not.toContain(OWN_MEMBER_TEXT);
  });

  it('leaves protected posts and member collections out of RSS, sitemap.xml and search', async () => {
    const rss = await call('GET', '/journal/rss.xml', {});
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('Open news');
    for (const text of ['Locked note', 'Members note', LOCKED_TEXT, OWN_MEMBER_TEXT])
      expect(rss.body).not.toContain(text);

    const sitemap = await call('GET', '/sitemap.xml', {});
    expect(sitemap.body).toContain('/journal/open</loc>');
    for (const path of ['/journal/locked<', '/journal/members-note<', '/club-journal', '/club-evenings'])
      expect(sitemap.body).not.toContain(path);

    for (const q of ['club', 'teaser', 'locked', 'members', 'sesame', 'paywall']) {
      const search = await call('GET', `/search?q=${q}`, {});
      for (const text of ['Club letter', 'Club supper', 'Locked note', 'Members note', SECRET, TEASER])
        expect(search.body, q).not.toContain(text);
    }
  });

  it('refuses likes and comments on a password page until it is unlocked', async () => {
    const locked = await like(lockedPostId, {});
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(CONTENT_MESSAGES.locked);
    const refused = await comment(lockedPostId, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(LOCKED_TEXT);

    const jar: Jar = {};
    const unlocked = keep(
      jar,
      await t.app.inject({
        method: 'POST',
        url: `/api/content/items/${lockedPostId}/unlock`,
        cookies: { crumb: CRUMB },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ crumb: CRUMB, password: 'open sesame', returnTo: '/' }).toString(),
      }),
    );
    expect(unlocked.statusCode).toBe(303);
    const liked = await like(lockedPostId, jar);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().likeCount).toBe(1);
    expect((await comment(lockedPostId, jar)).statusCode).toBe(200);

    const memberOnly = await like(ownMemberPostId, {});
    expect(memberOnly.statusCode).toBe(403);
    expect(memberOnly.json().message).toBe(CONTENT_MESSAGES.membersOnly);
  });

  it('refuses likes on drafts, scheduled posts, pages and when likes are off', async () => {
    const draft = await addItem(t, { collectionId: 'blog', title: 'Draft', status: 'draft' });
    expect((await like(draft.id, {})).statusCode).toBe(404);
    const scheduled = await addItem(t, {
      collectionId: 'blog',
      title: 'Later',
      status: 'scheduled',
      publishOn: Date.now() + 86_400_000,
    });
    expect((await like(scheduled.id, {})).statusCode).toBe(404);
    expect((await like('ci_missing', {})).statusCode).toBe(404);
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock: { now: () => Date.now() } },
      { id: 'about', title: 'About', urlSlug: 'about', type: 1, typeName: 'page', position: 4 },
    );
    const page = await addItem(t, { collectionId: 'about', title: 'About us' });
    const onPage = await like(page.id, {});
    expect(onPage.statusCode).toBe(403);
    expect(onPage.json().message).toBe(CONTENT_MESSAGES.likesPostsOnly);

    await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, { simpleLikingEnabled: false });
    const off = await like(openPostId, {});
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(CONTENT_MESSAGES.likesOff);
    await ownerCall(t.app, 'PATCH', '/api/config/content/settings', admin, { simpleLikingEnabled: true });
  });

  it('opens the collection again to everyone when its products are taken away', async () => {
    const saved = await setMembers('club', []);
    expect(saved.json().collection.memberProducts).toEqual([]);
    const list = await call('GET', '/club-journal', {});
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(TEASER);
    expect((await call('GET', '/club-journal/rss.xml', {})).body).toContain('Club letter');
    expect((await call('GET', '/search?q=club', {})).body).toContain('Club letter');
  });
});
