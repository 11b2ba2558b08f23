import { describe, expect, it } from 'vitest';
import {
  addItemFailureMessage,
  canExpressCheckout,
  checkAddToCart,
  expressCheckoutRedirect,
  isQuantityFixed,
  MESSAGES,
  maxQuantityPerOrder,
  orderQuantityProblem,
  ProductType,
  parseQuantity,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  shouldLoadCart,
  TRACKED_ERROR_TYPES,
} from '../src/index.js';
import { product, shirt, variant } from './fixtures.js';

describe('quantity', () => {
  it('has the spec bounds', () => {
    expect([QUANTITY_MIN, QUANTITY_MAX, QUANTITY_STEP, QUANTITY_DEFAULT]).toEqual([1, 9999, 1, 1]);
  });
  it.each([
    ['3', { ok: true, quantity: 3 }],
    [' 12 ', { ok: true, quantity: 12 }],
    [7, { ok: true, quantity: 7 }],
    [undefined, { ok: true, quantity: 1 }],
    ['0', { ok: true, quantity: 1 }],
    ['100000', { ok: true, quantity: 9999 }],
    ['', { ok: false, reason: 'not-a-number', message: 'Quantity must be a number.' }],
    ['abc', { ok: false, reason: 'not-a-number', message: 'Quantity must be a number.' }],
    ['1.5', { ok: false, reason: 'not-a-whole-number', message: 'Quantity must be a whole number' }],
  ])('parseQuantity(%j)', (input, expected) => {
    expect(parseQuantity(input)).toEqual(expected);
  });
});

describe('cookies', () => {
  it.each([
    [{ hasCart: 'true' }, true],
    [{ CART: 'abc' }, true],
    [{ hasCart: 'false' }, false],
    [{}, false],
  ])('canExpressCheckout(%j) = %s', (cookies, expected) => {
    expect(canExpressCheckout(cookies)).toBe(expected);
  });
  it('loads the cart when authenticated or a cart cookie exists', () => {
    expect(shouldLoadCart({}, true)).toBe(true);
    expect(shouldLoadCart({ hasCart: 'true' }, false)).toBe(true);
    expect(shouldLoadCart({}, false)).toBe(false);
  });
  it('expressCheckoutRedirect', () => {
    expect(expressCheckoutRedirect({ CART: 'x' })).toEqual({ ok: true, url: '/commerce/goto-checkout' });
    expect(expressCheckoutRedirect({})).toEqual({
      ok: false,
      type: 'EXPRESS_CHECKOUT_FAILURE',
      message:
        'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
    });
  });
});

describe('one licence per order', () => {
  const ebook = product({ productType: ProductType.DIGITAL, variants: [variant({ sku: 'EBOOK' })] });
  it('limits a digital product to 1 unless the merchant allows more; other types to the box maximum', () => {
    expect(maxQuantityPerOrder(ebook)).toBe(1);
    expect(maxQuantityPerOrder({ ...ebook, multipleQuantityAllowed: true })).toBe(QUANTITY_MAX);
    expect(maxQuantityPerOrder(shirt)).toBe(QUANTITY_MAX);
    expect(orderQuantityProblem(ebook, 1)).toBeNull();
    expect(orderQuantityProblem(ebook, 2)).toBe('Sorry, you can buy only one of this item per order.');
    expect(orderQuantityProblem(shirt, 2)).toBeNull();
    // Past 9999 of a physical product is the line cap's message (cart-audit.test.ts), not this one.
    expect(orderQuantityProblem(shirt, QUANTITY_MAX + 1)).toBeNull();
  });
  it('says the one-licence message of the catalogue, and fixes a cart line only at its limit of 1', () => {
    expect(orderQuantityProblem(ebook, 1 + 1)).toBe(MESSAGES.onePerOrder);
    expect(isQuantityFixed({ maxQuantity: 1, quantity: 1 })).toBe(true);
    // A line over its limit (kept from before the rule) keeps its stepper, so it can be lowered.
    expect(isQuantityFixed({ maxQuantity: 1, quantity: 2 })).toBe(false);
    expect(isQuantityFixed({ maxQuantity: QUANTITY_MAX, quantity: 1 })).toBe(false);
  });
});

