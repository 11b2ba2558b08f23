import { type AnswerField, messageByKey } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices, SiteContext } from '../app.js';
import { CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import {
  type Collection,
  getCollectionProducts,
  getCollections,
  getProductBySlug,
  getProductFormIds,
} from '../modules/catalog/service.js';
import { getInstallmentContext } from '../modules/context/service.js';
import { getFormSchema } from '../modules/forms/service.js';
import { cartPageContext, pageContext, productCardContext, productContext } from './context.js';
import { PAGE_TYPE } from './page-types.js';
import type { TemplateName } from './theme.js';

interface PageSpec {
  status: number;
  pageType: number;
  template: TemplateName;
  title: string;
  collection?: Collection;
  data: Record<string, unknown>;
}

async function resolvePage(
  ctx: SiteContext,
  collections: Collection[],
  pathname: string,
  crumb: string,
  cartToken: string | undefined,
): Promise<PageSpec> {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const siteTitle = ctx.site.website.siteTitle;
  if (segments.length === 1 && segments[0] === 'cart') {
    const cart = await getCart(ctx, cartToken, ctx.site.website.currency);
    const entryForms = await getProductFormIds(
      ctx,
      cart.entries.map((e) => e.itemId),
    );
    // The fields of each form the entries answered, so each line can show its answers.
    const formFields: Record<string, AnswerField[]> = {};
    for (const formId of new Set(Object.values(entryForms))) {
      const form = await getFormSchema(ctx, formId);
      if (form) formFields[formId] = form.fields.map(({ id, title, type }) => ({ id, title, type }));
    }
    return {
      status: 200,
      pageType: PAGE_TYPE.CART,
      template: 'cart',
      title: `Cart — ${siteTitle}`,
      data: cartPageContext(cart, ctx.site.website.locale, entryForms, formFields),
    };
  }
  let collection: Collection | null = null;
  if (segments.length === 0) {
    collection = collections.find((c) => c.typeName === 'products') ?? null;
  } else if (segments.length === 1 || (segments.length === 3 && segments[1] === 'p')) {
    collection = collections.find((c) => c.urlSlug === segments[0]) ?? null;
  }
  if (collection && collection.typeName === 'products') {
    if (segments.length === 3) {
      const product = await getProductBySlug(ctx, collection, segments[2]);
      if (product) {
        return {
          status: 200,
          pageType: PAGE_TYPE.CONTENT_ITEM,
          template: 'productItem',
          title: `${product.name} — ${siteTitle}`,
          collection,
          data: { item: productContext(product, ctx.site, crumb, await getInstallmentContext(ctx)) },
        };
      }
    } else {
      const products = await getCollectionProducts(ctx, collection);
      return {
        status: 200,
        pageType: PAGE_TYPE.CONTENT_COLLECTION,
        template: 'productList',
        title: `${collection.title} — ${siteTitle}`,
        collection,
        data: { items: products.map((p) => productCardContext(p, ctx.site)) },
      };
    }
  }
  return {
    status: 404,
    pageType: PAGE_TYPE.NOT_FOUND,
    template: 'notFound',
    title: `Page not found — ${siteTitle}`,
    data: {},
  };
}

async function renderPage(services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  const ctx = await services.context();
  const crumb = services.crumbs.ensure(request, reply);
  const url = new URL(request.url, 'http://local');
  const cartToken = request.cookies[CART_COOKIE];
  const collections = await getCollections(ctx);
  const page = await resolvePage(ctx, collections, url.pathname, crumb, cartToken);
  const cart =
    page.pageType === PAGE_TYPE.CART
      ? (page.data.cart as Awaited<ReturnType<typeof getCart>>)
      : await getCart(ctx, cartToken, ctx.site.website.currency);
  const json = pageContext(
    {
      site: ctx.site,
      pageType: page.pageType,
      title: page.title,
      crumb,
      nonce: reply.cspNonce,
      cart,
      assets: services.theme.assets,
      collection: page.collection,
      collections,
      path: url.pathname,
      cartError: messageByKey(url.searchParams.get('cartError')),
    },
    page.data,
  );
  const mainContent = services.theme.render(page.template, json);
  const html = services.theme.render('site', { ...json, mainContent });
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

const notFound = { message: 'Not found' };

/**
 * Every other GET is a page (real routes rather than the not-found handler, so page replies
 * pass through the same hooks, compression included); unknown API paths answer JSON.
 */
export function pageRoutes(app: FastifyInstance, services: AppServices): void {
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    request.url.startsWith('/api/') ? reply.status(404).send(notFound) : renderPage(services, request, reply);
  app.get('/', page);
  app.get('/*', page);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound));
}
