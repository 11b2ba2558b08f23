import { MEMBER_MESSAGES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCollection } from '../src/modules/catalog/service.js';
import { PAGE_TYPE } from '../src/render/page-types.js';
import { card, newKey } from './checkout-support.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';
import { addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { type Jar, MEMBER_PASSWORD, memberCatalog, memberShopper } from './support/members.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const SECRET = 'Only members read this line.';

describe.each(dialects)('member areas on %s', (dialect) => {
  let t: TestApp;
  const { call, keep, pageType, signUp, buyClub } = memberShopper(() => t);
  // The account page's forms as a browser without JavaScript posts them.
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, memberCatalog());
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock: { now: () => Date.now() } },
      { id: 'members', title: 'Members', urlSlug: 'members', type: 1, typeName: 'page', position: 2 },
    );
    await addItem(t, {
      collectionId: 'members',
      title: 'Members lounge',
      urlSlug: 'members',
      blocks: [{ type: 2, html: `<p>${SECRET}</p>` }],
      memberProducts: ['club'],
    });
  });
  afterAll(async () => t?.close());

  it('shows a visitor the paywall page (107) naming the product with its price and a sign-in link', async () => {
    const res = await call('GET', '/members', {});
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(pageType(res.body)).toBe(PAGE_TYPE.PAYWALL);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).toContain('Club membership');
    expect(res.body).toContain('$25.00');
    expect(res.body).toContain('href="/account?returnTo=%2Fmembers"');
    expect(res.body).toContain(MEMBER_MESSAGES.signInToBuy.slice(0, 30));
  });

  it('brings a visitor who signs in from the paywall back to the area, and never to another site', async () => {
    const page = await call('GET', '/account?returnTo=%2Fmembers', {});
    // Sign in, sign up, and the emailed link each carry it.
    expect(page.body.match(/name="returnTo" value="\/members"/g)).toHaveLength(3);
    expect((await call('GET', '/account', {})).body).not.toContain('name="returnTo"');
    expect((await call('GET', '/account?returnTo=%2F%2Fevil.example', {})).body).not.toContain(
      'name="returnTo"',
    );

    await signUp('rhea@example.com');
    const signIn = (returnTo: string, password = MEMBER_PASSWORD) =>
      form('/api/site-users/session', { email: 'rhea@example.com', password, returnTo });

    const back = await signIn('/members');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/members');
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await signIn(elsewhere)).headers.location).toBe('/account');
    }
    // A wrong password goes back to the sign-in page still carrying the way back.
    const refused = await signIn('/members', 'not-the-password-1');
    expect(refused.headers.location).toMatch(/^\/account\?returnTo=%2Fmembers&error=\w+$/);

    const created = await form('/api/site-users/sign-up', {
      email: 'sami@example.com',
      password: MEMBER_PASSWORD,
      returnTo: '/members',
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/members');
  });

  it('brings a visitor who signs in by the emailed link back to the area, and never to another site', async () => {
    const emailedLink = async (email: string, returnTo: string) => {
      const asked = await form('/api/site-users/sign-in-link', { email, returnTo });
      expect(asked.statusCode).toBe(303);
      const rows = await t.database.db
        .selectFrom('outbox')
        .select('payload')
        .where('kind', '=', 'sign-in-link')
        .execute();
      const mail = rows
        .map((r) => JSON.parse(r.payload) as { to: string; data: { link: string } })
        .findLast((m) => m.to === email)!;
      return { asked, link: new URL(mail.data.link) };
    };

    const { asked, link } = await emailedLink('lena@example.com', '/members');
    // The "check your inbox" page keeps the way back for a password sign-in too.
    expect(asked.headers.location).toBe('/account?returnTo=%2Fmembers&message=signInLinkSent');
    expect(link.pathname).toBe('/account/sign-in-link');
    expect(link.searchParams.get('returnTo')).toBe('/members');
    const linkPage = await call('GET', `${link.pathname}${link.search}`, {});
    expect(linkPage.body).toContain('name="returnTo" value="/members"');
    const used = await form('/api/site-users/sign-in-link/use', {
      token: link.searchParams.get('token')!,
      returnTo: '/members',
    });
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe('/members');

    // Another site's address is neither put in the email nor followed from a crafted link.
    const offsite = await emailedLink('lena@example.com', '//evil.example/x');
    expect(offsite.link.searchParams.has('returnTo')).toBe(false);
    expect(offsite.asked.headers.location).toBe('/account?message=signInLinkSent');
    const crafted = await call(
      'GET',
      `/account/sign-in-link?token=${'a'.repeat(64)}&returnTo=https%3A%2F%2Fevil.example`,
      {},
    );
    expect(crafted.body).not.toContain('name="returnTo"');
    const usedOffsite = await form('/api/site-users/sign-in-link/use', {
      token: offsite.link.searchParams.get('token')!,
      returnTo: 'https://evil.example/',
    });
    expect(usedOffsite.headers.location).toBe('/account');
  });

  it('shows a signed-in customer without the product the access denied page (106) with an add-to-cart form', async () => {
    const jar = await signUp('nina@example.com');
    const res = await call('GET', '/members', jar);
    expect(res.statusCode).toBe(403);
    expect(pageType(res.body)).toBe(PAGE_TYPE.MEMBER_AREA_ACCESS_DENIED);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).toContain('action="/api/commerce/shopping-cart/entries"');
    expect(res.body).toContain('name="itemId" value="club"');
  });

  it('opens the page after a paid order of the paywall product, confirms the membership (208), and closes it on refund', async () => {
    const jar = await signUp('omar@example.com');
    const placed = await buyClub(jar, 'omar@example.com');
    const confirmation = await call('GET', placed.confirmationUrl, jar);
    expect(pageType(confirmation.body)).toBe(PAGE_TYPE.MEMBERSHIP_CONFIRMED);
    expect(confirmation.body).toContain('href="/members"');

    const open = await call('GET', '/members', jar);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.body).toContain(SECRET);
    // Another shopper still meets the offer: the open page was never cached.
    const other = await call('GET', '/members', await signUp('pia@example.com'));
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(SECRET);

    await t.database.db
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('id', '=', placed.order.id)
      .execute();
    const refunded = await call('GET', '/members', jar);
    expect(refunded.statusCode).toBe(403);
    expect(refunded.body).not.toContain(SECRET);
  });

  it('gives nothing of a members-only event away to those it is closed to', async () => {
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock: { now: () => Date.now() } },
      { id: 'events', title: 'Events', urlSlug: 'events', type: 1, typeName: 'events', position: 3 },
    );
    const start = Date.now() + 86_400_000;
    await addItem(t, {
      collectionId: 'events',
      title: 'Members supper',
      urlSlug: 'supper',
      event: { startDate: start, endDate: start + 3_600_000, location: {} },
      memberProducts: ['club'],
    });
    expect((await call('GET', '/events/supper', {})).statusCode).toBe(401);
    expect((await call('GET', '/events/supper/event.ics', {})).statusCode).toBe(404);
    expect(
      (await call('GET', '/events/supper/event.ics', await signUp('quinn@example.com'))).statusCode,
    ).toBe(404);
  });

  it('takes no comment on a members-only post from a visitor (the answer would show the post)', async () => {
    await saveCollection(
      { db: t.database.db, websiteId: 'w1', clock: { now: () => Date.now() } },
      { id: 'blog', title: 'Blog', urlSlug: 'blog', type: 1, typeName: 'blog', position: 4 },
    );
    const post = await addItem(t, {
      collectionId: 'blog',
      title: 'Members letter',
      blocks: [{ type: 2, html: `<p>${SECRET}</p>` }],
      commentState: 1,
      memberProducts: ['club'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/comments',
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: CRUMB,
        itemId: post.id,
        name: 'Eve',
        email: 'eve@example.com',
        body: 'Hi',
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(SECRET);
  });

  it('asks a visitor to sign in before buying a membership', async () => {
    const jar: Jar = {};
    keep(
      jar,
      await call('POST', '/api/commerce/shopping-cart/entries', jar, {
        itemId: 'club',
        sku: 'CLUB',
        quantity: 1,
        additionalFields: null,
      }),
    );
    const order = await call('POST', '/api/commerce/orders', jar, {
      idempotencyKey: newKey(),
      email: 'visitor@example.com',
      source: { kind: 'cart' },
      payment: card(),
    });
    expect(order.statusCode).toBe(401);
    expect(order.json().message).toBe(MEMBER_MESSAGES.signInToCheckout);
  });

  it('keeps member areas out of search results', async () => {
    const res = await call('GET', '/search?q=members', {});
    expect(res.body).not.toContain('Members lounge');
    expect(res.body).not.toContain(SECRET);
  });

  it('refuses unknown and non-paywall products for an item with clear messages', async () => {
    await addOwner(t.database, 1);
    const admin = await signIn(t.app, ownerEmail(1));
    const body = { collectionId: 'members', title: 'Second room', status: 'published' };
    const unknown = await ownerCall(t.app, 'POST', '/api/config/content/items', admin, {
      ...body,
      memberProducts: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MEMBER_MESSAGES.unknownProduct);
    const physical = await ownerCall(t.app, 'POST', '/api/config/content/items', admin, {
      ...body,
      memberProducts: ['mug'],
    });
    expect(physical.statusCode).toBe(400);
    expect(physical.json().message).toBe(MEMBER_MESSAGES.notPaywall);
  });
});
