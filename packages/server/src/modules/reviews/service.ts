/**
 * Product reviews (issue 16). After an order is paid, its buyer is mailed one reviews-request
 * link, sent the merchant's delay later (the outbox holds the mail until then). The link opens
 * the reviews request page (spec §2, 209), where the buyer rates each product of the order once;
 * the link expires, and a product reviewed through it cannot be reviewed again. Every review
 * waits for a moderator; a product page shows the approved ones of the sources the store
 * settings display (spec §3 displayNative/ImportedProductReviewsEnabled).
 */
import {
  averageRating,
  checkReview,
  DEFAULT_REVIEWS_REQUEST_DELAY_DAYS,
  MAX_REVIEW_AUTHOR_LENGTH,
  MESSAGES,
  ProductType,
  REVIEW_LINK_VALID_DAYS,
  REVIEW_MESSAGES,
  REVIEW_STATUS,
  REVIEWS_PAGE_SIZE,
  type ReviewSource,
  type ReviewStatus,
  shownReviewSources,
} from '@storefront/commerce';
import type { CompanionWrite } from '../../db/companion.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { type CatalogProduct, getProductsByIds } from '../catalog/service.js';
import type { AnyEmailRequest } from '../email/service.js';
import { getOrder } from '../orders/service.js';
import {
  approvedReviews,
  approvedSummary,
  findReview,
  findReviewRequest,
  insertReview,
  insertReviewRequest,
  type ProductReviewRow,
  requestDelayDays,
  reviewedProductIds,
  reviewRequestCompanion,
  reviewStatusCounts,
  reviewsByStatus,
  setRequestDelayDays,
  updateReviewStatus,
} from './repo.js';

const DAY_MS = 24 * 60 * 60_000;
/** Reviews a page of the owner's moderation queue shows. */
export const REVIEW_MODERATION_PAGE_SIZE = 25;

/** Where a reviews-request link points (the store's address, then the path with its token). */
export function reviewsRequestPath(token: string): string {
  return `/commerce/reviews/${encodeURIComponent(token)}`;
}

/** Days after a paid order its reviews-request email goes out, as stored (orders read the site's copy). */
export async function getRequestDelayDays(ctx: SiteContext): Promise<number> {
  return (await requestDelayDays(ctx.db, ctx.websiteId)) ?? DEFAULT_REVIEWS_REQUEST_DELAY_DAYS;
}

export async function saveRequestDelayDays(ctx: SiteContext, actor: AuditActor, days: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await setRequestDelayDays(trx, ctx.websiteId, days);
    await recordAudit({ ...ctx, db: trx }, actor, 'reviews.settings', ctx.websiteId, { delayDays: days });
  });
}

/** Products a buyer may review: everything bought but gift cards (a present, not a product). */
function reviewable(items: readonly { itemId: string; productType: number }[]): string[] {
  return [...new Set(items.filter((i) => i.productType !== ProductType.GIFT_CARD).map((i) => i.itemId))];
}

/** An order's reviews request as recorded: its link's token, when it is mailed, what it asks about. */
export interface ReviewsAsked {
  token: string;
  sendAt: number;
  productNames: string[];
}

/** The order's one reviews request: its row and what its mail says. A gift-card-only order asks for nothing. */
function reviewsRequest(
  ctx: SiteContext,
  orderId: string,
  items: readonly { product_type: number; product_name: string }[],
) {
  const products = items.filter((i) => i.product_type !== ProductType.GIFT_CARD);
  if (products.length === 0) return null;
  const now = ctx.clock.now();
  const sendAt = now + ctx.site.reviewsRequestDelayDays * DAY_MS;
  const token = newToken(32);
  const row = {
    id: sha256(token),
    website_id: ctx.websiteId,
    order_id: orderId,
    created_at: now,
    expires_at: sendAt + REVIEW_LINK_VALID_DAYS * DAY_MS,
  };
  const asked: ReviewsAsked = {
    token,
    sendAt,
    productNames: [...new Set(products.map((p) => p.product_name))],
  };
  return { row, asked };
}

