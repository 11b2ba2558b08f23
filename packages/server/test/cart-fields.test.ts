import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, cookiesOf, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

function catalog() {
  const base = smallCatalog();
  return {
    ...base,
    forms: [
      {
        id: 'engraving',
        name: 'Engraving',
        fields: [
          { id: 'text', type: 'text', title: 'Engraving', required: true, maxLength: 12 },
          { id: 'font', type: 'radio', title: 'Font', options: ['Serif', 'Script'] },
        ],
      },
    ],
    products: [
      ...base.products,
      {
        id: 'ring',
        collectionId: 'shop',
        urlSlug: 'ring',
        name: 'Ring',
        productType: 1,
        additionalFieldsFormId: 'engraving',
        variantOptionOrdering: ['Size'],
        variants: [
          { sku: 'RING-6', attributes: { Size: '6' }, price: '80.00', qtyInStock: 10 },
          { sku: 'RING-7', attributes: { Size: '7' }, price: '80.00', qtyInStock: 0 },
        ],
      },
    ],
  };
}

const FORM_INVALID = 'One or more fields is invalid, please check your entries.';
const answers = (text: string, font?: string) => JSON.stringify(font ? { text, font } : { text });

describe.each(dialects)('cart entries with additional fields on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog());
  });
  afterAll(async () => t?.close());

  const headers = { 'x-csrf-token': CRUMB };
  const add = (body: object, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: body,
      cookies: { crumb: CRUMB, ...cookies },
      headers,
    });
  const put = (
    entryId: string,
    body: object,
    cookies: Record<string, string>,
    h: Record<string, string> = headers,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
      payload: body,
      cookies: { crumb: CRUMB, ...cookies },
      headers: h,
    });
  const entryCount = async () =>
    (await t.database.db.selectFrom('cart_entries').selectAll().execute()).length;

  it('refuses a product whose form has required fields when the answers are missing or invalid', async () => {
    const missing = await add({ itemId: 'ring', sku: 'RING-6', quantity: 1, additionalFields: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: FORM_INVALID, errors: { text: 'Required' } });
    const invalid = await add({
      itemId: 'ring',
      sku: 'RING-6',
      quantity: 1,
      additionalFields: JSON.stringify({ text: 'Far too long to engrave', font: 'Comic' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      text: 'You have exceeded the character limit.',
      font: 'Choose one of the listed options.',
    });
    expect(await entryCount()).toBe(0);
    expect(await t.database.db.selectFrom('carts').selectAll().execute()).toHaveLength(0);
  });

  it('refuses answers keyed __proto__ or constructor as unknown fields, storing nothing', async () => {
    const res = await add({
      itemId: 'ring',
      sku: 'RING-6',
      quantity: 1,
      additionalFields: '{"text":"AL","__proto__":{"polluted":true},"constructor":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: FORM_INVALID,
      errors: JSON.parse(
        '{"__proto__":"This form has no such field.","constructor":"This form has no such field."}',
      ),
    });
    expect(Object.keys(res.json().errors)).toEqual(['__proto__', 'constructor']);
    expect(await entryCount()).toBe(0);
  });

  it('checks stock before the form (spec §4 step 5 after step 3)', async () => {
    const res = await add({ itemId: 'ring', sku: 'RING-7', quantity: 1, additionalFields: null });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: 'OUT_OF_STOCK',
      message: 'Sorry, we do not have enough of that item available.',
    });
  });

  it('adds with valid answers, then edits them through PUT …/additionalFields', async () => {
    const first = await add({ itemId: 'ring', sku: 'RING-6', quantity: 2, additionalFields: answers('A+B') });
    expect(first.statusCode).toBe(200);
    const cart = { CART: cookiesOf(first).CART };
    const entryId = first.json().newlyAdded.id;
    expect(first.json().newlyAdded.additionalFields).toBe(answers('A+B'));

    const res = await put(
      entryId,
      { itemId: 'ring', sku: 'RING-6', additionalFields: answers('C+D', 'Script') },
      cart,
    );
    expect(res.statusCode).toBe(200);
    const { shoppingCart, updatedEntry } = res.json();
    expect(updatedEntry).toMatchObject({
      id: entryId,
      quantity: 2,
      additionalFields: answers('C+D', 'Script'),
    });
    expect(shoppingCart.entries).toHaveLength(1);
    expect(shoppingCart.totalQuantity).toBe(2);

    const bad = await put(entryId, { itemId: 'ring', sku: 'RING-6', additionalFields: answers('') }, cart);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: FORM_INVALID, errors: { text: 'Required' } });
    const stored = await t.database.db.selectFrom('cart_entries').select('additional_fields').execute();
    expect(stored).toEqual([{ additional_fields: answers('C+D', 'Script') }]);
  });

  it('merges into the entry that already has the same sku and answers', async () => {
    const a = await add({ itemId: 'ring', sku: 'RING-6', quantity: 1, additionalFields: answers('ONE') });
    const cart = { CART: cookiesOf(a).CART };
    await add({ itemId: 'ring', sku: 'RING-6', quantity: 3, additionalFields: answers('TWO') }, cart);
    const res = await put(
      a.json().newlyAdded.id,
      { itemId: 'ring', sku: 'RING-6', additionalFields: answers('TWO') },
      cart,
    );
    expect(res.statusCode).toBe(200);
    const { shoppingCart, updatedEntry } = res.json();
    expect(shoppingCart.entries).toHaveLength(1);
    expect(updatedEntry).toMatchObject({ quantity: 4, additionalFields: answers('TWO') });
  });

  it('only edits entries of the caller’s own cart, with the crumb, and matching item and sku', async () => {
    const mine = await add({ itemId: 'ring', sku: 'RING-6', quantity: 1, additionalFields: answers('MINE') });
    const theirs = await add({
      itemId: 'ring',
      sku: 'RING-6',
      quantity: 1,
      additionalFields: answers('THEIRS'),
    });
    const myCart = { CART: cookiesOf(mine).CART };
    const theirId = theirs.json().newlyAdded.id;
    const body = { itemId: 'ring', sku: 'RING-6', additionalFields: answers('HIJACK') };

    const other = await put(theirId, body, myCart);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'That item is no longer in your cart.' });
    const noCookie = await put(theirId, body, {});
    expect(noCookie.statusCode).toBe(404);
    const noCrumb = await put(mine.json().newlyAdded.id, body, myCart, {});
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toEqual({
      message: 'Your session has expired. Please reload the page and try again.',
    });
    const wrongSku = await put(mine.json().newlyAdded.id, { ...body, sku: 'RING-7' }, myCart);
    expect(wrongSku.statusCode).toBe(400);
    const notJson = await put(mine.json().newlyAdded.id, { ...body, additionalFields: '{oops' }, myCart);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('additionalFields: additionalFields must be a JSON string');

    const stored = await t.database.db
      .selectFrom('cart_entries')
      .select('additional_fields')
      .where('id', '=', theirId)
      .executeTakeFirstOrThrow();
    expect(stored.additional_fields).toBe(answers('THEIRS'));
  });

  it('refuses to edit the answers of a product that has no form', async () => {
    const tee = await add({ itemId: 'tee', sku: 'TEE-S-RED', quantity: 1, additionalFields: null });
    const res = await put(
      tee.json().newlyAdded.id,
      { itemId: 'tee', sku: 'TEE-S-RED', additionalFields: '{}' },
      { CART: cookiesOf(tee).CART },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This product has no form to update.');
  });
});
