/**
 * Product reviews (issue 16): what a review may hold, when a reviews-request email goes out and
 * how long its link lasts, which reviews a product page shows, and the texts shoppers read.
 */

export const REVIEW_STATUS = { pending: 'pending', approved: 'approved', rejected: 'rejected' } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];
export const REVIEW_STATUSES: readonly ReviewStatus[] = Object.values(REVIEW_STATUS);

/** 'native': a buyer's, through the reviews-request link; 'imported': from a CSV file. */
export type ReviewSource = 'native' | 'imported';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Longest title, text and author name a review may hold (the spec gives no numbers). */
export const MAX_REVIEW_TITLE_LENGTH = 120;
export const MAX_REVIEW_BODY_LENGTH = 5_000;
export const MAX_REVIEW_AUTHOR_LENGTH = 100;

/** Days after a paid order its reviews-request email goes out, unless the merchant says otherwise. */
export const DEFAULT_REVIEWS_REQUEST_DELAY_DAYS = 7;
/** The merchant's delay setting: 0 (at once) up to this many days. */
export const MAX_REVIEWS_REQUEST_DELAY_DAYS = 365;
/** Days a reviews-request link works, counted from when its email goes out. */
export const REVIEW_LINK_VALID_DAYS = 60;
/** Reviews a product page shows at a time, newest first. */
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_MESSAGES = {
  ratingRequired: `Choose a rating from ${MIN_RATING} to ${MAX_RATING} stars.`,
  titleTooLong: `A title is at most ${MAX_REVIEW_TITLE_LENGTH} characters.`,
  bodyTooLong: `A review is at most ${MAX_REVIEW_BODY_LENGTH} characters.`,
  authorTooLong: `A name is at most ${MAX_REVIEW_AUTHOR_LENGTH} characters.`,
  required: 'This field is required.',
  linkInvalid: 'This review link is not valid. Use the link in your email.',
  linkExpired: 'This review link has expired.',
  orderClosed: 'This order can no longer be reviewed.',
  notInOrder: 'That product is not part of this order.',
  alreadyReviewed: 'You already reviewed this product. Thank you!',
  thanks: 'Thank you! Your review will appear once the store approves it.',
  notFound: 'We could not find that review.',
  delayRange: `Give a whole number of days from 0 to ${MAX_REVIEWS_REQUEST_DELAY_DAYS}.`,
} as const;

export interface ReviewInput {
  rating: number | string;
  title: string;
  body: string;
}

/**
 * A review's fields checked as a buyer sends them: a whole rating from 1 to 5, a title and a text
 * within their limits. Answers the field messages (empty when it may be kept) and the cleaned values.
 */
export function checkReview(input: ReviewInput) {
  const errors: Record<string, string> = {};
  const rating = typeof input.rating === 'number' ? input.rating : Number(input.rating);
  const title = input.title.trim();
  const body = input.body.trim();
  if (
    (typeof input.rating === 'string' && input.rating.trim() === '') ||
    !Number.isInteger(rating) ||
    rating < MIN_RATING ||
    rating > MAX_RATING
  )
    errors.rating = REVIEW_MESSAGES.ratingRequired;
  if (title === '') errors.title = REVIEW_MESSAGES.required;
  else if (title.length > MAX_REVIEW_TITLE_LENGTH) errors.title = REVIEW_MESSAGES.titleTooLong;
  if (body === '') errors.body = REVIEW_MESSAGES.required;
  else if (body.length > MAX_REVIEW_BODY_LENGTH) errors.body = REVIEW_MESSAGES.bodyTooLong;
  return { errors, rating, title, body };
}

/** Which reviews a product page shows (spec §3 store settings): native, imported, both or none. */
export function shownReviewSources(settings: {
  displayNativeProductReviewsEnabled: boolean;
  displayImportedProductReviewsEnabled: boolean;
}): ReviewSource[] {
  const sources: ReviewSource[] = [];
  if (settings.displayNativeProductReviewsEnabled) sources.push('native');
  if (settings.displayImportedProductReviewsEnabled) sources.push('imported');
  return sources;
}

/** The average of `count` ratings adding up to `total`, to one decimal (4.5); 0 without any. */
export function averageRating(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total / count) * 10) / 10;
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** What a screen reader says for a rating ('4.5 out of 5 stars'). */
export function ratingLabel(rating: number): string {
  return `${rating} out of ${MAX_RATING} stars`;
}

/** A rating drawn as stars: filled for each whole star (rounded), empty for the rest ('★★★★☆'). */
export function ratingStars(rating: number): string {
  const filled = Math.min(MAX_RATING, Math.max(0, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(MAX_RATING - filled);
}