/**
 * Records the order's one reviews request in the paying transaction (`ctx.db`); the outbox holds
 * its mail (`reviewsRequestMail`) until the merchant's delay has passed. A gift-card-only order
 * asks for nothing (null).
 */
export async function askForReviews(
  ctx: SiteContext,
  orderId: string,
  items: readonly { product_type: number; product_name: string }[],
): Promise<ReviewsAsked | null> {
  const request = reviewsRequest(ctx, orderId, items);
  if (!request) return null;
  await insertReviewRequest(ctx.db, request.row);
  return request.asked;
}

/**
 * As `askForReviews`, for the statement that settles the order (PostgreSQL): the request is that
 * statement's companion write, recorded exactly when the order is settled.
 */
export function askForReviewsAlong(
  ctx: SiteContext,
  orderId: string,
  items: readonly { product_type: number; product_name: string }[],
): { asked: ReviewsAsked; write: CompanionWrite } | null {
  const request = reviewsRequest(ctx, orderId, items);
  return request && { asked: request.asked, write: reviewRequestCompanion(request.row) };
}

/** The reviews request's email, which the caller queues with the order's other mails. */
export function reviewsRequestMail(
  ctx: SiteContext,
  order: { id: string; email: string },
  asked: ReviewsAsked,
  baseUrl: string,
): AnyEmailRequest {
  return {
    to: order.email,
    template: 'reviews-request',
    // Not among the order's mails (`order:{id}`), which the owner reads as what the order sent.
    ref: `reviews:${order.id}`,
    notBefore: asked.sendAt,
    data: {
      siteTitle: ctx.site.website.siteTitle,
      productNames: asked.productNames,
      link: `${baseUrl}${reviewsRequestPath(asked.token)}`,
      validDays: REVIEW_LINK_VALID_DAYS,
    },
  };
}

export interface ReviewRequestView {
  orderId: string;
  orderNumber: string;
  /** The name the buyer's reviews carry unless they change it (their first name). */
  authorName: string;
  products: { product: CatalogProduct; reviewed: boolean }[];
}

