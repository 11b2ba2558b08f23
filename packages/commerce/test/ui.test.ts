import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAS_SHARED, SHARED_MISSING, sharedPath } from '../../../test-support/shared.js';
import {
  ADD_TO_CART_ADDED_DELAY_MS,
  ADD_TO_CART_ADDED_DISPLAY_MS,
  ADD_TO_CART_ERROR_IDLE_MS,
  ADDED_POPOVER_HIDE_MS,
  ADDED_POPOVER_OFFSETS_PX,
  ALERT_TITLES,
  addButtonText,
  addedPopoverText,
  alertTitle,
  BUTTON_TEXT,
  characterCounterText,
  DEFAULT_TEXTS,
  descriptionFallback,
  EDITOR_MESSAGES,
  emailFormatMessage,
  formSubmissionErrorMessage,
  fromPriceText,
  giftCardCheckoutUrl,
  MESSAGES,
  pillCartCountText,
  SELECT_OPTION_REVERT_MS,
  selectOptionMessage,
  showPillCart,
  subscriptionCheckoutUrl,
  truncate,
} from '../src/index.js';

describe('selectOptionMessage (no Oxford comma)', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['A', 'B', 'C'], 'Please select the A, B and C options.'],
    [[], ''],
  ])('%j', (names, expected) => {
    expect(selectOptionMessage(names)).toBe(expected);
  });
});

describe('messages', () => {
  it('has the exact spec strings', () => {
    expect(MESSAGES.variantUnavailable).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(MESSAGES.formRateLimited).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(MESSAGES.likertMissing).toBe('Survey is not valid. Missing a required question.');
    expect(MESSAGES.hintOutcode).toBe('Enter only the 1-4 character outcode portion of postcodes');
  });
  it.skipIf(!HAS_SHARED)(
    `every fixed text appears verbatim in the spec${HAS_SHARED ? '' : ` ${SHARED_MISSING}`}`,
    () => {
      const spec = readFileSync(sharedPath('spec/storefront-spec.md'), 'utf8');
      // The spec abbreviates the scroll-up variant as '...scroll up to review.'; the one-licence
      // rule is ours (issue 18), the spec has no text for it.
      const derived = new Set<string>([MESSAGES.formProblemScrollUp, MESSAGES.onePerOrder]);
      const texts = [
        ...Object.values(MESSAGES),
        ...Object.values(BUTTON_TEXT),
        ...Object.values(ALERT_TITLES),
        ...Object.values(DEFAULT_TEXTS),
        ...Object.values(EDITOR_MESSAGES),
      ];
      for (const text of texts.filter((t) => !derived.has(t))) expect(spec, text).toContain(text);
      expect(spec).toContain('...scroll up to review.');
    },
  );
  it('builds the parameterised messages', () => {
    expect(emailFormatMessage('name@example.com')).toBe(
      'Email is not valid. Email addresses should follow the format name@example.com.',
    );
    expect(characterCounterText(12, 200)).toBe('12 / 200');
  });
  it.each([
    [401, undefined, 'Unable to submit form. Please try again later.'],
    [404, undefined, 'This form has not been configured yet.'],
    [429, undefined, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, undefined, 'Unable to send form. Please try again later.'],
    [503, 'Server says no', 'Server says no'],
    [418, null, 'Unknown error, please try again later.'],
  ])('formSubmissionErrorMessage(%d)', (status, serverError, expected) => {
    expect(formSubmissionErrorMessage(status, serverError)).toBe(expected);
  });
});

describe('buttons and popover', () => {
  it('has the spec texts and timings', () => {
    expect(BUTTON_TEXT).toEqual({
      adding: 'Adding…',
      added: 'Added!',
      selectOption: 'Select Option',
      soldOut: 'Sold Out',
    });
    expect([
      ADD_TO_CART_ADDED_DELAY_MS,
      ADD_TO_CART_ADDED_DISPLAY_MS,
      SELECT_OPTION_REVERT_MS,
      ADD_TO_CART_ERROR_IDLE_MS,
      ADDED_POPOVER_HIDE_MS,
    ]).toEqual([1000, 2000, 2000, 1000, 3000]);
    expect(ADDED_POPOVER_OFFSETS_PX).toEqual({ top: 16, right: 33 });
  });
  it.each([
    [{}, 'Add To Cart'],
    [{ isSubscribable: true }, 'Subscribe'],
    [{ useCustomAddButtonText: true, customAddButtonText: 'Buy now', isSubscribable: true }, 'Buy now'],
    [{ useCustomAddButtonText: true, customAddButtonText: '' }, 'Add To Cart'],
    [{ useCustomAddButtonText: false, customAddButtonText: 'Buy now' }, 'Add To Cart'],
  ])('addButtonText(%j)', (p, expected) => {
    expect(addButtonText(p)).toBe(expected);
  });
  it('popover text and alert titles', () => {
    expect(addedPopoverText('Mug')).toBe('Mug was added to your cart.');
    expect(ALERT_TITLES).toEqual({
      addItem: 'Unable to Add Item',
      purchaseItem: 'Unable to Purchase Item',
      giftCard: 'Unable to purchase Gift Card',
    });
    expect(alertTitle({})).toBe('Unable to Add Item');
    expect(alertTitle({ expressCheckout: true })).toBe('Unable to Purchase Item');
    expect(alertTitle({ giftCard: true })).toBe('Unable to purchase Gift Card');
  });
});

describe('pill cart', () => {
  it.each([
    [0, '0', false],
    [1, '1', true],
    [100, '100', true],
    [101, '100+', true],
  ])('%d items', (n, text, shown) => {
    expect(pillCartCountText(n)).toBe(text);
    expect(showPillCart(n)).toBe(shown);
  });
});

describe('fallback texts and truncation', () => {
  it('has the default texts', () => {
    expect(DEFAULT_TEXTS).toEqual({
      addToCart: 'Add To Cart',
      subscribe: 'Subscribe',
      quantity: 'Quantity',
      quickView: 'Quick View',
      soldOut: 'sold out',
      sale: 'sale',
      salePrice: 'Sale Price:',
      originalPrice: 'Original Price:',
    });
    expect(fromPriceText('$10.00')).toBe('from $10.00');
  });
  it('truncates to 100 with ... by default', () => {
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('héllo wörld', 5, '…')).toBe('héllo…');
  });
  it('description fallback is 250 characters', () => {
    expect(descriptionFallback(` ${'b'.repeat(300)} `)).toBe(`${'b'.repeat(250)}...`);
  });
});

describe('routes', () => {
  it('builds checkout URLs', () => {
    expect(subscriptionCheckoutUrl('tok 1')).toBe('/checkout/subscribe?cartToken=tok%201');
    expect(giftCardCheckoutUrl('w1', 'g1')).toBe('/checkout/giftcard?websiteId=w1&giftCardProductId=g1');
    expect(giftCardCheckoutUrl('w1', 'g1', 'SKU1')).toBe(
      '/checkout/giftcard?websiteId=w1&giftCardProductId=g1&sku=SKU1',
    );
  });
});
