import { describe, expect, it } from 'vitest';
import {
  averageRating,
  checkReview,
  MAX_REVIEW_BODY_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  REVIEW_MESSAGES,
  ratingLabel,
  ratingStars,
  reviewCountText,
  shownReviewSources,
} from '../src/index.js';

describe('review rules', () => {
  it('takes a whole rating from 1 to 5 and a title and text within their limits', () => {
    expect(checkReview({ rating: '5', title: ' Good ', body: ' Very. ' })).toEqual({
      errors: {},
      rating: 5,
      title: 'Good',
      body: 'Very.',
    });
    for (const rating of ['', '0', '6', '4.5', 'five'])
      expect(checkReview({ rating, title: 't', body: 'b' }).errors).toEqual({
        rating: REVIEW_MESSAGES.ratingRequired,
      });
    expect(
      checkReview({
        rating: 3,
        title: 'x'.repeat(MAX_REVIEW_TITLE_LENGTH + 1),
        body: 'y'.repeat(MAX_REVIEW_BODY_LENGTH + 1),
      }).errors,
    ).toEqual({ title: REVIEW_MESSAGES.titleTooLong, body: REVIEW_MESSAGES.bodyTooLong });
    expect(checkReview({ rating: 3, title: '  ', body: '' }).errors).toEqual({
      title: REVIEW_MESSAGES.required,
      body: REVIEW_MESSAGES.required,
    });
  });

  it('shows the sources the store settings turn on', () => {
    const on = (n: boolean, i: boolean) =>
      shownReviewSources({ displayNativeProductReviewsEnabled: n, displayImportedProductReviewsEnabled: i });
    expect(on(false, false)).toEqual([]);
    expect(on(true, false)).toEqual(['native']);
    expect(on(false, true)).toEqual(['imported']);
    expect(on(true, true)).toEqual(['native', 'imported']);
  });

  it('words the average, count and stars', () => {
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBe(0);
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(12)).toBe('12 reviews');
    expect(ratingLabel(4.7)).toBe('4.7 out of 5 stars');
    expect(ratingStars(4.7)).toBe('★★★★★');
    expect(ratingStars(4.4)).toBe('★★★★☆');
  });
});