/** The request a link's token opens: 404 for an unknown token, 410 once expired or refunded. */
export async function openReviewRequest(ctx: SiteContext, token: string): Promise<ReviewRequestView> {
  const request = token ? await findReviewRequest(ctx.db, ctx.websiteId, sha256(token)) : undefined;
  if (!request) throw new HttpError(404, REVIEW_MESSAGES.linkInvalid);
  if (ctx.clock.now() > Number(request.expires_at)) throw new HttpError(410, REVIEW_MESSAGES.linkExpired);
  const order = await getOrder(ctx, request.order_id);
  if (!order || (order.status !== 'paid' && order.status !== 'partially_refunded'))
    throw new HttpError(410, REVIEW_MESSAGES.orderClosed);
  const ids = reviewable(order.items);
  const [products, reviewed] = await Promise.all([
    getProductsByIds(ctx, ids),
    reviewedProductIds(ctx.db, order.id),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const address = order.shippingAddress ?? order.billingAddress;
  return {
    orderId: order.id,
    orderNumber: order.numberText,
    authorName: address?.firstName ?? '',
    products: ids.flatMap((id) => {
      const product = byId.get(id);
      return product ? [{ product, reviewed: reviewed.has(id) }] : [];
    }),
  };
}

export interface ReviewSubmission {
  productId: string;
  rating: string | number;
  title: string;
  body: string;
  authorName: string;
}

/**
 * A buyer's review of one product of the order, through the link: pending until approved.
 * 400 with field messages when a field is refused; 409 when the product was reviewed already.
 */
export async function submitReview(ctx: SiteContext, token: string, input: ReviewSubmission): Promise<void> {
  const request = await openReviewRequest(ctx, token);
  const entry = request.products.find((p) => p.product.id === input.productId);
  if (!entry) throw new HttpError(400, REVIEW_MESSAGES.notInOrder);
  if (entry.reviewed) throw new HttpError(409, REVIEW_MESSAGES.alreadyReviewed);
  const { errors, rating, title, body } = checkReview(input);
  const authorName = input.authorName.trim();
  if (authorName === '') errors.authorName = REVIEW_MESSAGES.required;
  else if (authorName.length > MAX_REVIEW_AUTHOR_LENGTH) errors.authorName = REVIEW_MESSAGES.authorTooLong;
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.formInvalid, undefined, errors);
  const added = await insertReview(ctx.db, {
    id: newId('rv'),
    website_id: ctx.websiteId,
    product_id: input.productId,
    source: 'native',
    order_id: request.orderId,
    rating,
    title,
    body,
    author_name: authorName,
    status: REVIEW_STATUS.pending,
    import_key: null,
    created_at: ctx.clock.now(),
    moderated_at: null,
  });
  // Two tabs sending the same product at once: the second finds the first's review.
  if (!added) throw new HttpError(409, REVIEW_MESSAGES.alreadyReviewed);
}

export interface ModerationReview {
  id: string;
  productId: string;
  productName: string;
  productUrl: string;
  source: ReviewSource;
  verifiedBuyer: boolean;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  status: ReviewStatus;
  createdAt: number;
}

function reviewView(r: ProductReviewRow, product: CatalogProduct | undefined): ModerationReview {
  return {
    id: r.id,
    productId: r.product_id,
    productName: product?.name ?? '',
    productUrl: product?.fullUrl ?? '',
    source: r.source,
    verifiedBuyer: r.source === 'native',
    rating: r.rating,
    title: r.title,
    body: r.body,
    authorName: r.author_name,
    status: r.status,
    createdAt: Number(r.created_at),
  };
}

/** One page of a status's reviews for moderators, newest first, with every status's count. */
export async function listReviewsForModeration(ctx: SiteContext, status: ReviewStatus, page: number) {
  const [rows, counts] = await Promise.all([
    reviewsByStatus(
      ctx.db,
      ctx.websiteId,
      status,
      (page - 1) * REVIEW_MODERATION_PAGE_SIZE,
      REVIEW_MODERATION_PAGE_SIZE,
    ),
    reviewStatusCounts(ctx.db, ctx.websiteId),
  ]);
  const products = new Map(
    (await getProductsByIds(ctx, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p.id, p]),
  );
  return {
    reviews: rows.map((r) => reviewView(r, products.get(r.product_id))),
    counts: {
      pending: counts.get(REVIEW_STATUS.pending) ?? 0,
      approved: counts.get(REVIEW_STATUS.approved) ?? 0,
      rejected: counts.get(REVIEW_STATUS.rejected) ?? 0,
    },
    page,
    pageSize: REVIEW_MODERATION_PAGE_SIZE,
    total: counts.get(status) ?? 0,
  };
}

/** A moderator's decision: approve (shown), reject, or back to the queue. */
export async function moderateReview(
  ctx: SiteContext,
  actor: AuditActor,
  id: string,
  status: ReviewStatus,
): Promise<void> {
  const row = await findReview(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, REVIEW_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    await updateReviewStatus(trx, id, status, ctx.clock.now());
    await recordAudit({ ...ctx, db: trx }, actor, 'review.moderate', id, { from: row.status, to: status });
  });
}

export interface ShownReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  verifiedBuyer: boolean;
  createdAt: number;
}

/**
 * What a product page shows of its reviews: null when the store displays no reviews; else the
 * approved reviews' count and average, and one page of them, newest first.
 */
export async function productReviews(ctx: SiteContext, productId: string, page: number) {
  const sources = shownReviewSources(ctx.site.storeSettings);
  if (sources.length === 0) return null;
  const summary = await approvedSummary(ctx.db, productId, sources);
  const pages = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows =
    summary.count === 0
      ? []
      : await approvedReviews(
          ctx.db,
          productId,
          sources,
          (current - 1) * REVIEWS_PAGE_SIZE,
          REVIEWS_PAGE_SIZE,
        );
  return {
    count: summary.count,
    average: averageRating(summary.total, summary.count),
    page: current,
    pages,
    reviews: rows.map(
      (r): ShownReview => ({
        rating: r.rating,
        title: r.title,
        body: r.body,
        authorName: r.author_name,
        verifiedBuyer: r.source === 'native',
        createdAt: Number(r.created_at),
      }),
    ),
  };
}

export type ProductReviews = NonNullable<Awaited<ReturnType<typeof productReviews>>>;
