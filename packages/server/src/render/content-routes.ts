import { COMMENT_MESSAGES, CONTENT_MESSAGES, eventIcs, MESSAGES, textOfHtml } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import { getCollectionProducts, getCollections } from '../modules/catalog/service.js';
import { likeItem, postComment } from '../modules/content/comments.js';
import { findItem } from '../modules/content/repo.js';
import {
  closedReason,
  getEvent,
  getItem,
  getPost,
  type ItemVisitor,
  isProtected,
  listPosts,
  sitemapEntries,
} from '../modules/content/service.js';
import { listFormPages, newsletterPopupOffered } from '../modules/forms/service.js';
import { HONEYPOT_FIELD } from '../modules/forms/submissions.js';
import { sitePublicUrl } from '../modules/site/service.js';
import { contract, errorReply, guard, htmlReply, seeOther } from '../platform/contract.js';
import { isHttps } from '../platform/crumb.js';
import { HttpError } from '../platform/errors.js';
import { escapeHtml } from '../platform/html.js';
import { newToken } from '../platform/ids.js';
import { ownerBaseUrl, requirePermission } from '../platform/owner-auth.js';
import { idParams, text } from '../platform/request-input.js';
import { currentSiteUser } from '../platform/site-user-auth.js';
import type { AppServices } from '../services.js';
import { itemContext, itemUrl } from './content-context.js';
import { COMMENT_FORM_ACTION, type CommentFormState, itemPage, siteBaseUrl } from './content-pages.js';
import { renderSpec } from './routes.js';

/** Pages and RSS of the site's content that are not theme pages: the blog feed and the owner's preview. */
/** The like cookie: names a browser so it likes a post once (HttpOnly, a year). */
export const LIKE_COOKIE = 'sfLiker';
const LIKE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A comment's plain form: the fields as sent; their rules (required, lengths) are postComment's, answered on the page. */
const commentForm = z
  .object({
    itemId: text().default('').describe('The post commented on'),
    parentId: text().default('').describe('The approved comment replied to; empty for none'),
    name: z.string().default(''),
    email: z.string().default(''),
    body: z.string().default(''),
    captchaKey: z.string().default('').describe("The captcha's answer, added by the CommentCaptcha island"),
    [HONEYPOT_FIELD]: z.string().default('').describe('The honeypot: left empty by people'),
    crumb: text().optional(),
  })
  .prefault({});
/** The like button's plain form: its crumb alone (a script sends it as X-CSRF-Token). */
const likeForm = z.object({ crumb: text().optional() }).prefault({});

/** The request's visitor as the item access rules read it: page passwords entered, the account signed in. */
function itemVisitor(services: AppServices, request: FastifyRequest, reply: FastifyReply): ItemVisitor {
  return {
    unlocked: (itemId, hash) => services.access.pageOpen(request, itemId, hash),
    siteUserId: async () => (await currentSiteUser(services, request, reply))?.id ?? null,
  };
}

