import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  REGISTERED_COOKIE,
  REGISTERED_COOKIE_MS,
  SITE_ROLES,
} from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_WINDOW_MS } from '../src/platform/rate-limit.js';
import { SITE_USER_SESSION_COOKIE } from '../src/platform/site-user-auth.js';
import { card, cartWith, checkoutCatalog, newKey, US_ADDRESS } from './checkout-support.js';
import { MONTHLY } from './subscriptions-billing-support.js';
import { CRUMB, cookiesOf, createTestApp, inOneWindow, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, signIn as ownerSignIn } from './support/owner.js';

const PASSWORD = 'shopper-secret-1';

/** The checkout store with a sold-out vase that has a waitlist, and a monthly subscription. */
function catalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    website: { ...base.website, timeZone: 'UTC' },
    products: [
      ...base.products,
      {
        id: 'vase',
        collectionId: 'shop',
        urlSlug: 'vase',
        name: 'Vase',
        productType: 1,
        merchandising: {
          restockNotificationMessages: { buttonText: 'Notify me', CTAText: 'Sold out? Get told.' },
        },
        variants: [{ sku: 'VASE', price: '30.00', qtyInStock: 0 }],
      },
      {
        id: 'beans',
        collectionId: 'shop',
        urlSlug: 'beans',
        name: 'Beans',
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: MONTHLY,
        variants: [{ sku: 'BEANS', price: '14.00', qtyInStock: 50 }],
      },
    ],
    shippingOptions: [{ id: 'std', name: 'Standard', costCents: 500, countries: ['US'] }],
  };
}

