import { CONTENT_MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import { getCollections } from '../modules/catalog/service.js';
import { getItem, listPosts } from '../modules/content/service.js';
import { sitePublicUrl } from '../modules/site/service.js';
import { HttpError } from '../platform/errors.js';
import { escapeHtml } from '../platform/html.js';
import { ownerBaseUrl, requirePermission } from '../platform/owner-auth.js';
import type { AppServices } from '../services.js';
import { itemContext } from './content-context.js';
import { itemPage } from './content-pages.js';
import { renderSpec } from './routes.js';

/** Pages and RSS of the site's content that are not theme pages: the blog feed and the owner's preview. */
export function contentPageRoutes(app: FastifyInstance, services: AppServices): void {
  /** RSS 2.0 of a blog's newest published posts. */
  app.get<{ Params: { blog: string } }>('/:blog/rss.xml', async (request, reply) => {
    const ctx = await services.context();
    await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
    const blog = (await getCollections(ctx)).find(
      (c) => c.urlSlug === request.params.blog && c.typeName === 'blog',
    );
    const list = blog ? await listPosts(ctx, blog, 1) : null;
    if (!blog || !list) return reply.status(404).send({ message: 'Not found' });
    const base = (
      sitePublicUrl(ctx.site, services.config.publicUrl) ?? ownerBaseUrl(services.config)
    ).replace(/\/$/, '');
    const items = await Promise.all(list.posts.map((p) => itemContext(ctx, p, blog)));
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
  app.get<{ Params: { id: string } }>(
    '/api/config/content/items/:id/preview',
    { preHandler: requirePermission(services, 'content.read') },
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