describe('checkAddToCart: check order', () => {
  it('lists the tracked error types', () => {
    expect(TRACKED_ERROR_TYPES).toHaveLength(11);
  });
  it.each([
    [
      'nothing selected',
      { product: shirt, selection: {}, quantityInput: 'x' },
      'NO_VARIANT_SELECTED',
      'Please select the Size and Color options.',
    ],
    [
      'one missing',
      { product: shirt, selection: { Size: 'S' } },
      'NO_VARIANT_SELECTED',
      'Please select the Color option.',
    ],
    [
      'unavailable combination',
      { product: shirt, selection: { Size: 'M', Color: 'Blue' }, quantityInput: 'x' },
      'VARIANT_UNAVAILABLE',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'no stock before quantity',
      { product: shirt, selection: { Size: 'M', Color: 'Red' }, quantityInput: 'x' },
      'OUT_OF_STOCK',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'fresh stock wins',
      { product: shirt, selection: { Size: 'S', Color: 'Red' }, stock: { unlimited: false, qtyInStock: 0 } },
      'OUT_OF_STOCK',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'quantity not a number',
      { product: shirt, selection: { Size: 'S', Color: 'Red' }, quantityInput: 'x' },
      'QUANTITY_NOT_A_NUMBER',
      'Quantity must be a number.',
    ],
    [
      'quantity not whole',
      { product: shirt, selection: { Size: 'S', Color: 'Red' }, quantityInput: '1.5' },
      'QUANTITY_NOT_A_NUMBER',
      'Quantity must be a whole number',
    ],
    [
      'subscription quantity not whole',
      { product: product({ isSubscribable: true }), selection: {}, quantityInput: '2.5' },
      'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
      'Quantity must be a whole number',
    ],
    [
      'more than in stock',
      { product: shirt, selection: { Size: 'S', Color: 'Red' }, quantityInput: '4' },
      'OUT_OF_STOCK',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'gift card without denomination',
      {
        product: product({
          productType: ProductType.GIFT_CARD,
          variants: [variant({ attributes: { Amount: '$25' } })],
        }),
        selection: {},
      },
      'NO_VARIANT_SELECTED',
      'Select a denomination for the Gift Card',
    ],
  ])('%s', (_label, input, type, message) => {
    expect(checkAddToCart(input)).toEqual({ ok: false, type, message });
  });

  it('adds to cart, honouring fresh stock', () => {
    const r = checkAddToCart({
      product: shirt,
      selection: { Size: 'S', Color: 'Red' },
      quantityInput: '3',
      stock: { unlimited: true, qtyInStock: 0 },
    });
    expect(r).toMatchObject({ ok: true, quantity: 3, next: 'cart', destination: 'cart', customFormId: null });
    expect(r.ok && r.variant.sku).toBe('S-RED');
  });
  it('routes by type', () => {
    const giftCard = product({ productType: ProductType.GIFT_CARD, variants: [variant({ qtyInStock: 0 })] });
    expect(checkAddToCart({ product: giftCard, selection: {} })).toMatchObject({
      ok: true,
      next: 'gift-card-checkout',
    });
    expect(checkAddToCart({ product: product({ isSubscribable: true }), selection: {} })).toMatchObject({
      ok: true,
      next: 'subscription',
    });
    expect(checkAddToCart({ product: product(), selection: {}, expressCheckout: true })).toMatchObject({
      ok: true,
      next: 'express-checkout',
    });
    const digital = product({ productType: ProductType.DIGITAL, variants: [variant({ qtyInStock: 0 })] });
    expect(checkAddToCart({ product: digital, selection: {}, quantityInput: '50' })).toMatchObject({
      ok: true,
      next: 'cart',
      quantity: 50,
    });
  });
  it('sends products with a custom form to the form first, after the stock check', () => {
    const withForm = product({ additionalFieldsFormId: 'f1', isSubscribable: true });
    expect(checkAddToCart({ product: withForm, selection: {} })).toMatchObject({
      ok: true,
      next: 'custom-form',
      destination: 'subscription',
      customFormId: 'f1',
    });
    expect(
      checkAddToCart({ product: { ...withForm, variants: [variant({ qtyInStock: 0 })] }, selection: {} }),
    ).toMatchObject({ ok: false, type: 'OUT_OF_STOCK' });
  });
});

describe('addItemFailureMessage', () => {
  it.each([
    [{ status: 429 }, 'Please try again in a few seconds.'],
    [{ crumbProblem: 'expired' as const }, 'Your session has expired. Please reload the page and try again.'],
    [
      { crumbProblem: 'cookies' as const },
      'Please enable cookies in your browser, reload the page, and try again.',
    ],
    [{ status: 500 }, 'Unable to add item'],
  ])('%j', (opts, expected) => {
    expect(addItemFailureMessage(opts)).toBe(expected);
  });
});
