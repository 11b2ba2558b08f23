import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BrowsableProduct,
  browseProducts,
  DEFAULT_PRODUCT_SORT,
  facetNames,
  PRODUCT_LIST_PAGE_SIZE,
  PRODUCT_SORTS,
  type ProductListQuery,
  productListSearch,
  readProductListQuery,
  relatedProducts,
} from '../src/index.js';
import { product, variant } from './fixtures.js';

function item(
  id: string,
  position: number,
  priceCents: number,
  over: Partial<BrowsableProduct> = {},
): BrowsableProduct {
  return {
    ...product({ id, name: id, variants: [variant({ sku: id, priceCents })] }),
    categories: [],
    tags: [],
    position,
    createdAt: position,
    ...over,
  };
}

const query = (over: Partial<ProductListQuery> = {}): ProductListQuery => ({
  category: null,
  tag: null,
  minPrice: null,
  maxPrice: null,
  minPriceCents: null,
  maxPriceCents: null,
  priceError: null,
  sort: DEFAULT_PRODUCT_SORT,
  page: 1,
  ...over,
});

describe('product list query', () => {
  it('reads known values and falls back on anything else', () => {
    expect(
      readProductListQuery(
        new URLSearchParams('category=Kitchen&tag=%20gift%20&sort=price-desc&page=3'),
        'USD',
      ),
    ).toEqual(query({ category: 'Kitchen', tag: 'gift', sort: 'price-desc', page: 3 }));
    for (const bad of ['sort=cheap&page=0', 'sort=__proto__&page=1.5', 'sort=toString&page=-1', 'page=1e400'])
      expect(readProductListQuery(new URLSearchParams(bad), 'USD')).toEqual(query());
  });

  it('reads the price boxes in the store currency, canonical when valid, with a message when not', () => {
    const read = (search: string, currency = 'USD') =>
      readProductListQuery(new URLSearchParams(search), currency);
    expect(read('minPrice=10&maxPrice=%2424.5')).toEqual(
      query({ minPrice: '10.00', maxPrice: '24.50', minPriceCents: 1000, maxPriceCents: 2450 }),
    );
    expect(read('minPrice=&maxPrice=%20')).toEqual(query());
    expect(read('maxPrice=2500', 'JPY')).toMatchObject({ maxPrice: '2500', maxPriceCents: 2500 });
    const refused: [string, string, Partial<ProductListQuery>][] = [
      ['minPrice=cheap', 'Enter prices as numbers, such as 10 or 24.99.', { minPrice: 'cheap' }],
      ['maxPrice=1e3', 'Enter prices as numbers, such as 10 or 24.99.', { maxPrice: '1e3' }],
      ['minPrice=-5', 'Prices cannot be below 0.', { minPrice: '-5' }],
      [
        'minPrice=50&maxPrice=10',
        'The lowest price is above the highest price. Swap them or change one.',
        { minPrice: '50.00', maxPrice: '10.00' },
      ],
    ];
    for (const [search, message, texts] of refused) {
      // A refused range filters nothing: the list shows, with the message and the typed text.
      expect(read(search)).toEqual(query({ ...texts, priceError: message }));
    }
    expect(read(`minPrice=${'9'.repeat(40)}`).minPrice).toHaveLength(20);
    expect(productListSearch(read('minPrice=10&maxPrice=20&sort=newest'))).toBe(
      '?minPrice=10.00&maxPrice=20.00&sort=newest',
    );
  });

  it('writes one canonical query, defaults left out, that reads back the same', () => {
    expect(productListSearch(query())).toBe('');
    expect(productListSearch(query({ sort: 'featured', page: 1 }))).toBe('');
    expect(productListSearch(query({ category: 'Coffee & Tea', page: 2 }))).toBe(
      '?category=Coffee+%26+Tea&page=2',
    );
    fc.assert(
      fc.property(
        fc.option(
          fc
            .string({ minLength: 1 })
            .map((s) => s.trim())
            .filter(Boolean),
          { nil: null },
        ),
        fc.option(
          fc
            .string({ minLength: 1 })
            .map((s) => s.trim())
            .filter(Boolean),
          { nil: null },
        ),
        fc.constantFrom(...(Object.keys(PRODUCT_SORTS) as (keyof typeof PRODUCT_SORTS)[])),
        fc.integer({ min: 1, max: 10_000 }),
        (category, tag, sort, page) => {
          const q = query({ category, tag, sort, page });
          expect(readProductListQuery(new URLSearchParams(productListSearch(q)), 'USD')).toEqual(q);
        },
      ),
    );
  });
});

