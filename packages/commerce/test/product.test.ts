import { describe, expect, it } from 'vitest';
import {
  findVariant,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  LOW_STOCK_THRESHOLD,
  ProductType,
  type ProductTypeNumber,
  productBadge,
  showQuantityInput,
  stockLevel,
  totalStock,
  unselectedOptions,
  variantOptions,
} from '../src/index.js';
import { product, shirt, variant } from './fixtures.js';

const noStock = [variant({ qtyInStock: 0 }), variant({ sku: 'B', qtyInStock: 0 })];

describe('product types', () => {
  it('uses the spec numbers', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });
});

describe('isSoldOut / isOnSale / productBadge', () => {
  it.each([
    ['physical, no stock', product({ variants: noStock }), true],
    ['service, no stock', product({ productType: ProductType.SERVICE, variants: noStock }), true],
    [
      'physical, one variant unlimited',
      product({ variants: [variant({ qtyInStock: 0, unlimited: true }), ...noStock] }),
      false,
    ],
    [
      'physical, one variant in stock',
      product({ variants: [variant({ qtyInStock: 1 }), ...noStock] }),
      false,
    ],
    ['digital never', product({ productType: ProductType.DIGITAL, variants: noStock }), false],
    ['gift card never', product({ productType: ProductType.GIFT_CARD, variants: noStock }), false],
    ['paywall never', product({ productType: ProductType.PAYWALL, variants: noStock }), false],
    [
      'a type outside the spec, no stock (as the reference)',
      product({ productType: -1 as ProductTypeNumber, variants: noStock }),
      true,
    ],
    [
      'a type outside the spec, in stock',
      product({ productType: -1 as ProductTypeNumber, variants: [variant({ qtyInStock: 1 })] }),
      false,
    ],
  ])('isSoldOut: %s', (_label, p, expected) => {
    expect(isSoldOut(p)).toBe(expected);
  });

  it.each([
    ['physical with a variant on sale', product({ variants: [variant(), variant({ onSale: true })] }), true],
    ['physical with none on sale', product({ variants: [variant(), variant()] }), false],
    ['digital uses its own flag (on)', product({ productType: ProductType.DIGITAL, onSale: true }), true],
    [
      'digital ignores variant flags',
      product({ productType: ProductType.DIGITAL, variants: [variant({ onSale: true })] }),
      false,
    ],
    [
      'gift card never',
      product({ productType: ProductType.GIFT_CARD, onSale: true, variants: [variant({ onSale: true })] }),
      false,
    ],
  ])('isOnSale: %s', (_label, p, expected) => {
    expect(isOnSale(p)).toBe(expected);
  });

  it('badge: sold out over sale, else sale, else none', () => {
    expect(productBadge(product({ variants: [variant({ qtyInStock: 0, onSale: true })] }))).toBe('sold-out');
    expect(productBadge(product({ variants: [variant({ onSale: true })] }))).toBe('sale');
    expect(productBadge(product())).toBeNull();
  });
});

describe('prices and stock', () => {
  it('hasVariedPrices and fromPrice use the current (sale) price', () => {
    expect(hasVariedPrices(shirt)).toBe(true);
    expect(fromPrice(shirt)).toBe(2500);
    const sameAfterSale = product({
      variants: [
        variant({ priceCents: 2000 }),
        variant({ onSale: true, priceCents: 3000, salePriceCents: 2000 }),
      ],
    });
    expect(hasVariedPrices(sameAfterSale)).toBe(false);
    expect(
      fromPrice(product({ variants: [variant({ onSale: true, salePriceCents: 999 }), variant()] })),
    ).toBe(999);
    expect(fromPrice(product({ variants: [] }))).toBeNull();
  });
  it('totalStock sums, Infinity for unlimited, digital and gift cards', () => {
    expect(totalStock(shirt)).toBe(5);
    expect(totalStock(product({ variants: [variant({ unlimited: true, qtyInStock: 0 })] }))).toBe(Infinity);
    expect(totalStock(product({ productType: ProductType.DIGITAL, variants: noStock }))).toBe(Infinity);
    expect(totalStock(product({ productType: ProductType.GIFT_CARD, variants: noStock }))).toBe(Infinity);
    expect(totalStock(product({ variants: [variant({ qtyInStock: -3 }), variant({ qtyInStock: 2 })] }))).toBe(
      2,
    );
  });
});

describe('variant options', () => {
  it('follows variantOptionOrdering, values in first-seen order', () => {
    expect(variantOptions(shirt)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
  });
  it('puts unlisted option names after the ordered ones', () => {
    expect(variantOptions({ ...shirt, variantOptionOrdering: ['Color'] }).map((o) => o.name)).toEqual([
      'Color',
      'Size',
    ]);
    expect(variantOptions({ ...shirt, variantOptionOrdering: undefined }).map((o) => o.name)).toEqual([
      'Color',
      'Size',
    ]);
  });
  it('findVariant matches every option', () => {
    expect(findVariant(shirt, { Size: 'S', Color: 'Blue' })?.sku).toBe('S-BLUE');
    expect(findVariant(shirt, { Size: 'M', Color: 'Blue' })).toBeNull();
    expect(findVariant(shirt, { Size: 'S' })).toBeNull();
    expect(findVariant(product(), {})?.sku).toBe('SKU');
    expect(findVariant(product({ variants: [] }), {})).toBeNull();
  });
  it('unselectedOptions lists missing names in display order', () => {
    expect(unselectedOptions(shirt, {})).toEqual(['Size', 'Color']);
    expect(unselectedOptions(shirt, { Size: 'S', Color: '' })).toEqual(['Color']);
    expect(unselectedOptions(shirt, { Size: 'S', Color: 'Red' })).toEqual([]);
  });
});

describe('showQuantityInput', () => {
  it.each([
    ['physical with stock 2', product({ variants: [variant({ qtyInStock: 2 })] }), {}, true],
    ['physical with stock 1', product({ variants: [variant({ qtyInStock: 1 })] }), {}, false],
    ['physical unlimited', product({ variants: [variant({ unlimited: true, qtyInStock: 0 })] }), {}, true],
    ['service, default allowed', product({ productType: ProductType.SERVICE }), {}, true],
    [
      'service, not allowed',
      product({ productType: ProductType.SERVICE }),
      { multipleQuantityAllowedForServices: false },
      false,
    ],
    ['subscribable physical', product({ isSubscribable: true }), {}, false],
    ['digital', product({ productType: ProductType.DIGITAL }), {}, false],
    ['gift card', product({ productType: ProductType.GIFT_CARD }), {}, false],
  ])('%s', (_label, p, settings, expected) => {
    expect(showQuantityInput(p, settings)).toBe(expected);
  });
});

describe('stockLevel', () => {
  it('labels counted stock out at zero and low up to the threshold; unlimited is in stock', () => {
    expect(stockLevel({ unlimited: false, qtyInStock: 0 })).toBe('out');
    expect(stockLevel({ unlimited: false, qtyInStock: 1 })).toBe('low');
    expect(stockLevel({ unlimited: false, qtyInStock: LOW_STOCK_THRESHOLD })).toBe('low');
    expect(stockLevel({ unlimited: false, qtyInStock: LOW_STOCK_THRESHOLD + 1 })).toBe('in');
    expect(stockLevel({ unlimited: true, qtyInStock: 0 })).toBe('in');
  });
});