export function contentPageRoutes(app: FastifyInstance, services: AppServices): void {
  /** The site's public pages for search engines: home, collections, published items, products. */
  app.get('/sitemap.xml', async (_request, reply) => {
    const ctx = await services.context();
    await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
    const base = siteBaseUrl(services, ctx);
    const collections = await getCollections(ctx);
    const entries: { path: string; lastModified?: number }[] = [{ path: '/' }];
    for (const c of collections) {
      // A member collection's pages are for its members: search engines are not told of them.
      if (c.folder || c.memberProducts.length > 0) continue;
      if (c.typeName === 'blog' || c.typeName === 'events' || c.typeName === 'products')
        entries.push({ path: c.fullUrl });
      if (c.typeName === 'products')
        for (const p of await getCollectionProducts(ctx, c)) entries.push({ path: p.fullUrl });
    }
    entries.push(...(await sitemapEntries(ctx, collections)));
    const seen = new Set<string>();
    const x = escapeHtml;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries
        .filter((e) => !seen.has(e.path) && !!seen.add(e.path))
        .map(
          (e) =>
            `<url><loc>${x(base + e.path)}</loc>${e.lastModified ? `<lastmod>${new Date(e.lastModified).toISOString()}</lastmod>` : ''}</url>`,
        ),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  });

  /** Crawlers may read the site, not the owner's area or the APIs; the sitemap says what there is. */
  app.get('/robots.txt', async (_request, reply) => {
    const ctx = await services.context();
    const text = [
      'User-agent: *',
      'Disallow: /config',
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /account',
      `Sitemap: ${siteBaseUrl(services, ctx)}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').send(text);
  });

  /**
   * A visitor's comment or reply, as a plain form POST (the CommentCaptcha island adds the
   * captcha's answer): answered by the post's page, with the outcome above the form it came from.
   */
  contract(app).post(
    COMMENT_FORM_ACTION,
    {
      schema: {
        description:
          "A plain HTML form post: answered 200 by the post's page with the comment awaiting moderation, or by the page with the form again and each field's problem (400, 429 too many).",
        body: commentForm,
        response: { 200: htmlReply, '4xx': z.union([errorReply, htmlReply]) },
      },
      preValidation: guard(services, null, { crumb: true }),
    },
    async (request, reply) => {
      const ctx = await services.context();
      const crumb = services.crumbs.ensure(request, reply);
      const form = request.body;
      const values = { name: form.name, email: form.email, body: form.body, parentId: form.parentId };
      const row = await findItem(ctx.db, ctx.websiteId, form.itemId);
      const collections = await getCollections(ctx);
      const blog = row && collections.find((c) => c.id === row.collection_id && c.typeName === 'blog');
      const post = blog ? await getPost(ctx, blog, row.url_slug) : null;
      if (!blog || !post) throw new HttpError(404, COMMENT_MESSAGES.closed);
      // The answer shows the whole post: only to those who can read it (password entered, a member).
      const visitor = itemVisitor(services, request, reply);
      const closed = await closedReason(ctx, post.item, visitor);
      if (closed) throw new HttpError(403, closed);

      let state: CommentFormState;
      let status = 200;
      try {
        await services.rateLimit(request, 'form-submission-ip');
        await postComment(
          ctx,
          services.captcha,
          {
            itemId: post.item.id,
            parentId: values.parentId || null,
            name: values.name,
            email: values.email,
            body: values.body,
            captchaKey: form.captchaKey || undefined,
            trap: form[HONEYPOT_FIELD],
          },
          visitor,
        );
        state = { values: { parentId: values.parentId }, notice: COMMENT_MESSAGES.awaitingModeration };
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode === 404 || err.statusCode === 403) throw err;
        status = err.statusCode;
        state = {
          values,
          errors: err.errors ?? {},
          notice: status === 429 ? MESSAGES.formRateLimited : err.message,
        };
      }
      const page = await itemPage(services, ctx, post.item, blog, crumb, post, state);
      const cart = await getCart(ctx, request.cookies[CART_COOKIE], ctx.site.website.currency);
      const html = renderSpec(
        services,
        ctx,
        { ...page, status },
        cart,
        collections,
        page.data.item ? (page.data.item as { fullUrl: string }).fullUrl : blog.fullUrl,
        { crumb, nonce: reply.cspNonce },
        { newsletterPopup: await newsletterPopupOffered(ctx) },
        await listFormPages(ctx),
      );
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  /** A visitor likes a post they can read, once: JSON { likeCount } to a script, else back to the post. */
  contract(app).post(
    '/api/content/items/:id/like',
    {
      schema: {
        description:
          'Answers `{ likeCount }` to a call that accepts application/json; a plain HTML form is sent on to the post (303).',
        params: idParams,
        body: likeForm,
        response: { 200: z.object({ likeCount: z.number().int() }), 303: seeOther, '4xx': errorReply },
      },
      preValidation: guard(services, 'form-submission-ip', { crumb: true }),
    },
    async (request, reply) => {
      const ctx = await services.context();
      let visitor = request.cookies[LIKE_COOKIE];
      if (!visitor || !/^[0-9a-f]{32}$/.test(visitor)) {
        visitor = newToken();
        reply.setCookie(LIKE_COOKIE, visitor, {
          path: '/',
          sameSite: 'lax',
          httpOnly: true,
          secure: isHttps(request),
          maxAge: LIKE_COOKIE_MAX_AGE_S,
        });
      }
      const likeCount = await likeItem(
        ctx,
        request.params.id,
        visitor,
        itemVisitor(services, request, reply),
      );
      if (request.headers.accept?.includes('application/json')) return { likeCount };
      const item = await getItem(ctx, request.params.id);
      const collection = (await getCollections(ctx)).find((c) => c.id === item?.collectionId);
      return reply.redirect(collection && item ? `${collection.fullUrl}/${item.urlSlug}#like` : '/', 303);
    },
  );

  /** An event as an .ics file (RFC 5545), for calendars the Google link does not reach. */
  app.get<{ Params: { collection: string; slug: string } }>(
    '/:collection/:slug/event.ics',
    async (request, reply) => {
      const ctx = await services.context();
      await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
      const collection = (await getCollections(ctx)).find(
        (c) => c.urlSlug === request.params.collection && c.typeName === 'events',
      );
      const item = collection ? await getEvent(ctx, collection, request.params.slug) : null;
      // A page behind its own password or in a member area gives nothing away to those it is closed to.
      if (!collection || !item || (await closedReason(ctx, item, itemVisitor(services, request, reply))))
        return reply.status(404).send({ message: 'Not found' });
      const base = siteBaseUrl(services, ctx);
      const url = `${base}${itemUrl(item, collection)}`;
      const ics = eventIcs(
        {
          uid: `${item.id}@${new URL(base).host}`,
          title: item.title,
          url,
          description: textOfHtml(item.excerpt),
          ...item.event!,
        },
        ctx.clock.now(),
        ctx.site.website.siteTitle,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${item.urlSlug}.ics"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );

  /**
   * RSS 2.0 of a blog's newest published posts. Feed readers sign in nowhere: a member blog has
   * no feed, and posts behind a password or paywall products are left out of it.
   */
  app.get<{ Params: { blog: string } }>('/:blog/rss.xml', async (request, reply) => {
    const ctx = await services.context();
    await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
    const blog = (await getCollections(ctx)).find(
      (c) => c.urlSlug === request.params.blog && c.typeName === 'blog',
    );
    const list = blog && blog.memberProducts.length === 0 ? await listPosts(ctx, blog, 1) : null;
    if (!blog || !list) return reply.status(404).send({ message: 'Not found' });
    const base = (
      sitePublicUrl(ctx.site, services.config.publicUrl) ?? ownerBaseUrl(services.config)
    ).replace(/\/$/, '');
    const items = await Promise.all(
      list.posts.filter((p) => !isProtected(p)).map((p) => itemContext(ctx, p, blog)),
    );
    const x = escapeHtml;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '<channel>',
      `<title>${x(`${blog.title} — ${ctx.site.website.siteTitle}`)}</title>`,
      `<link>${x(base + blog.fullUrl)}</link>`,
      `<description>${x(blog.description ?? '')}</description>`,
      ...items.map((i) =>
        [
          '<item>',
          `<title>${x(i.title)}</title>`,
          `<link>${x(base + i.fullUrl)}</link>`,
          `<guid isPermaLink="false">${x(i.id)}</guid>`,
          i.publishOn === null ? '' : `<pubDate>${new Date(i.publishOn).toUTCString()}</pubDate>`,
          i.author.displayName ? `<dc:creator>${x(i.author.displayName)}</dc:creator>` : '',
          ...i.categories.map((c) => `<category>${x(c)}</category>`),
          i.excerpt ? `<description>${x(i.excerpt)}</description>` : '',
          '</item>',
        ]
          .filter(Boolean)
          .join(''),
      ),
      '</channel>',
      '</rss>',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  });

  /** The owner's preview: the item's page as visitors will see it, whatever its status. */
  contract(app).get(
    '/api/config/content/items/:id/preview',
    {
      preValidation: requirePermission(services, 'content.read'),
      schema: {
        description: 'The item drawn by its page template, whatever its status; never indexed or cached.',
        params: idParams,
        response: { 200: htmlReply, '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const ctx = await services.context();
      const item = await getItem(ctx, request.params.id);
      if (!item) throw new HttpError(404, CONTENT_MESSAGES.notFound);
      const collections = await getCollections(ctx);
      const collection = collections.find((c) => c.id === item.collectionId)!;
      const crumb = services.crumbs.ensure(request, reply);
      const page = await itemPage(services, ctx, item, collection, crumb);
      const cart = await getCart(ctx, request.cookies[CART_COOKIE], ctx.site.website.currency);
      const html = renderSpec(
        services,
        ctx,
        page,
        cart,
        collections,
        collection.fullUrl,
        {
          crumb,
          nonce: reply.cspNonce,
        },
        {},
      );
      // A preview is never indexed or cached: it may show what is not yet published.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
}