describe('browseProducts', () => {
  const products = [
    item('a', 0, 3000, { categories: ['Kitchen'], tags: ['gift'], createdAt: 5 }),
    item('b', 1, 1000, { categories: ['Home'], createdAt: 9 }),
    item('c', 2, 2000, { categories: ['kitchen'], tags: ['Gift'], createdAt: 1 }),
    item('d', 3, 1000, { categories: ['Home', 'Kitchen'], createdAt: 7 }),
  ];
  const ids = (q: Partial<ProductListQuery>, size?: number) =>
    browseProducts(products, query(q), size).items.map((p) => p.id);

  it('filters by category and tag regardless of case', () => {
    expect(ids({ category: 'KITCHEN' })).toEqual(['a', 'c', 'd']);
    expect(ids({ category: 'kitchen', tag: 'gift' })).toEqual(['a', 'c']);
    expect(ids({ tag: 'none' })).toEqual([]);
  });

  it('sorts featured, newest and by price, ties in the owner’s order', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ sort: 'newest' })).toEqual(['b', 'd', 'a', 'c']);
    expect(ids({ sort: 'price-asc' })).toEqual(['b', 'd', 'c', 'a']);
    expect(ids({ sort: 'price-desc' })).toEqual(['a', 'c', 'b', 'd']);
  });

  it('filters by price, both ends included, at the price paid now, matching when any variant is in range', () => {
    expect(ids({ minPriceCents: 2000 })).toEqual(['a', 'c']);
    expect(ids({ maxPriceCents: 2000 })).toEqual(['b', 'c', 'd']);
    expect(ids({ minPriceCents: 1500, maxPriceCents: 2500, category: 'kitchen' })).toEqual(['c']);
    const sale = item('s', 9, 5000);
    sale.variants = [variant({ sku: 's', priceCents: 5000, salePriceCents: 900, onSale: true })];
    const sizes = item('v', 10, 0);
    sizes.variants = [variant({ sku: 'v-s', priceCents: 400 }), variant({ sku: 'v-xl', priceCents: 6000 })];
    const cheap = browseProducts([...products, sale, sizes], query({ maxPriceCents: 950 }));
    expect(cheap.items.map((p) => p.id)).toEqual(['s', 'v']);
    const dear = browseProducts([...products, sale, sizes], query({ minPriceCents: 5000 }));
    expect(dear.items.map((p) => p.id)).toEqual(['v']);
    expect(dear.total).toBe(1);
  });

  it('sorts a product on sale by the price shoppers pay', () => {
    const sale = item('s', 9, 5000, {});
    sale.variants = [variant({ sku: 's', priceCents: 5000, salePriceCents: 500, onSale: true })];
    expect(browseProducts([...products, sale], query({ sort: 'price-asc' })).items[0].id).toBe('s');
  });

  it('cuts pages of the page size and clamps a page past the end', () => {
    expect(PRODUCT_LIST_PAGE_SIZE).toBe(8);
    expect(ids({ page: 2 }, 3)).toEqual(['d']);
    expect(browseProducts(products, query({ page: 7 }), 3)).toMatchObject({
      page: 2,
      pageCount: 2,
      total: 4,
    });
    expect(browseProducts([], query({ page: 3 }))).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it('names each category and tag once, first spelling first', () => {
    expect(facetNames(products, 'categories')).toEqual(['Kitchen', 'Home']);
    expect(facetNames(products, 'tags')).toEqual(['gift']);
  });
});

describe('relatedProducts', () => {
  it('puts products sharing categories before those sharing tags, never itself or strangers', () => {
    const self = item('self', 0, 100, { categories: ['Kitchen'], tags: ['gift'] });
    const candidates = [
      self,
      item('tagOnly', 1, 100, { tags: ['gift'] }),
      item('stranger', 2, 100, { categories: ['Garden'] }),
      item('category', 3, 100, { categories: ['kitchen'] }),
      item('both', 4, 100, { categories: ['Kitchen'], tags: ['gift'] }),
    ];
    expect(relatedProducts(self, candidates).map((p) => p.id)).toEqual(['both', 'category', 'tagOnly']);
    expect(relatedProducts(self, candidates, 1).map((p) => p.id)).toEqual(['both']);
  });
});
