import { describe, expect, it } from 'vitest';
import {
  cartQuantity,
  choiceAvailability,
  choiceMark,
  hasVariants,
  normalPrice,
  ProductType,
  priceDisplay,
  salePrice,
  selectableOptions,
  variantSoldOut,
} from '../src/index.js';
import { product, shirt, variant } from './fixtures.js';

const regular = (priceCents: number) => variant({ priceCents, onSale: false });
const onSale = (priceCents: number, salePriceCents: number) =>
  variant({ priceCents, salePriceCents, onSale: true });

describe('normalPrice', () => {
  it.each([
    ['no variants', [], null],
    ['one variant', [regular(100)], 100],
    ['highest regular price', [regular(100), regular(300), regular(200)], 300],
    ['ignores sale prices', [onSale(100, 50), regular(80)], 100],
  ])('%s', (_, variants, expected) => {
    expect(normalPrice(product({ variants }))).toBe(expected);
  });
});

describe('salePrice', () => {
  it.each([
    ['no variants', product({ variants: [] }), null],
    ['nothing on sale', product({ variants: [regular(100)] }), null],
    [
      'lowest sale price of the variants on sale',
      product({ variants: [regular(10), onSale(100, 50), onSale(100, 25)] }),
      25,
    ],
    [
      'gift cards are never on sale',
      product({ productType: ProductType.GIFT_CARD, variants: [onSale(100, 50)] }),
      null,
    ],
    [
      'digital uses its own flag',
      product({
        productType: ProductType.DIGITAL,
        onSale: true,
        variants: [variant({ salePriceCents: 700 })],
      }),
      700,
    ],
    [
      'digital without its flag is not on sale',
      product({ productType: ProductType.DIGITAL, onSale: false, variants: [onSale(100, 50)] }),
      null,
    ],
  ])('%s', (_, p, expected) => {
    expect(salePrice(p)).toBe(expected);
  });
});

describe('hasVariants / selectableOptions', () => {
  it.each([
    [[], false],
    [[variant()], false],
    [[variant(), variant()], true],
  ])('%j variants → %s', (variants, expected) => {
    expect(hasVariants(product({ variants }))).toBe(expected);
  });

  it('lists the options in display order when there is a choice', () => {
    expect(selectableOptions(shirt)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
  });

  it('offers no choice for a single variant, even one with attributes', () => {
    expect(selectableOptions(product({ variants: [variant({ attributes: { Fit: 'Loose' } })] }))).toEqual([]);
  });
});

describe('priceDisplay', () => {
  it.each([
    ['no variants', product({ variants: [] }), null],
    ['one price', product({ variants: [regular(200)] }), { kind: 'single', amount: 200 }],
    ['same prices', product({ variants: [regular(200), regular(200)] }), { kind: 'single', amount: 200 }],
    [
      'varied prices show the lowest',
      product({ variants: [regular(100), regular(200)] }),
      { kind: 'from', amount: 100 },
    ],
    [
      'a sale price below the others makes them vary',
      product({ variants: [regular(100), onSale(200, 50)] }),
      { kind: 'from', amount: 50 },
    ],
    ['on sale', product({ variants: [onSale(100, 50)] }), { kind: 'sale', sale: 50, original: 100 }],
    [
      'digital on sale by its own flag',
      product({
        productType: ProductType.DIGITAL,
        onSale: true,
        variants: [variant({ priceCents: 400, salePriceCents: 200 })],
      }),
      { kind: 'sale', sale: 200, original: 400 },
    ],
  ])('%s', (_, p, expected) => {
    expect(priceDisplay(p)).toEqual(expected);
  });
});

describe('cartQuantity', () => {
  it.each([
    [[], 0],
    [[{ quantity: 2 }, { quantity: 3 }], 5],
    [[{ quantity: -1 }, { quantity: 1.5 }, { quantity: 4 }], 4],
  ])('%j → %i', (entries, expected) => {
    expect(cartQuantity(entries)).toBe(expected);
  });
});

describe('choiceAvailability / choiceMark / variantSoldOut', () => {
  it('marks a value sold out when every variant with it, given the other choices, is out', () => {
    expect(choiceAvailability(shirt, {}, 'Size', 'M')).toBe('sold-out');
    expect(choiceAvailability(shirt, {}, 'Size', 'S')).toBe('available');
    expect(choiceAvailability(shirt, { Size: 'M' }, 'Color', 'Red')).toBe('sold-out');
    expect(choiceAvailability(shirt, { Size: 'S' }, 'Color', 'Red')).toBe('available');
  });

  it('marks a combination no variant has unavailable', () => {
    expect(choiceAvailability(shirt, { Size: 'M' }, 'Color', 'Blue')).toBe('unavailable');
    expect(choiceAvailability(shirt, { Color: 'Blue' }, 'Size', 'M')).toBe('unavailable');
  });

  it('never marks digital products or gift cards (unlimited by type)', () => {
    const digital = { ...shirt, productType: ProductType.DIGITAL };
    expect(choiceAvailability(digital, {}, 'Size', 'M')).toBe('available');
    expect(variantSoldOut(digital, digital.variants[1]!)).toBe(false);
  });

  it('says (sold out) or (unavailable) after the value, nothing when available', () => {
    expect(choiceMark('sold-out')).toBe(' (sold out)');
    expect(choiceMark('unavailable')).toBe(' (unavailable)');
    expect(choiceMark('available')).toBe('');
  });

  it('knows a chosen variant is sold out, and that no choice is not', () => {
    expect(variantSoldOut(shirt, shirt.variants[1]!)).toBe(true);
    expect(variantSoldOut(shirt, shirt.variants[0]!)).toBe(false);
    expect(variantSoldOut(shirt, null)).toBe(false);
    expect(variantSoldOut(shirt, variant({ qtyInStock: 0, unlimited: true }))).toBe(false);
  });
});
