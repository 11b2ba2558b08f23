/**
 * The newsletter's public pages and calls: the double opt-in link, the unsubscribe page (spec §2
 * page type 300) with its button, the one-click unsubscribe of mail programs (RFC 8058, named by
 * every campaign mail's List-Unsubscribe header), the open-tracking image of campaigns that track
 * opens, and the popup overlay's sign-up form (page type 104).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import { getCollections } from '../modules/catalog/service.js';
import { listFormPages, listNewsletterForms } from '../modules/forms/service.js';
import {
  confirmSubscription,
  NEWSLETTER_PATHS,
  recordOpen,
  type SubscriptionView,
  subscriptionByToken,
  unsubscribe,
} from '../modules/newsletter/service.js';
import { contract, errorReply } from '../platform/contract.js';
import { HttpError } from '../platform/errors.js';
import { text } from '../platform/request-input.js';
import type { AppServices, SiteContext } from '../services.js';
import { siteFormProps } from './form-block.js';
import { PAGE_TYPE, type PageType } from './page-types.js';
import { renderSpec } from './routes.js';
import { newsletterPopupReply } from './site-form-schema.js';

export const NEWSLETTER_PAGE_TEXTS = {
  confirmedTitle: 'You are subscribed',
  confirmed: (s: SubscriptionView) => `Thank you: ${s.email} now receives ${s.listName}.`,
  confirmFailedTitle: 'This link does not work',
  confirmFailed:
    'The confirmation link has expired or was already used. Sign up again and we will send you a new one.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: (s: SubscriptionView) => `Stop sending ${s.listName} to ${s.email}?`,
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribed: (s: SubscriptionView) => `${s.email} will not receive ${s.listName} any more.`,
  unsubscribeFailed: 'This unsubscribe link is not valid. Use the link of the newest email you received.',
} as const;

/** Random tokens travel hex-encoded; anything else is refused before a query. */
const tokenQuery = z.object({ token: z.string().regex(/^[0-9a-f]{16,128}$/) });
const tokenOf = (input: unknown) => {
  const parsed = tokenQuery.safeParse(input ?? {});
  return parsed.success ? parsed.data.token : null;
};

/** The one-click POST's address carries the token; checked by `tokenOf`, so a bad one answers 404. */
const oneClickQuery = z.object({ token: text().optional() });
/** RFC 8058's body, as mail programs send it; nothing in it is read. */
const oneClickBody = z
  .object({ 'List-Unsubscribe': z.string().optional().describe('One-Click') })
  .prefault({});
