import { expect } from 'vitest';
import { card, checkoutCatalog, newKey } from '../checkout-support.js';
import { CRUMB, cookiesOf, type TestApp } from './app.js';

export const MEMBER_PASSWORD = 'member-secret-1';

/** The checkout store with a paywall product (product type 5), `club`. */
export function memberCatalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    products: [
      ...base.products,
      {
        id: 'club',
        collectionId: 'shop',
        urlSlug: 'club',
        name: 'Club membership',
        productType: 5,
        variants: [{ sku: 'CLUB', price: '25.00', unlimited: true }],
      },
    ],
  };
}

export type Jar = Record<string, string>;

/** A shopper's calls with a cookie jar: sign up, buy the club membership, read a page's type. */
export function memberShopper(app: () => TestApp) {
  const call = (method: string, url: string, jar: Jar, payload?: object) =>
    app().app.inject({
      method: method as 'POST',
      url,
      cookies: { crumb: CRUMB, ...jar },
      headers: { 'x-csrf-token': CRUMB },
      ...(payload ? { payload } : {}),
    });
  const keep = <R extends { cookies: { name: string; value: string }[] }>(jar: Jar, res: R): R => {
    for (const [name, value] of Object.entries(cookiesOf(res))) {
      if (value === '') delete jar[name];
      else jar[name] = value;
    }
    return res;
  };
  const pageType = (html: string) => Number(/class="page-type-(\d+)"/.exec(html)?.[1]);
  const signUp = async (email: string) => {
    const jar: Jar = {};
    keep(jar, await call('POST', '/api/site-users/sign-up', jar, { email, password: MEMBER_PASSWORD }));
    return jar;
  };
  const buyClub = async (jar: Jar, email: string) => {
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
      email,
      source: { kind: 'cart' },
      payment: card(),
    });
    expect(order.statusCode, order.body).toBe(201);
    return order.json() as { order: { id: string }; confirmationUrl: string };
  };
  return { call, keep, pageType, signUp, buyClub };
}
