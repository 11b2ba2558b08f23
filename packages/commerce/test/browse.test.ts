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
  sort: DEFAULT_PRODUCT_SORT,
  page: 1,
  ...over,
});

describe('product list query', () => {
  it('reads known values and falls back on anything else', () => {
    expect(
      readProductListQuery(new URLSearchParams('category=Kitchen&tag=%20gift%20&sort=price-desc&page=3')),
    ).toEqual({ category: 'Kitchen', tag: 'gift', sort: 'price-desc', page: 3 });
    for (const bad of ['sort=cheap&page=0', 'sort=__proto__&page=1.5', 'sort=toString&page=-1', 'page=1e400'])
      expect(readProductListQuery(new URLSearchParams(bad))).toEqual(query());
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
          const q = { category, tag, sort, page };
          expect(readProductListQuery(new URLSearchParams(productListSearch(q)))).toEqual(q);
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
