import { decimalFromMinor, minorFromDecimal } from './money.js';
import { type CommerceProduct, effectivePriceCents, fromPrice } from './product.js';

/**
 * Finding things on a product list: filters, sort and pages, all carried in the list's URL
 * (`?category=&tag=&minPrice=&maxPrice=&sort=&page=`) so they work as plain links and a plain GET form. The spec
 * names no list sizes or orders; these are the ones shoppers coming from other stores expect
 * (docs/api.md "Product lists").
 */

/** Products per page of a product list: two rows of four on a desktop, four of two on a phone. */
export const PRODUCT_LIST_PAGE_SIZE = 8;
/** Related products on a product page: one row. */
export const RELATED_PRODUCTS_MAX = 4;

/** Sort orders, keyed by their `sort` URL value; the first is the default. */
export const PRODUCT_SORTS = {
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;
export const DEFAULT_PRODUCT_SORT: ProductSort = 'featured';

/** What a product list needs of a product besides its prices. */
export interface BrowsableProduct extends CommerceProduct {
  categories: readonly string[];
  tags: readonly string[];
  /** The owner's order in the collection ("featured"). */
  position: number;
  /** When the product was made, ms since epoch ("newest"). */
  createdAt: number;
}

/** What a price box refuses, shown above the list (the list itself is then not price-filtered). */
export const PRICE_FILTER_MESSAGES = {
  notANumber: 'Enter prices as numbers, such as 10 or 24.99.',
  negative: 'Prices cannot be below 0.',
  minAboveMax: 'The lowest price is above the highest price. Swap them or change one.',
} as const;
/** Longest price text kept from a URL: far past any price, short enough to echo back safely. */
export const PRICE_INPUT_MAX_LENGTH = 20;

export interface ProductListQuery {
  category: string | null;
  tag: string | null;
  /**
   * The price boxes as the URL carries them: a valid price in its canonical decimal form
   * ('10' → '10.00'), anything else as typed (so the page shows it beside its message).
   */
  minPrice: string | null;
  maxPrice: string | null;
  /** The range in minor units of the store currency, both ends included; null: open. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** Why the price boxes cannot be read, or null. */
  priceError: string | null;
  sort: ProductSort;
  page: number;
}

function isSort(value: string): value is ProductSort {
  return Object.hasOwn(PRODUCT_SORTS, value);
}

type PriceBox = { text: string | null; cents: number | null; error: string | null };

/** One price box: empty is no bound; a leading currency symbol is what people type and is dropped. */
function readPrice(raw: string | null, currency: string): PriceBox {
  const typed = (raw ?? '').trim().slice(0, PRICE_INPUT_MAX_LENGTH);
  const text = typed.replace(/^\p{Sc}\s*/u, '');
  if (text === '') return { text: null, cents: null, error: null };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text))
    return { text: typed, cents: null, error: PRICE_FILTER_MESSAGES.notANumber };
  let cents: number;
  try {
    cents = minorFromDecimal(text, currency);
  } catch {
    return { text: typed, cents: null, error: PRICE_FILTER_MESSAGES.notANumber };
  }
  if (cents < 0 || text.startsWith('-'))
    return { text: typed, cents: null, error: PRICE_FILTER_MESSAGES.negative };
  return { text: decimalFromMinor(cents, currency), cents, error: null };
}

/**
 * Reads a list URL's query. Anything unknown falls back to the default (an old or hand-typed
 * link still shows the list); a page past the end is clamped by `browseProducts`. Prices are
 * read in the store's `currency`; unreadable ones are reported in `priceError`, not applied.
 */
export function readProductListQuery(params: URLSearchParams, currency: string): ProductListQuery {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const min = readPrice(params.get('minPrice'), currency);
  const max = readPrice(params.get('maxPrice'), currency);
  const minAboveMax = min.cents !== null && max.cents !== null && min.cents > max.cents;
  const priceError = min.error ?? max.error ?? (minAboveMax ? PRICE_FILTER_MESSAGES.minAboveMax : null);
  return {
    category: params.get('category')?.trim() || null,
    tag: params.get('tag')?.trim() || null,
    minPrice: min.text,
    maxPrice: max.text,
    minPriceCents: priceError ? null : min.cents,
    maxPriceCents: priceError ? null : max.cents,
    priceError,
    sort: isSort(sort) ? sort : DEFAULT_PRODUCT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query as URL parameters, defaults left out, so each list has one canonical address. */
export function productListSearch(query: Partial<ProductListQuery>): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.tag) params.set('tag', query.tag);
  if (query.minPrice) params.set('minPrice', query.minPrice);
  if (query.maxPrice) params.set('maxPrice', query.maxPrice);
  if (query.sort && query.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Lowest price a shopper pays now; products without variants sort last. */
function sortPrice(p: BrowsableProduct): number {
  return fromPrice(p) ?? Number.POSITIVE_INFINITY;
}

const COMPARE: Record<ProductSort, (a: BrowsableProduct, b: BrowsableProduct) => number> = {
  featured: (a, b) => a.position - b.position,
  newest: (a, b) => b.createdAt - a.createdAt,
  'price-asc': (a, b) => sortPrice(a) - sortPrice(b),
  'price-desc': (a, b) => sortPrice(b) - sortPrice(a),
};

/** A product costs within the range when any of its variants does, at the price paid now (sale price on sale). */
function inPriceRange(p: BrowsableProduct, query: ProductListQuery): boolean {
  const { minPriceCents: min, maxPriceCents: max } = query;
  if (min === null && max === null) return true;
  return p.variants.some((v) => {
    const price = effectivePriceCents(v);
    return (min === null || price >= min) && (max === null || price <= max);
  });
}

export interface ProductListPage<P> {
  items: P[];
  /** Products matching the filters, over all pages. */
  total: number;
  page: number;
  pageCount: number;
}

/** Filters, sorts (ties keep the owner's order) and cuts one page of a collection's products. */
export function browseProducts<P extends BrowsableProduct>(
  products: readonly P[],
  query: ProductListQuery,
  pageSize = PRODUCT_LIST_PAGE_SIZE,
): ProductListPage<P> {
  const matching = products
    .filter((p) => !query.category || p.categories.some((c) => sameName(c, query.category!)))
    .filter((p) => !query.tag || p.tags.some((t) => sameName(t, query.tag!)))
    .filter((p) => inPriceRange(p, query))
    .sort((a, b) => COMPARE[query.sort](a, b) || a.position - b.position);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(query.page, pageCount);
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageCount,
  };
}

/** Every category (or tag) the products use, in first-seen order, each once. */
export function facetNames(products: readonly BrowsableProduct[], facet: 'categories' | 'tags'): string[] {
  const names: string[] = [];
  for (const p of products)
    for (const name of p[facet]) if (!names.some((n) => sameName(n, name))) names.push(name);
  return names;
}

/**
 * Products to show beside `product`: those sharing most of its categories and tags first, then
 * the owner's order; none that share nothing.
 */
export function relatedProducts<P extends BrowsableProduct>(
  product: BrowsableProduct,
  candidates: readonly P[],
  max = RELATED_PRODUCTS_MAX,
): P[] {
  const shared = (p: BrowsableProduct) =>
    2 * p.categories.filter((c) => product.categories.some((x) => sameName(x, c))).length +
    p.tags.filter((t) => product.tags.some((x) => sameName(x, t))).length;
  return candidates
    .filter((p) => p.id !== product.id)
    .map((p) => ({ p, score: shared(p) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.p.position - b.p.position)
    .slice(0, max)
    .map((x) => x.p);
}