const oneClickReply = z.object({ data: z.object({ unsubscribed: z.literal(true) }) });
/** The image's bytes; JSON Schema names them a binary string (a Buffer is sent as it is, unserialized). */
const pixelReply = z
  .instanceof(Buffer)
  .meta({ type: 'string', format: 'binary', contentMediaType: 'image/gif' })
  .describe('A transparent 1×1 GIF');

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function newsletterPageRoutes(app: FastifyInstance, services: AppServices): void {
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    ctx: SiteContext,
    spec: { status: number; pageType: PageType; title: string; lines: string[]; unsubscribeToken?: string },
  ) {
    const crumb = services.crumbs.ensure(request, reply);
    const cart = await getCart(ctx, request.cookies[CART_COOKIE], ctx.site.website.currency);
    const html = renderSpec(
      services,
      ctx,
      {
        status: spec.status,
        pageType: spec.pageType,
        template: 'newsletterPage',
        title: `${spec.title} — ${ctx.site.website.siteTitle}`,
        data: {
          newsletter: {
            title: spec.title,
            lines: spec.lines,
            unsubscribe: spec.unsubscribeToken
              ? { action: NEWSLETTER_PATHS.unsubscribe, crumb, token: spec.unsubscribeToken }
              : null,
          },
        },
      },
      cart,
      await getCollections(ctx),
      new URL(request.url, 'http://local').pathname,
      { crumb, nonce: reply.cspNonce },
      {},
      await listFormPages(ctx),
    );
    return reply
      .status(spec.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }

  const T = NEWSLETTER_PAGE_TEXTS;

  app.get(NEWSLETTER_PATHS.confirm, async (request, reply) => {
    const ctx = await services.context();
    const token = tokenOf(request.query);
    const confirmed = token ? await confirmSubscription(ctx, token) : null;
    return confirmed
      ? page(request, reply, ctx, {
          status: 200,
          pageType: PAGE_TYPE.PAGE,
          title: T.confirmedTitle,
          lines: [T.confirmed(confirmed)],
        })
      : page(request, reply, ctx, {
          status: 404,
          pageType: PAGE_TYPE.PAGE,
          title: T.confirmFailedTitle,
          lines: [T.confirmFailed],
        });
  });

  // The page only asks: mail scanners open links, and must not unsubscribe anyone by doing so.
  app.get(NEWSLETTER_PATHS.unsubscribe, async (request, reply) => {
    const ctx = await services.context();
    const token = tokenOf(request.query);
    const sub = token ? await subscriptionByToken(ctx, token) : null;
    const pageType = PAGE_TYPE.NEWSLETTER_UNSUBSCRIBE;
    if (!sub) {
      return page(request, reply, ctx, {
        status: 404,
        pageType,
        title: T.unsubscribeTitle,
        lines: [T.unsubscribeFailed],
      });
    }
    if (sub.status === 'unsubscribed') {
      return page(request, reply, ctx, {
        status: 200,
        pageType,
        title: T.unsubscribedTitle,
        lines: [T.unsubscribed(sub)],
      });
    }
    return page(request, reply, ctx, {
      status: 200,
      pageType,
      title: T.unsubscribeTitle,
      lines: [T.unsubscribeAsk(sub)],
      unsubscribeToken: sub.unsubscribeToken,
    });
  });

  app.post(NEWSLETTER_PATHS.unsubscribe, async (request, reply) => {
    services.crumbs.check(request);
    const ctx = await services.context();
    const token = tokenOf(request.body);
    const sub = token ? await unsubscribe(ctx, token) : null;
    return page(request, reply, ctx, {
      status: sub ? 200 : 404,
      pageType: PAGE_TYPE.NEWSLETTER_UNSUBSCRIBE,
      title: sub ? T.unsubscribedTitle : T.unsubscribeTitle,
      lines: [sub ? T.unsubscribed(sub) : T.unsubscribeFailed],
    });
  });

  const api = contract(app);

  // RFC 8058: a mail program POSTs List-Unsubscribe=One-Click, with no cookie and no crumb; the
  // unguessable token in the address is the authority.
  api.post(
    NEWSLETTER_PATHS.oneClick,
    {
      schema: {
        description:
          "The one-click unsubscribe of mail programs (RFC 8058), named by every campaign mail's List-Unsubscribe header; no crumb.",
        querystring: oneClickQuery,
        body: oneClickBody,
        response: { 200: oneClickReply, '4xx': errorReply },
      },
    },
    async (request) => {
      await services.rateLimit(request, 'form-key');
      const token = tokenOf(request.query);
      const sub = token ? await unsubscribe(await services.context(), token) : null;
      if (!sub) throw new HttpError(404, T.unsubscribeFailed);
      return { data: { unsubscribed: true as const } };
    },
  );

  // A mail program shows the image whatever the token: only a well-formed one is looked up.
  api.get(
    `${NEWSLETTER_PATHS.open}/:token.gif`,
    {
      schema: {
        description: 'The open-tracking image of campaigns that track opens.',
        params: z.object({
          token: z.string().describe("The mail's open token (hex); any other answers the image too"),
        }),
        response: { 200: pixelReply },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request.params);
      if (token) await recordOpen(await services.context(), token);
      return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
    },
  );

  // The popup overlay: the first newsletter form the owner offers there, as the island's props.
  api.get(
    '/api/newsletter/popup',
    { schema: { response: { 200: newsletterPopupReply } } },
    async (request, reply) => {
      const ctx = await services.context();
      const [form] = await listNewsletterForms(ctx, 'popup');
      reply.header('cache-control', 'no-store');
      if (!form) return { data: null };
      const crumb = services.crumbs.ensure(request, reply);
      return {
        data: {
          pageType: PAGE_TYPE.POPUP_OVERLAY,
          title: form.name,
          form: siteFormProps(form, { crumb, captcha: services.captcha.widget }),
        },
      };
    },
  );
}
