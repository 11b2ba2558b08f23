import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantId } from '../src/modules/catalog/import.js';
import { DEFAULT_RESTOCK_SUCCESS_TEXT } from '../src/modules/restock/service.js';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const SUCCESS_TEXT = 'Thanks! We will write when it is back.';

function catalog(successText: string | null) {
  const base = smallCatalog();
  return {
    ...base,
    storeSettings: { restockNotificationsSuccessText: successText },
    products: base.products.map((p) =>
      p.id === 'tee' ? { ...p, merchandising: { mailingListSignUpEnabled: true } } : p,
    ),
  };
}

const signup = (over: Record<string, unknown> = {}) => ({
  isJoinMailingList: true,
  productId: 'tee',
  siteVisitorEmail: 'Shopper@Example.com',
  variantId: 'TEE-M-RED',
  recaptchaEnterpriseV3Token: 'token',
  ...over,
});

describe.each(dialects)('restock waitlist on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog(SUCCESS_TEXT));
  });
  afterAll(async () => t?.close());

  const post = (body: object, headers: Record<string, string> = { 'x-csrf-token': CRUMB }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/restock-notifications',
      payload: body,
      cookies: { crumb: CRUMB },
      headers,
    });
  const rows = () => t.database.db.selectFrom('restock_signups').selectAll().execute();

  it('records a signup for a sold-out variant and answers the store success text', async () => {
    const res = await post(signup());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_TEXT });
    const [row] = await rows();
    expect(row).toMatchObject({
      product_id: 'tee',
      variant_id: variantId('w1', 'TEE-M-RED'),
      sku: 'TEE-M-RED',
      email: 'shopper@example.com',
      is_join_mailing_list: 1,
      language: null,
      notified_at: null,
    });
  });

  it('is idempotent for the same product, variant and email (also when named by variant id)', async () => {
    const again = await post(
      signup({ variantId: variantId('w1', 'TEE-M-RED'), siteVisitorEmail: 'shopper@example.com ' }),
    );
    expect(again.statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('answers the spec messages for a blank or malformed email, writing nothing', async () => {
    for (const [email, message] of [
      ['', 'Email cannot be blank'],
      ['   ', 'Email cannot be blank'],
      [null, 'Email cannot be blank'],
      ['nobody', 'Email is invalid'],
      ['a b@c', 'Email is invalid'],
    ] as const) {
      const res = await post(signup({ siteVisitorEmail: email, variantId: 'TEE-M-RED' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await rows()).toHaveLength(1);
  });

  it('answers 404 for an unknown product or variant and 409 for a variant in stock', async () => {
    const product = await post(signup({ productId: 'nope', siteVisitorEmail: 'x@y.z' }));
    expect(product.statusCode).toBe(404);
    expect(product.json()).toEqual({ message: 'That product is not available.' });
    const variant = await post(signup({ variantId: 'ZINE', siteVisitorEmail: 'x@y.z' }));
    expect(variant.statusCode).toBe(404);
    expect(variant.json()).toEqual({ message: 'That item variant is not available.' });
    const inStock = await post(signup({ variantId: 'TEE-S-RED', siteVisitorEmail: 'x@y.z' }));
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toEqual({ message: 'This item is in stock. You can add it to your cart now.' });
    const digital = await post(signup({ productId: 'zine', variantId: 'ZINE', siteVisitorEmail: 'x@y.z' }));
    expect(digital.statusCode).toBe(409);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a missing crumb with 403 and a malformed body with 400', async () => {
    const noCrumb = await post(signup({ siteVisitorEmail: 'new@example.com' }), {});
    expect(noCrumb.statusCode).toBe(403);
    const bad = await post({ productId: 'tee' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^variantId/);
    expect(await rows()).toHaveLength(1);
  });

  it('keeps the mailing-list opt-in only when the product offers it, and stores the language', async () => {
    // The small catalog's tee has no merchandising, so it offers no mailing list.
    const other = await createTestApp(dialect, smallCatalog());
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/commerce/restock-notifications',
        payload: signup({ language: 'fr' }),
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: DEFAULT_RESTOCK_SUCCESS_TEXT });
      const [row] = await other.database.db.selectFrom('restock_signups').selectAll().execute();
      expect(row).toMatchObject({ is_join_mailing_list: 0, language: 'fr' });
    } finally {
      await other.close();
    }
  });
});
