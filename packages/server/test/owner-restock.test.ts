import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutTestApp, createCheckoutApp } from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const RESTOCK = '/api/site-users/account/notifications/restock';
/** One more than a page (RESTOCK_PAGE_SIZE), so the list has a second page. */
const WAITING = 51;

describe.each(dialects)('owner restock tools on %s', (dialect) => {
  let t: CheckoutTestApp;
  let manager: Record<string, string>;
  let redVariantId: string;
  const call = (method: string, url: string, body?: unknown, cookies = manager) =>
    ownerCall(t.app, method, url, cookies, body);

  const signUp = (variantId: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/restock-notifications',
      payload: { productId: 'tee', variantId, siteVisitorEmail: email },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });

  const restockMails = () =>
    t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'restock-notification')
      .execute()
      .then((rows) => rows.map((r) => JSON.parse(r.payload) as { to: string; data: Record<string, string> }));

  /** The merchant sets a variant's stock on the inventory screen. */
  const restock = async (sku: string, qty: number) => {
    const res = await call('PATCH', '/api/config/inventory', { changes: [{ sku, set: qty }] });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    // Signups are rate limited per IP like any shopper call; these come from one test client.
    t = await createCheckoutApp(dialect, {}, undefined, 0);
    await addOwner(t.database, 8);
    manager = await signIn(t.app, ownerEmail(8));
    const red = t.database.db.selectFrom('variants').select('id').where('sku', '=', 'TEE-M-RED');
    redVariantId = (await red.executeTakeFirstOrThrow()).id;
    for (let i = 0; i < WAITING; i++)
      expect((await signUp('TEE-M-RED', `shopper${i}@example.com`)).statusCode).toBe(200);
    // The blue tee is in stock: sold out first, so someone can wait for it.
    await restock('TEE-S-BLUE', 0);
    expect((await signUp('TEE-S-BLUE', 'blue@example.com')).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('groups the signups by product and variant, with counts', async () => {
    const res = await call('GET', `${RESTOCK}/groups`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hasNextPage).toBe(false);
    expect(body.nextPageCursor).toBeNull();
    const red = body.signUpGroups.find((g: { sku: string }) => g.sku === 'TEE-M-RED');
    expect(red).toMatchObject({
      productId: 'tee',
      productName: 'Tee',
      variantText: 'M / Red',
      waitingCount: WAITING,
      notifiedCount: 0,
      inStock: false,
    });
    expect(red.variantId).toBe(redVariantId);
    expect(body.signUpGroups).toHaveLength(2);
    const bad = await call('GET', `${RESTOCK}/groups?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'That page does not exist.',
      errors: { cursor: 'That page does not exist.' },
    });
  });

  it('pages one variant’s signups with an opaque cursor', async () => {
    const first = (await call('GET', `${RESTOCK}?productId=tee&variantId=${redVariantId}`)).json();
    expect(first.signUps).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    expect(first.signUps[0]).toMatchObject({
      email: 'shopper0@example.com',
      notified: null,
      isJoinMailingList: false,
    });
    const second = (
      await call('GET', `${RESTOCK}?productId=tee&variantId=${redVariantId}&cursor=${first.nextPageCursor}`)
    ).json();
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(second.signUps).toHaveLength(1);
    const emails = new Set([...first.signUps, ...second.signUps].map((s: { email: string }) => s.email));
    expect(emails.size).toBe(WAITING);
    const missing = await call('GET', `${RESTOCK}?productId=tee`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ variantId: 'variantId is required' });
  });

  it('refuses to send while the variant is still out of stock, and sends nothing', async () => {
    const res = await call('POST', `${RESTOCK}/send`, { productId: 'tee', variantId: redVariantId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This variant is still out of stock. Restock it before notifying its waitlist.',
    );
    expect(await restockMails()).toEqual([]);
    const unknown = await call('POST', `${RESTOCK}/send`, { productId: 'nope', variantId: 'x' });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', `${RESTOCK}/send`, { productId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      productId: 'productId is required',
      variantId: 'variantId is required',
    });
    expect((await call('POST', `${RESTOCK}/send/all`, { sendRequests: [] })).json().errors).toEqual({
      sendRequests: 'List at least one variant to notify.',
    });
  });

  it('sends to every signup exactly once, even when sends race', async () => {
    await restock('TEE-M-RED', 4);
    const blue = (await call('GET', `${RESTOCK}/groups`))
      .json()
      .signUpGroups.find((g: { sku: string }) => g.sku === 'TEE-S-BLUE');
    // One request of a send-all still out of stock: the whole request is refused.
    const mixed = await call('POST', `${RESTOCK}/send/all`, {
      sendRequests: [
        { productId: 'tee', variantId: redVariantId },
        { productId: 'tee', variantId: blue.variantId },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(Object.keys(mixed.json().errors)).toEqual(['sendRequests.1']);
    expect(await restockMails()).toEqual([]);

    const target = { productId: 'tee', variantId: redVariantId };
    const results = await Promise.all([
      call('POST', `${RESTOCK}/send`, target),
      call('POST', `${RESTOCK}/send`, target),
      call('POST', `${RESTOCK}/send/all`, { sendRequests: [target] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const sent = results[0].json().sent + results[1].json().sent + results[2].json().sent;
    expect(sent).toBe(WAITING);
    const mails = await restockMails();
    expect(mails).toHaveLength(WAITING);
    expect(new Set(mails.map((m) => m.to)).size).toBe(WAITING);
    expect(mails[0].data).toMatchObject({ productName: 'Tee', variantText: 'M / Red' });
    expect(mails[0].data.productUrl).toMatch(/^http:\/\/localhost:\d+\/shop\/p\/tee$/);

    const again = await call('POST', `${RESTOCK}/send`, target);
    expect(again.json()).toEqual({ productId: 'tee', variantId: redVariantId, sent: 0 });
    const group = (await call('GET', `${RESTOCK}/groups`))
      .json()
      .signUpGroups.find((g: { sku: string }) => g.sku === 'TEE-M-RED');
    expect(group).toMatchObject({ waitingCount: 0, notifiedCount: WAITING, inStock: true });
    const audits = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'restock.send')
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('is for the store’s staff only', async () => {
    await addOwner(t.database, 10);
    const viewer = await signIn(t.app, ownerEmail(10));
    expect((await call('GET', `${RESTOCK}/groups`, undefined, viewer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${RESTOCK}/groups` })).statusCode).toBe(401);
  });
});
