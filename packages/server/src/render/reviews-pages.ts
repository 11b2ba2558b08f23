import {
  MAX_RATING,
  MAX_REVIEW_AUTHOR_LENGTH,
  MAX_REVIEW_BODY_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  REVIEW_MESSAGES,
} from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { openReviewRequest, type ReviewRequestView, submitReview } from '../modules/reviews/service.js';
import { HttpError } from '../platform/errors.js';
import { parseInput, text } from '../platform/request-input.js';
import type { AppServices, SiteContext } from '../services.js';
import { render } from './checkout-pages.js';
import { PAGE_TYPE } from './page-types.js';

const TOKEN_PARAMS = z.object({ token: text() });
const NOTICE_QUERY = z.object({ reviewed: text().optional() });
const TITLE = 'Review your order';

/** What one product's form shows after a refused send: the values typed and each field's message. */
interface FormState {
  productId: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
}

/** The stars to choose from, highest first, as radio buttons a keyboard and a screen reader know. */
function ratingChoices(productId: string, chosen: string) {
  return Array.from({ length: MAX_RATING }, (_, i) => MAX_RATING - i).map((n) => ({
    value: String(n),
    id: `rating-${productId}-${n}`,
    label: n === 1 ? '1 star' : `${n} stars`,
    stars: '★'.repeat(n),
    checked: chosen === String(n),
  }));
}

function pageData(
  view: ReviewRequestView,
  crumb: string,
  action: string,
  state: FormState | null,
  thanked: string,
) {
  return {
    request: {
      orderNumber: view.orderNumber,
      products: view.products.map(({ product, reviewed }) => {
        const own = state?.productId === product.id ? state : null;
        const values = own?.values ?? {};
        return {
          id: product.id,
          name: product.name,
          url: product.fullUrl,
          image: product.images[0]?.assetUrl ?? '',
          reviewed,
          thanked: reviewed && thanked === product.id,
          form: reviewed
            ? null
            : {
                action,
                crumb,
                productId: product.id,
                ratings: ratingChoices(product.id, values.rating ?? ''),
                authorName: values.authorName ?? view.authorName,
                title: values.title ?? '',
                body: values.body ?? '',
                errors: own?.errors ?? {},
                message: own?.message ?? '',
                limits: {
                  author: MAX_REVIEW_AUTHOR_LENGTH,
                  title: MAX_REVIEW_TITLE_LENGTH,
                  body: MAX_REVIEW_BODY_LENGTH,
                },
              },
        };
      }),
      // A refusal no product's form can show (a product not in the order) shows above them all.
      notice: state && !view.products.some((p) => p.product.id === state.productId) ? state.message : '',
      thanks: REVIEW_MESSAGES.thanks,
      alreadyReviewed: REVIEW_MESSAGES.alreadyReviewed,
    },
  };
}

function field(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v : '';
}

/**
 * The reviews request page (spec §2, 209) the emailed link opens, and its forms (plain HTML,
 * one per product): a sent review comes back here with its product marked reviewed.
 */
export function reviewsPageRoutes(app: FastifyInstance, services: AppServices): void {
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ctx: SiteContext,
    token: string,
    status: number,
    state: FormState | null,
    thanked = '',
  ) => {
    const crumb = services.crumbs.ensure(request, reply);
    const action = `/commerce/reviews/${encodeURIComponent(token)}`;
    let data: Record<string, unknown>;
    try {
      data = pageData(await openReviewRequest(ctx, token), crumb, action, state, thanked);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      status = err.statusCode;
      data = { request: null, linkError: err.message };
    }
    return render(services, request, reply, {
      status,
      pageType: PAGE_TYPE.REVIEWS_REQUEST,
      template: 'reviewsRequest',
      title: TITLE,
      data,
    });
  };

  app.get('/commerce/reviews/:token', async (request, reply) => {
    const { token } = parseInput(TOKEN_PARAMS, request.params);
    const { reviewed } = parseInput(NOTICE_QUERY, request.query);
    reply.header('referrer-policy', 'no-referrer');
    return show(request, reply, await services.context(), token, 200, null, reviewed ?? '');
  });

  app.post('/commerce/reviews/:token', async (request, reply) => {
    services.crumbs.check(request);
    await services.rateLimit(request, 'form-submission-ip');
    const { token } = parseInput(TOKEN_PARAMS, request.params);
    const ctx = await services.context();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const values = {
      rating: field(body, 'rating'),
      title: field(body, 'title'),
      body: field(body, 'body'),
      authorName: field(body, 'authorName'),
    };
    const productId = field(body, 'productId');
    try {
      await submitReview(ctx, token, { productId, ...values });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const state = { productId, values, errors: err.errors ?? {}, message: err.message };
      return show(request, reply, ctx, token, err.statusCode, state);
    }
    return reply.redirect(`${request.url.split('?')[0]}?reviewed=${encodeURIComponent(productId)}`, 303);
  });
}
