import {
  decimalFromMinor,
  effectivePriceCents,
  isSoldOut,
  MAX_RATING,
  MIN_RATING,
  ratingLabel,
  ratingStars,
  reviewCountText,
} from '@storefront/commerce';
import type { CatalogProduct } from '../modules/catalog/service.js';
import type { ProductReviews } from '../modules/reviews/service.js';
import type { Site } from '../modules/site/service.js';
import { scriptJson } from './context.js';

/** The query parameter of the reviews section's page (kept in the page cache's key). */
export const REVIEWS_PAGE_PARAM = 'reviewsPage';

/** The reviews page a product page's address asks for: 1 unless a whole number above 1. */
export function reviewsPageOf(search: URLSearchParams): number {
  const n = Number(search.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/**
 * The product page's reviews (average and count near the price, the reviews section): null when
 * the store shows no reviews or none is approved yet, so a product without reviews shows no
 * empty section. The section's paging links keep the shopper at the section.
 */
export function reviewsContext(reviews: ProductReviews | null, productUrl: string, site: Site) {
  if (!reviews || reviews.count === 0) return null;
  const day = new Intl.DateTimeFormat(site.website.locale, {
    dateStyle: 'long',
    timeZone: site.website.timeZone,
  });
  const pageUrl = (n: number) => `${productUrl}${n > 1 ? `?${REVIEWS_PAGE_PARAM}=${n}` : ''}#reviews`;
  return {
    count: reviews.count,
    countText: reviewCountText(reviews.count),
    averageText: reviews.average.toFixed(1),
    stars: ratingStars(reviews.average),
    label: ratingLabel(reviews.average),
    reviews: reviews.reviews.map((r) => ({
      ...r,
      stars: ratingStars(r.rating),
      label: ratingLabel(r.rating),
      dateText: day.format(r.createdAt),
      dateIso: new Date(r.createdAt).toISOString(),
    })),
    newerUrl: reviews.page > 1 ? pageUrl(reviews.page - 1) : '',
    olderUrl: reviews.page < reviews.pages ? pageUrl(reviews.page + 1) : '',
    pageText: reviews.pages > 1 ? `Page ${reviews.page} of ${reviews.pages}` : '',
  };
}

/**
 * The product's schema.org JSON-LD: a Product with its offer, and its AggregateRating and the
 * shown Reviews once at least one approved review is displayed.
 */
export function productJsonLd(
  p: CatalogProduct,
  site: Site,
  absoluteUrl: string,
  reviews: ProductReviews | null,
) {
  const first = p.variants[0];
  const { currency } = site.website;
  const rated = reviews && reviews.count > 0 ? reviews : null;
  return scriptJson({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    url: absoluteUrl,
    ...(p.images[0] ? { image: new URL(p.images[0].assetUrl, absoluteUrl).href } : {}),
    ...(first?.sku ? { sku: first.sku } : {}),
    ...(first
      ? {
          offers: {
            '@type': 'Offer',
            price: decimalFromMinor(effectivePriceCents(first), currency),
            priceCurrency: currency,
            availability: `https://schema.org/${isSoldOut(p) ? 'OutOfStock' : 'InStock'}`,
            url: absoluteUrl,
          },
        }
      : {}),
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rated.average,
            reviewCount: rated.count,
            bestRating: MAX_RATING,
            worstRating: MIN_RATING,
          },
          review: rated.reviews.map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.body,
            datePublished: new Date(r.createdAt).toISOString().slice(0, 10),
            author: { '@type': 'Person', name: r.authorName },
            reviewRating: {
              '@type': 'Rating',
              ratingValue: r.rating,
              bestRating: MAX_RATING,
              worstRating: MIN_RATING,
            },
          })),
        }
      : {}),
  });
}
