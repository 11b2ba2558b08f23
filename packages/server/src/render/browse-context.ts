import {
  browseProducts,
  facetNames,
  formatMoney,
  PRICE_INPUT_MAX_LENGTH,
  PRODUCT_SORTS,
  type ProductListQuery,
  type ProductSort,
  productListSearch,
  relatedProducts,
} from '@storefront/commerce';
import type { CatalogProduct, Collection } from '../modules/catalog/service.js';
import type { Site } from '../modules/site/service.js';
import { productCardContext } from './context.js';

/** How the store's currency is written before or after an amount ('$', '€', 'CHF'). */
function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/** One step of a breadcrumb trail; the last (the page itself) has no link. */
interface Crumb {
  title: string;
  url: string | null;
}

const HOME_CRUMB: Crumb = { title: 'Home', url: '/' };

/** Links of the trail, the current page last and unlinked (`aria-current` in the theme). */
function trail(crumbs: Crumb[]) {
  return crumbs.map((c, i) => ({ ...c, current: i === crumbs.length - 1 }));
}

/**
 * A product list page: the page of products the query asks for, the filter and sort choices
 * (links and a plain GET form, so they work without JavaScript), paging and breadcrumbs.
 */
export function productListContext(
  products: CatalogProduct[],
  collection: Collection,
  basePath: string,
  query: ProductListQuery,
  site: Site,
) {
  const shown = browseProducts(products, query);
  const href = (q: Partial<ProductListQuery>) => `${basePath}${productListSearch(q)}`;
  // Links carry a price range only when it could be read: a refused one is shown once, not spread.
  const kept = query.priceError ? { ...query, minPrice: null, maxPrice: null } : query;
  // A filter link keeps the other filter and the sort, and starts again at page 1.
  const facet = (names: string[], key: 'category' | 'tag') => [
    { name: 'All', url: href({ ...kept, [key]: null, page: 1 }), active: !query[key] },
    ...names.map((name) => ({
      name,
      url: href({ ...kept, [key]: name, page: 1 }),
      active: query[key]?.toLowerCase() === name.toLowerCase(),
    })),
  ];
  const categories = facetNames(products, 'categories');
  const tags = facetNames(products, 'tags');
  const filter = query.category ?? query.tag;
  const { currency, locale } = site.website;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const { minPriceCents: min, maxPriceCents: max } = query;
  // The range the list is filtered by, as the count line says it ('$10.00 – $50.00', 'from $10.00').
  const priceText =
    min !== null && max !== null
      ? `${money(min)} – ${money(max)}`
      : min !== null
        ? `from ${money(min)}`
        : max !== null
          ? `up to ${money(max)}`
          : '';
  const pageUrl = (page: number) => href({ ...kept, page });
  return {
    items: shown.items.map((p) => productCardContext(p, site)),
    browse: {
      total: shown.total,
      empty: shown.total === 0,
      totalText: `${shown.total} ${shown.total === 1 ? 'product' : 'products'}`,
      filtered: !!(query.category || query.tag || priceText),
      /** A category or tag names the list in its heading (a price range is said in the count). */
      named: !!filter,
      priceText,
      clearUrl: href({ sort: query.sort }),
      categories: categories.length > 0 ? facet(categories, 'category') : null,
      tags: tags.length > 0 ? facet(tags, 'tag') : null,
      category: query.category ?? '',
      tag: query.tag ?? '',
      price: {
        min: query.minPrice ?? '',
        max: query.maxPrice ?? '',
        error: query.priceError ?? '',
        currency,
        symbol: currencySymbol(currency, locale),
        maxLength: PRICE_INPUT_MAX_LENGTH,
      },
      sorts: (Object.keys(PRODUCT_SORTS) as ProductSort[]).map((value) => ({
        value,
        label: PRODUCT_SORTS[value],
        selected: value === query.sort,
      })),
      paging:
        shown.pageCount > 1
          ? {
              page: shown.page,
              pageCount: shown.pageCount,
              label: `Page ${shown.page} of ${shown.pageCount}`,
              prevUrl: shown.page > 1 ? pageUrl(shown.page - 1) : '',
              nextUrl: shown.page < shown.pageCount ? pageUrl(shown.page + 1) : '',
              pages: Array.from({ length: shown.pageCount }, (_, i) => ({
                number: i + 1,
                url: pageUrl(i + 1),
                current: i + 1 === shown.page,
              })),
            }
          : null,
    },
    breadcrumbs: trail([
      HOME_CRUMB,
      { title: collection.title, url: filter ? href({}) : null },
      ...(filter ? [{ title: filter, url: null }] : []),
    ]),
    // Names the filter in the page's title, so tabs and history tell the lists apart.
    titlePrefix: filter ? `${filter} — ` : '',
  };
}

/** A product page's breadcrumbs (through its first category) and the products related to it. */
export function productPageExtras(
  product: CatalogProduct,
  collectionProducts: CatalogProduct[],
  collection: Collection,
  site: Site,
) {
  const category = product.categories[0];
  return {
    breadcrumbs: trail([
      HOME_CRUMB,
      { title: collection.title, url: collection.fullUrl },
      ...(category
        ? [{ title: category, url: `${collection.fullUrl}${productListSearch({ category })}` }]
        : []),
      { title: product.name, url: null },
    ]),
    related: relatedProducts(product, collectionProducts).map((p) => productCardContext(p, site)),
  };
}