describe.each(dialects)('customer accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog());
  });
  afterAll(async () => t?.close());

  type Jar = Record<string, string>;
  const call = (method: string, url: string, jar: Jar, payload?: object) =>
    t.app.inject({
      method: method as 'POST',
      url,
      cookies: { crumb: CRUMB, ...jar },
      headers: { 'x-csrf-token': CRUMB },
      ...(payload ? { payload } : {}),
    });
  /** Cookies a response set, merged into the jar as a browser keeps them (cleared ones dropped). */
  const keep = <R extends { cookies: { name: string; value: string }[] }>(jar: Jar, res: R): R => {
    for (const [name, value] of Object.entries(cookiesOf(res))) {
      if (value === '') delete jar[name];
      else jar[name] = value;
    }
    return res;
  };
  const outbox = async (kind: string) =>
    (await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute()).map(
      (r) => JSON.parse(r.payload) as { to: string; data: Record<string, string> },
    );

  it('signs up with email and password: session and SiteUserInfo cookies, spec messages for bad input', async () => {
    const jar: Jar = {};
    const res = keep(
      jar,
      await call('POST', '/api/site-users/sign-up', jar, { email: 'Ann@Example.com', password: PASSWORD }),
    );
    expect(res.statusCode).toBe(201);
    const { siteUser } = res.json();
    expect(siteUser).toMatchObject({ email: 'ann@example.com', hasPassword: true });
    expect(jar[SITE_USER_SESSION_COOKIE]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(jar.SiteUserInfo)).toEqual({ authenticated: true, siteUserId: siteUser.id });
    const session = res.cookies.find((c) => c.name === SITE_USER_SESSION_COOKIE) as { httpOnly?: boolean };
    expect(session.httpOnly).toBe(true);

    const again = await call(
      'POST',
      '/api/site-users/sign-up',
      {},
      { email: 'ann@example.com', password: PASSWORD },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.accountExists);
    const badEmail = await call(
      'POST',
      '/api/site-users/sign-up',
      {},
      { email: 'nobody', password: PASSWORD },
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(ACCOUNT_MESSAGES.invalidEmail);
    const short = await call(
      'POST',
      '/api/site-users/sign-up',
      {},
      { email: 'bo@example.com', password: 'short' },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(await t.database.db.selectFrom('site_users').select('email').execute()).toEqual([
      { email: 'ann@example.com' },
    ]);
  });

  it('signs in and out; the account needs a session and the owner session cookie is not one', async () => {
    const wrong = await call(
      'POST',
      '/api/site-users/session',
      {},
      { email: 'ann@example.com', password: 'nope-nope' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    const jar: Jar = {};
    expect(
      keep(
        jar,
        await call('POST', '/api/site-users/session', jar, { email: 'ann@example.com', password: PASSWORD }),
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/site-users/account', jar)).json().siteUser.email).toBe('ann@example.com');
    const token = jar[SITE_USER_SESSION_COOKIE];
    expect(keep(jar, await call('DELETE', '/api/site-users/session', jar)).statusCode).toBe(204);
    expect(JSON.parse(jar.SiteUserInfo)).toEqual({ authenticated: false, siteUserId: null });
    const gone = await call('GET', '/api/site-users/account', { [SITE_USER_SESSION_COOKIE]: token });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(ACCOUNT_MESSAGES.signInRequired);
    expect((await call('GET', '/api/site-users/account', { sf_session: token })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account (429 with the spec message), counted apart from the owner', async () => {
    await call('POST', '/api/site-users/sign-up', {}, { email: 'limited@example.com', password: PASSWORD });
    await inOneWindow(SIGN_IN_WINDOW_MS, 10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(
        'POST',
        '/api/site-users/session',
        {},
        { email: 'limited@example.com', password: 'wrong-guess' },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(MESSAGES.tooManyRequests);
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the cart follows the account: signing in finds it on a new browser and merges a visitor cart into it', async () => {
    const first: Jar = {};
    first.CART = await cartWith(t.app, [
      { itemId: 'mug', sku: 'MUG', quantity: 2 },
      { itemId: 'zine', sku: 'ZINE', quantity: 1 },
    ]);
    keep(
      first,
      await call('POST', '/api/site-users/sign-up', first, { email: 'cara@example.com', password: PASSWORD }),
    );
    const accountCart = first.CART;
    keep(first, await call('POST', '/api/site-users/sign-out', first));
    expect(first.CART).toBeUndefined();

    // A new browser: no cart cookie. Its own visitor cart joins the account's on sign-in.
    const second: Jar = {
      CART: await cartWith(t.app, [
        { itemId: 'mug', sku: 'MUG', quantity: 1 },
        { itemId: 'poster', sku: 'POSTER', quantity: 1 },
        { itemId: 'zine', sku: 'ZINE', quantity: 1 },
      ]),
    };
    const visitorCart = second.CART;
    keep(
      second,
      await call('POST', '/api/site-users/session', second, {
        email: 'cara@example.com',
        password: PASSWORD,
      }),
    );
    expect(second.CART).toBe(accountCart);
    const cart = (await call('GET', '/api/commerce/shopping-cart', second)).json();
    expect(
      cart.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [
        e.chosenVariant.sku,
        e.quantity,
      ]),
    ).toEqual([
      ['MUG', 3],
      // A digital licence both carts hold stays one: it is bought once per order.
      ['ZINE', 1],
      ['POSTER', 1],
    ]);
    expect((await call('GET', '/api/commerce/shopping-cart', { CART: visitorCart })).json().entries).toEqual(
      [],
    );

    // Signed in without the cookie (spec §6 shouldLoadCart: authenticated), the account's cart still loads.
    const { CART: _, ...noCookie } = second;
    expect((await call('GET', '/api/commerce/shopping-cart', noCookie)).json().totalQuantity).toBe(5);
    expect((await call('GET', '/api/commerce/shopping-cart', {})).json().id).toBeNull();
  });

  it('lists orders placed while signed in, with their status pages, and prefills checkout with a saved address', async () => {
    const jar: Jar = {};
    keep(
      jar,
      await call('POST', '/api/site-users/sign-up', jar, { email: 'dee@example.com', password: PASSWORD }),
    );
    const invalid = await call('POST', '/api/site-users/account/addresses', jar, {
      ...US_ADDRESS,
      postalCode: 'nope',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(ACCOUNT_MESSAGES.addressInvalid);
    const saved = await call('POST', '/api/site-users/account/addresses', jar, US_ADDRESS);
    expect(saved.statusCode).toBe(201);
    const checkout = await call('GET', '/checkout', {
      ...jar,
      CART: await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]),
    });
    expect(checkout.body).toContain('dee@example.com');
    expect(checkout.body).toContain(US_ADDRESS.line1);

    keep(
      jar,
      await call('POST', '/api/site-users/session', jar, { email: 'dee@example.com', password: PASSWORD }),
    );
    await call('POST', '/api/commerce/shopping-cart/entries', jar, {
      itemId: 'mug',
      sku: 'MUG',
      quantity: 1,
      additionalFields: null,
    }).then((r) => keep(jar, r));
    const order = await call('POST', '/api/commerce/orders', jar, {
      idempotencyKey: newKey(),
      email: 'dee@example.com',
      source: { kind: 'cart' },
      shippingAddress: US_ADDRESS,
      shippingOptionId: 'std',
      payment: card(),
    });
    expect(order.statusCode).toBe(201);
    const account = (await call('GET', '/api/site-users/account', jar)).json();
    expect(account.orders).toHaveLength(1);
    expect(account.orders[0]).toMatchObject({
      id: order.json().order.id,
      status: 'paid',
      statusUrl: order.json().order.statusUrl,
    });
    const page = await call('GET', '/account', jar);
    expect(page.body).toContain(order.json().order.id);

    const removed = await call('DELETE', `/api/site-users/account/addresses/${saved.json().address.id}`, jar);
    expect(removed.statusCode).toBe(204);
    const missing = await call('DELETE', `/api/site-users/account/addresses/${saved.json().address.id}`, jar);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ACCOUNT_MESSAGES.addressNotFound);
  });

  it('pauses, resumes, reschedules and cancels a subscription from the account; the cancellation is emailed', async () => {
    const jar: Jar = {};
    keep(
      jar,
      await call('POST', '/api/site-users/sign-up', jar, { email: 'eve@example.com', password: PASSWORD }),
    );
    const sub = await call('POST', '/api/3/commerce/cart/subscription', jar, { itemId: 'beans', qty: 1 });
    const order = await call('POST', '/api/commerce/orders', jar, {
      idempotencyKey: newKey(),
      email: 'eve@example.com',
      source: { kind: 'subscription', cartToken: sub.json().data.cartToken },
      shippingAddress: US_ADDRESS,
      shippingOptionId: 'std',
      payment: card(),
    });
    expect(order.statusCode).toBe(201);
    const [subscription] = (await call('GET', '/api/site-users/account', jar)).json().subscriptions;
    const url = `/api/site-users/account/subscriptions/${subscription.id}`;

    const paused = await call('POST', url, jar, { action: 'pause' });
    expect(paused.json().subscription.status).toBe('paused');
    const row = () =>
      t.database.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow();
    expect((await row()).next_attempt_at).toBeNull();
    const twice = await call('POST', url, jar, { action: 'pause' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ACCOUNT_MESSAGES.subscriptionNotActive);
    expect((await call('POST', url, jar, { action: 'resume' })).json().subscription.status).toBe('active');

    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const moved = await call('POST', url, jar, { action: 'reschedule', nextBillingDate: day });
    expect(moved.json().subscription.nextBillingDate.slice(0, 10)).toBe(day);
    expect((await row()).next_attempt_at).toBe(Date.parse(`${day}T00:00:00Z`));
    const past = await call('POST', url, jar, { action: 'reschedule', nextBillingDate: '2001-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(ACCOUNT_MESSAGES.nextDateInvalid);

    const other: Jar = {};
    keep(
      other,
      await call('POST', '/api/site-users/sign-up', other, {
        email: 'mallory@example.com',
        password: PASSWORD,
      }),
    );
    const notTheirs = await call('POST', url, other, { action: 'cancel' });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe(ACCOUNT_MESSAGES.subscriptionNotFound);

    expect((await call('POST', url, jar, { action: 'cancel' })).json().subscription.status).toBe('cancelled');
    const mails = await outbox('subscription-notice');
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'eve@example.com',
        data: expect.objectContaining({ event: 'cancelled', productName: 'Beans' }),
      }),
    ]);
  });

  it('signs in with an emailed one-time link, and resets the password (other sessions end)', async () => {
    const requested = await call('POST', '/api/site-users/sign-in-link', {}, { email: 'fay@example.com' });
    expect(requested.statusCode).toBe(202);
    expect(requested.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    const [mail] = (await outbox('sign-in-link')).filter((m) => m.to === 'fay@example.com');
    const token = new URL(mail.data.link).searchParams.get('token')!;
    const jar: Jar = {};
    expect(
      keep(jar, await call('POST', '/api/site-users/sign-in-link/use', jar, { token })).json().siteUser,
    ).toMatchObject({
      email: 'fay@example.com',
      hasPassword: false,
    });
    const reused = await call('POST', '/api/site-users/sign-in-link/use', {}, { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);

    expect(
      (await call('POST', '/api/site-users/password-reset', {}, { email: 'fay@example.com' })).statusCode,
    ).toBe(202);
    expect(
      (await call('POST', '/api/site-users/password-reset', {}, { email: 'nobody@example.com' })).statusCode,
    ).toBe(202);
    const [reset] = (await outbox('password-reset')).filter((m) => m.to === 'fay@example.com');
    const resetToken = new URL(reset.data.link).searchParams.get('token')!;
    const fresh: Jar = {};
    keep(
      fresh,
      await call('POST', '/api/site-users/password', fresh, {
        token: resetToken,
        password: 'brand-new-pass',
      }),
    );
    expect((await call('GET', '/api/site-users/account', jar)).statusCode).toBe(401);
    expect((await call('GET', '/api/site-users/account', fresh)).statusCode).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/api/site-users/session',
          {},
          { email: 'fay@example.com', password: 'brand-new-pass' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('marks only the sign-in that creates an account, for the ad pixels’ CompleteRegistration', async () => {
    const mark = (res: { cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean }[] }) =>
      res.cookies.find((c) => c.name === REGISTERED_COOKIE);
    const signUp = await call(
      'POST',
      '/api/site-users/sign-up',
      {},
      { email: 'reg-pw@example.com', password: PASSWORD },
    );
    expect(signUp.statusCode).toBe(201);
    // Readable by the page's script, which clears it once it has told the pixels.
    expect(mark(signUp)).toMatchObject({ value: '1', maxAge: REGISTERED_COOKIE_MS / 1000, path: '/' });
    expect(mark(signUp)?.httpOnly).toBeFalsy();
    const signIn = await call(
      'POST',
      '/api/site-users/session',
      {},
      { email: 'reg-pw@example.com', password: PASSWORD },
    );
    expect(signIn.statusCode).toBe(200);
    expect(mark(signIn)).toBeUndefined();
    const taken = await call(
      'POST',
      '/api/site-users/sign-up',
      {},
      { email: 'reg-pw@example.com', password: PASSWORD },
    );
    expect(taken.statusCode).toBe(409);
    expect(mark(taken)).toBeUndefined();

    // A plain form signing up ends on the account page with the mark.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/site-users/sign-up',
      cookies: { crumb: CRUMB },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: CRUMB,
        email: 'reg-form@example.com',
        password: PASSWORD,
      }).toString(),
    });
    expect(form.statusCode).toBe(303);
    expect(mark(form)?.value).toBe('1');

    // An emailed link makes the account: its first use is the sign-up, a later link a sign-in.
    const link = async (email: string, kind: 'sign-in-link' | 'password-reset') => {
      await call(
        'POST',
        `/api/site-users/${kind === 'sign-in-link' ? 'sign-in-link' : 'password-reset'}`,
        {},
        { email },
      );
      const mails = (await outbox(kind)).filter((m) => m.to === email);
      return new URL(mails[mails.length - 1].data.link).searchParams.get('token')!;
    };
    const first = await call(
      'POST',
      '/api/site-users/sign-in-link/use',
      {},
      { token: await link('reg-link@example.com', 'sign-in-link') },
    );
    expect(first.statusCode).toBe(200);
    expect(mark(first)?.value).toBe('1');
    const second = await call(
      'POST',
      '/api/site-users/sign-in-link/use',
      {},
      { token: await link('reg-link@example.com', 'sign-in-link') },
    );
    expect(second.statusCode).toBe(200);
    expect(mark(second)).toBeUndefined();
    const later = await call(
      'POST',
      '/api/site-users/password',
      {},
      {
        token: await link('reg-link@example.com', 'password-reset'),
        password: 'ivy-new-password',
      },
    );
    expect(later.statusCode).toBe(200);
    expect(mark(later)).toBeUndefined();

    // An account a link made, finished by a reset link instead: that is its sign-up.
    await link('reg-reset@example.com', 'sign-in-link');
    const reset = await call(
      'POST',
      '/api/site-users/password',
      {},
      {
        token: await link('reg-reset@example.com', 'password-reset'),
        password: 'jo-new-password',
      },
    );
    expect(reset.statusCode).toBe(200);
    expect(mark(reset)?.value).toBe('1');
  });

  it('plain forms (no JavaScript) end on pages, never raw JSON', async () => {
    const form = (url: string, fields: Record<string, string>, jar: Jar = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        cookies: { crumb: CRUMB, ...jar },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
      });
    const bad = await form('/api/site-users/session', { email: 'ann@example.com', password: 'nope-nope' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/account?error=wrongCredentials');
    expect((await t.app.inject({ url: '/account?error=wrongCredentials' })).body).toContain(
      ACCOUNT_MESSAGES.wrongCredentials,
    );
    const good = await form('/api/site-users/session', { email: 'ann@example.com', password: PASSWORD });
    expect(good.headers.location).toBe('/account');

    const blank = await form('/api/commerce/restock-notifications', {
      productId: 'vase',
      variantId: 'VASE',
      email: '',
    });
    expect(blank.statusCode).toBe(303);
    expect(blank.headers.location).toBe('/shop/p/vase?restockError=emailBlank#restock');
    const page = await t.app.inject({ url: '/shop/p/vase?restockError=emailBlank' });
    expect(page.body).toContain(MESSAGES.emailBlank);
    const sent = await form('/api/commerce/restock-notifications', {
      productId: 'vase',
      variantId: 'VASE',
      email: 'vis@example.com',
    });
    expect(sent.headers.location).toBe('/shop/p/vase?restock=sent#restock');
  });

  it('signed-in shoppers join a waitlist by the account call; restocking sends each signup one mail in its language', async () => {
    const jar: Jar = {};
    keep(
      jar,
      await call('POST', '/api/site-users/sign-up', jar, { email: 'gil@example.com', password: PASSWORD }),
    );
    const anonymous = await call(
      'POST',
      '/api/site-users/account/notifications/restock',
      {},
      { productId: 'vase', variantId: 'VASE' },
    );
    expect(anonymous.statusCode).toBe(401);
    const joined = await call('POST', '/api/site-users/account/notifications/restock', jar, {
      productId: 'vase',
      variantId: 'VASE',
      language: 'fr',
    });
    expect(joined.statusCode).toBe(201);
    const inStock = await call('POST', '/api/site-users/account/notifications/restock', jar, {
      productId: 'tee',
      variantId: 'TEE-S-RED',
    });
    expect(inStock.statusCode).toBe(409);
    expect((await call('GET', '/api/site-users/account', jar)).json().restockNotifications).toEqual([
      expect.objectContaining({ sku: 'VASE', productName: 'Vase', notified: null }),
    ]);

    await addOwner(t.database, SITE_ROLES.admin, 'owner@example.com');
    const owner = await ownerSignIn(t.app, 'owner@example.com');
    expect(
      (
        await ownerCall(t.app, 'PATCH', '/api/config/settings', owner, {
          storeSettings: { restockAutoSend: true },
        })
      ).statusCode,
    ).toBe(200);
    const restock = await ownerCall(t.app, 'PATCH', '/api/config/inventory', owner, {
      changes: [{ sku: 'VASE', set: 5 }],
    });
    expect(restock.statusCode).toBe(200);
    await ownerCall(t.app, 'PATCH', '/api/config/inventory', owner, { changes: [{ sku: 'VASE', set: 6 }] });

    const mails = await outbox('restock-notification');
    expect(mails.map((m) => m.to).sort()).toEqual(['gil@example.com', 'vis@example.com']);
    const gil = mails.find((m) => m.to === 'gil@example.com')!;
    expect(gil.data).toMatchObject({ language: 'fr', productUrl: expect.stringMatching(/\/shop\/p\/vase$/) });
  });
});
