import { REVIEW_MESSAGES, SITE_ROLES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoStore } from '../src/modules/catalog/import.js';
import { REVIEW_IMPORT_MESSAGES, seedDemoReviews } from '../src/modules/reviews/import.js';
import { cartWith, checkoutCatalog, placeOrder, US_ADDRESS } from './checkout-support.js';
import { CRUMB, createTestApp, TEST_ENV, type TestApp } from './support/app.js';
import { createTestDatabase, dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 2, 2, 12);

describe.each(dialects)('product reviews on %s', (dialect) => {
  let t: TestApp;
  const clock = { at: START, now: () => clock.at };
  let moderator: Record<string, string>;
  let viewer: Record<string, string>;
  let admin: Record<string, string>;

  /** A paid order of a zine and two posters; answers its id and its review link's path. */
  async function order(): Promise<{ id: string; link: string; mail: { next_attempt_at: number } }> {
    const cart = await cartWith(t.app, [
      { itemId: 'zine', sku: 'ZINE', quantity: 1 },
      { itemId: 'poster', sku: 'POSTER', quantity: 2 },
    ]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, cart);
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id as string;
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'reviews-request')
      .where('ref', '=', `reviews:${id}`)
      .executeTakeFirstOrThrow();
    const { link } = JSON.parse(mail.payload).data as { link: string };
    return { id, link: new URL(link).pathname, mail: { next_attempt_at: Number(mail.next_attempt_at) } };
  }

  const send = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
    });
  const review = {
    productId: 'zine',
    rating: '4',
    title: 'Soft and true to size',
    body: 'Washed it twice.',
    authorName: 'Ada',
  };
  const queue = async (status = 'pending') =>
    (await ownerCall(t.app, 'GET', `/api/config/reviews?status=${status}`, moderator)).json();

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { ...checkoutCatalog(), storeSettings: { displayNativeProductReviewsEnabled: true } },
      { clock },
    );
    for (const role of [SITE_ROLES.moderator, SITE_ROLES.viewer, SITE_ROLES.admin])
      await addOwner(t.database, role, ownerEmail(role), undefined, clock);
    moderator = await signIn(t.app, ownerEmail(SITE_ROLES.moderator));
    viewer = await signIn(t.app, ownerEmail(SITE_ROLES.viewer));
    admin = await signIn(t.app, ownerEmail(SITE_ROLES.admin));
  });
  afterAll(async () => t?.close());

  it('mails one reviews request per paid order, held until the delay has passed', async () => {
    const { id, link, mail } = await order();
    expect(mail.next_attempt_at).toBe(START + 7 * DAY);
    expect(link).toMatch(/^\/commerce\/reviews\/[\w-]+$/);
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('kind')
      .where('ref', 'in', [`order:${id}`, `reviews:${id}`])
      .execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'reviews-request']);
  });

  it('opens the reviews request page listing the order\u2019s products', async () => {
    const { link } = await order();
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="page-type-209"');
    expect(page.body).toContain('>Zine</a>');
    expect(page.body).toContain('>Poster</a>');
    expect(page.body).toContain('value="Ada"');
    expect(page.body.match(/<form class="review-form"/g)).toHaveLength(2);
  });

  it('refuses bad fields with their messages and keeps what was typed', async () => {
    const { link } = await order();
    const res = await send(link, { ...review, rating: '6', title: 'x'.repeat(121), body: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(REVIEW_MESSAGES.ratingRequired);
    expect(res.body).toContain(REVIEW_MESSAGES.titleTooLong);
    expect(res.body).toContain(REVIEW_MESSAGES.required);
    expect(res.body).toContain(`value="${'x'.repeat(121)}"`);
    const other = await send(link, { ...review, productId: 'tee' });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain(REVIEW_MESSAGES.notInOrder);
  });

  it('takes one review per product per order: the link cannot post a product again', async () => {
    const { link } = await order();
    const sent = await send(link, review);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${link}?reviewed=zine`);
    const after = await t.app.inject({ url: sent.headers.location as string });
    expect(after.body).toContain(REVIEW_MESSAGES.thanks);
    expect(after.body.match(/<form class="review-form"/g)).toHaveLength(1);
    const again = await send(link, { ...review, title: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(REVIEW_MESSAGES.alreadyReviewed);
    const rows = await t.database.db
      .selectFrom('product_reviews')
      .selectAll()
      .where('title', '=', 'Changed my mind')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('answers an unknown link 404 and an expired one 410', async () => {
    const { link } = await order();
    expect((await t.app.inject({ url: '/commerce/reviews/nope' })).statusCode).toBe(404);
    clock.at += 68 * DAY;
    try {
      const page = await t.app.inject({ url: link });
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(REVIEW_MESSAGES.linkExpired);
      expect((await send(link, review)).statusCode).toBe(410);
    } finally {
      clock.at = START;
    }
  });

  it('closes the link of an order refunded in whole', async () => {
    const { id, link } = await order();
    const refund = await ownerCall(t.app, 'POST', `/api/config/orders/${id}/refund`, admin, { whole: true });
    expect(refund.statusCode).toBe(200);
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(REVIEW_MESSAGES.orderClosed);
  });

  it('keeps a review off the product page until a moderator approves it', async () => {
    const { link } = await order();
    await send(link, { ...review, productId: 'poster', title: 'Bright colours', rating: '5' });
    const before = await t.app.inject({ url: '/shop/p/poster' });
    expect(before.body).not.toContain('id="reviews"');
    expect(before.body).not.toContain('AggregateRating');
    expect(before.body).not.toContain('data-reviews-anchor');

    const pending = await queue();
    const row = pending.reviews.find((r: { title: string }) => r.title === 'Bright colours');
    expect(row).toMatchObject({ productName: 'Poster', verifiedBuyer: true, rating: 5, status: 'pending' });
    expect(
      (await ownerCall(t.app, 'PATCH', `/api/config/reviews/${row.id}`, viewer, { status: 'approved' }))
        .statusCode,
    ).toBe(403);
    const approved = await ownerCall(t.app, 'PATCH', `/api/config/reviews/${row.id}`, moderator, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);

    const page = await t.app.inject({ url: '/shop/p/poster' });
    expect(page.body).toContain('Bright colours');
    expect(page.body).toContain('Verified buyer');
    expect(page.body).toMatch(/<a class="product-rating" href="#reviews" data-reviews-anchor>/);
    expect(page.body).toContain('data-reviews-tab>Reviews (1)</a>');
    const ld = JSON.parse(page.body.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]);
    expect(ld['@type']).toBe('Product');
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 });
    expect(ld.review[0]).toMatchObject({
      '@type': 'Review',
      name: 'Bright colours',
      reviewRating: { ratingValue: 5 },
    });

    // Rejected: gone from the page again.
    await ownerCall(t.app, 'PATCH', `/api/config/reviews/${row.id}`, moderator, { status: 'rejected' });
    expect((await t.app.inject({ url: '/shop/p/poster' })).body).not.toContain('Bright colours');
    await ownerCall(t.app, 'PATCH', `/api/config/reviews/${row.id}`, moderator, { status: 'approved' });
  });

  it('imports a CSV file all or nothing, with every error and its row, and a re-import changes nothing', async () => {
    const bad = [
      'product,rating,title,body,author,date',
      'mug,5,Great mug,Holds a lot,Grace,2026-01-05',
      'nothing-here,3,Fine,Fine,Alan,2026-01-06',
      'MUG,9,,Too many stars,Alan,5 Jan',
    ].join('\n');
    const refused = await ownerCall(t.app, 'POST', '/api/config/reviews/import', moderator, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REVIEW_IMPORT_MESSAGES.failed(2));
    expect(refused.json().errors['3']).toBe(REVIEW_IMPORT_MESSAGES.unknownProduct('nothing-here'));
    expect(refused.json().errors['4']).toContain(`rating: ${REVIEW_MESSAGES.ratingRequired}`);
    expect(refused.json().errors['4']).toContain(`title: ${REVIEW_MESSAGES.required}`);
    expect(refused.json().errors['4']).toContain(`date: ${REVIEW_IMPORT_MESSAGES.badDate}`);
    const imported = await t.database.db
      .selectFrom('product_reviews')
      .selectAll()
      .where('source', '=', 'imported')
      .execute();
    expect(imported).toHaveLength(0);

    const missing = await ownerCall(t.app, 'POST', '/api/config/reviews/import', moderator, {
      csv: 'product,rating\nmug,5',
    });
    expect(missing.json().message).toBe(REVIEW_IMPORT_MESSAGES.missingColumn('title'));

    const good = [
      'Author,Date,Product,Rating,Title,Body',
      'Grace,2026-01-05,mug,5,Great mug,"Holds a lot, keeps it warm"',
      'Alan,2026-01-06T10:00:00Z,MUG,4,Solid,Heavy in the hand',
    ].join('\r\n');
    const first = await ownerCall(t.app, 'POST', '/api/config/reviews/import', moderator, {
      csv: good,
      approve: true,
    });
    expect(first.json()).toEqual({ imported: 2, unchanged: 0 });
    const second = await ownerCall(t.app, 'POST', '/api/config/reviews/import', moderator, {
      csv: good,
      approve: true,
    });
    expect(second.json()).toEqual({ imported: 0, unchanged: 2 });
  });

  it('shows native and imported reviews as the store settings say', async () => {
    // Native only (the test store's setting): the imported mug reviews stay hidden.
    expect((await t.app.inject({ url: '/shop/p/mug' })).body).not.toContain('Great mug');
    const set = (storeSettings: Record<string, boolean>) =>
      ownerCall(t.app, 'PATCH', '/api/config/settings', admin, { storeSettings });
    expect((await set({ displayImportedProductReviewsEnabled: true })).statusCode).toBe(200);
    const mug = (await t.app.inject({ url: '/shop/p/mug' })).body;
    expect(mug).toContain('Great mug');
    expect(mug).not.toContain('Verified buyer');
    expect(mug).toContain('4.5 <span class="product-rating-count">(2 reviews)</span>');
    // Newest first.
    expect(mug.indexOf('Solid')).toBeLessThan(mug.indexOf('Great mug'));
    await set({ displayNativeProductReviewsEnabled: false, displayImportedProductReviewsEnabled: false });
    const none = (await t.app.inject({ url: '/shop/p/poster' })).body;
    expect(none).not.toContain('id="reviews"');
    expect(none).not.toContain('AggregateRating');
    await set({ displayNativeProductReviewsEnabled: true, displayImportedProductReviewsEnabled: true });
  });

  it('pages the reviews section, newest first', async () => {
    const rows = Array.from(
      { length: 7 },
      (_, i) => `mug,3,Review ${i + 1},Text ${i + 1},Buyer ${i + 1},2026-02-${String(i + 10)}`,
    );
    const res = await ownerCall(t.app, 'POST', '/api/config/reviews/import', moderator, {
      csv: ['product,rating,title,body,author,date', ...rows].join('\n'),
      approve: true,
    });
    expect(res.json().imported).toBe(7);
    const first = (await t.app.inject({ url: '/shop/p/mug' })).body;
    expect(first).toContain('Review 7');
    expect(first).not.toContain('Review 2<');
    expect(first).toContain('href="/shop/p/mug?reviewsPage=2#reviews" rel="next"');
    const second = (await t.app.inject({ url: '/shop/p/mug?reviewsPage=2' })).body;
    expect(second).toContain('Review 2<');
    expect(second).not.toContain('Review 7');
    expect(second).toContain('Page 2 of 2');
  });

  it('lets the merchant set the delay: 0 sends at once; out of range is refused with its message', async () => {
    const wrong = await ownerCall(t.app, 'PATCH', '/api/config/reviews/settings', admin, {
      requestDelayDays: -1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(REVIEW_MESSAGES.delayRange);
    expect(
      (await ownerCall(t.app, 'PATCH', '/api/config/reviews/settings', moderator, { requestDelayDays: 0 }))
        .statusCode,
    ).toBe(403);
    const saved = await ownerCall(t.app, 'PATCH', '/api/config/reviews/settings', admin, {
      requestDelayDays: 0,
    });
    expect(saved.json()).toEqual({ requestDelayDays: 0 });
    const { mail } = await order();
    expect(mail.next_attempt_at).toBe(START);
    expect((await ownerCall(t.app, 'GET', '/api/config/reviews/settings', admin)).json()).toEqual({
      requestDelayDays: 0,
    });
  });
});

describe.each(dialects)('the demo store\u2019s reviews on %s', (dialect) => {
  it('shows a few approved reviews on demo products, and seeding again adds none', async () => {
    const database = await createTestDatabase(dialect);
    try {
      await seedDemoStore(database);
      expect(await seedDemoReviews(database)).toEqual({ imported: 6, unchanged: 0 });
      expect(await seedDemoReviews(database)).toEqual({ imported: 0, unchanged: 6 });
      const app = await buildApp(loadConfig(TEST_ENV), { database, logger: false });
      try {
        const page = (await app.inject({ url: '/shop/p/stoneware-pour-over-set' })).body;
        expect(page).toContain('data-reviews-tab>Reviews (3)</a>');
        expect(page).toContain('4.7 <span class="product-rating-count">(3 reviews)</span>');
        expect(page).toContain('"aggregateRating"');
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
    }
  });
});
