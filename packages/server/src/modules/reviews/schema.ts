import { MAX_REVIEWS_REQUEST_DELAY_DAYS, REVIEW_MESSAGES, REVIEW_STATUSES } from '@storefront/commerce';
import { z } from 'zod';
import { text } from '../../platform/request-input.js';

const reviewStatus = z.enum(REVIEW_STATUSES as [string, ...string[]]);

export const reviewListQuery = z.object({
  status: reviewStatus.default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});

export const reviewParams = z.object({ id: text() });

/** A moderator's decision on a review. */
export const reviewModerationBody = z.strictObject({ status: reviewStatus });

const moderationReview = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productUrl: z.string(),
  source: z.enum(['native', 'imported']),
  verifiedBuyer: z.boolean(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  status: reviewStatus,
  createdAt: z.number(),
});

export const reviewQueueReply = z.object({
  reviews: z.array(moderationReview),
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

/** How many days after a paid order its reviews-request email goes out. */
export const reviewSettings = z.strictObject({
  requestDelayDays: z
    .number({ error: REVIEW_MESSAGES.delayRange })
    .int(REVIEW_MESSAGES.delayRange)
    .min(0, REVIEW_MESSAGES.delayRange)
    .max(MAX_REVIEWS_REQUEST_DELAY_DAYS, REVIEW_MESSAGES.delayRange),
});

/** A CSV file's text, and whether its reviews are shown at once (else they wait for moderation). */
export const reviewImportBody = z.strictObject({
  csv: z.string().min(1, 'Choose a CSV file.'),
  approve: z.boolean().default(false),
});

export const reviewImportReply = z.object({ imported: z.number(), unchanged: z.number() });
