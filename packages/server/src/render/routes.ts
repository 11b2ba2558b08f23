import {
  type AnswerField,
  messageByKey,
  productListSearch,
  readProductListQuery,
} from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_LINE_MESSAGES } from '../modules/cart/line-routes.js';
import { requestCartToken } from '../modules/cart/routes.js';
import { type CartView, getCart } from '../modules/cart/service.js';
import {
  type Collection,
  getCollectionProducts,
  getCollections,
  getProductBySlug,
  getProductFormIds,
} from '../modules/catalog/service.js';
import { getInstallmentContext } from '../modules/context/service.js';
import {
  getFormByPageSlug,
  getFormSchema,
  listFormPages,
  newsletterPopupOffered,
} from '../modules/forms/service.js';
import { COUPON_FORM_MESSAGES } from '../modules/pricing/routes.js';
import { DEFAULT_RESTOCK_SUCCESS_TEXT, restockMessageByKey } from '../modules/restock/service.js';
import { productReviews } from '../modules/reviews/service.js';
import { announcementDismissed } from '../modules/site/routes.js';
import { currentSiteUser } from '../platform/site-user-auth.js';
import type { AppServices, SiteContext } from '../services.js';
import { productListContext, productPageExtras } from './browse-context.js';
import {
  type ContentResolution,
  type ContentVisit,
  resolveContentPage,
  searchPage,
  siteBaseUrl,
} from './content-pages.js';
import { cartPageContext, pageContext, productContext } from './context.js';
import { footerSignUpHtml } from './form-block.js';
import { formPageSpec } from './form-pages.js';
import type { PageCache, PageHoles } from './page-cache.js';
import { PAGE_TYPE } from './page-types.js';
import { productJsonLd, reviewsContext, reviewsPageOf } from './reviews-context.js';
import type { TemplateName } from './theme.js';

export interface PageSpec {
  status: number;
  pageType: number;
  template: TemplateName;
  title: string;
  collection?: Collection;
  data: Record<string, unknown>;
  /** Not kept in the page cache (a visitor's unlocked page, the clock's events). */
  noStore?: boolean;
}

/** The query parameters of an events collection's page. */
const EVENT_LIST_PARAMS = ['view', 'month', 'page'] as const;

function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean).map(decodeURIComponent);
}

function isSearchPage(segments: string[]): boolean {
  return segments.length === 1 && segments[0] === 'search';
}

/** The cart page is personal through and through; every other page is the same but for its holes. */
function isCartPage(segments: string[]): boolean {
  return segments.length === 1 && segments[0] === 'cart';
}

export async function resolvePage(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  segments: string[],
  crumb: string,
  cartToken: string | undefined,
  search: URLSearchParams = new URLSearchParams(),
  visitor: Omit<ContentVisit, 'search'> = { unlocked: () => false, siteUserId: async () => null },
): Promise<PageSpec | { redirect: string }> {
  const siteTitle = ctx.site.website.siteTitle;
  if (isCartPage(segments)) {
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
        const reviews = await productReviews(ctx, product.id, reviewsPageOf(search));
        const extras = productPageExtras(
          product,
          await getCollectionProducts(ctx, collection),
          collection,
          ctx.site,
        );
        return {
          status: 200,
          // A donation's page is the donate page (spec §2, 203).
          pageType: product.donation ? PAGE_TYPE.DONATE : PAGE_TYPE.CONTENT_ITEM,
          template: 'productItem',
          title: `${product.name} — ${siteTitle}`,
          collection,
          data: {
            item: {
              ...productContext(
                product,
                ctx.site,
                crumb,
                await getInstallmentContext(ctx),
                product.additionalFieldsFormId
                  ? await getFormSchema(ctx, product.additionalFieldsFormId)
                  : null,
              ),
              ...extras,
              reviews: reviewsContext(reviews, product.fullUrl, ctx.site),
            },
            productJsonLd: productJsonLd(
              product,
              ctx.site,
              siteBaseUrl(services, ctx) + product.fullUrl,
              reviews,
            ),
          },
        };
      }
    } else {
      const products = await getCollectionProducts(ctx, collection);
      const base = segments.length === 0 ? '/' : collection.fullUrl;
      const list = productListContext(
        products,
        collection,
        base,
        readProductListQuery(search, ctx.site.website.currency),
        ctx.site,
      );
      return {
        status: 200,
        pageType: PAGE_TYPE.CONTENT_COLLECTION,
        template: 'productList',
        title: `${list.titlePrefix}${collection.title} — ${siteTitle}`,
        collection,
        data: list,
      };
    }
  }
  const content: ContentResolution = await resolveContentPage(services, ctx, collections, segments, crumb, {
    search,
    ...visitor,
  });
  if (content) return content;
  if (!collection && segments.length === 1) {
    const form = await getFormByPageSlug(ctx, segments[0]);
    if (form) return await formPageSpec(services, ctx, form, { crumb, captcha: services.captcha.widget });
  }
  return {
    status: 404,
    pageType: PAGE_TYPE.NOT_FOUND,
    template: 'notFound',
    title: `Page not found — ${siteTitle}`,
    data: {},
  };
}

/** The text of a `cartError` key: a spec message, or one the cart's plain forms come back with. */
function cartMessageByKey(key: string | null): string {
  if (key && Object.hasOwn(CART_LINE_MESSAGES, key)) return CART_LINE_MESSAGES[key];
  if (key && Object.hasOwn(COUPON_FORM_MESSAGES, key)) return COUPON_FORM_MESSAGES[key];
  return messageByKey(key);
}

/** The notices a page shows this visitor: from its query (plain forms' outcomes) and cookies. */
export function pageNotices(
  ctx: SiteContext,
  search: URLSearchParams,
  cookies: Record<string, string | undefined>,
) {
  return {
    cartError: cartMessageByKey(search.get('cartError')),
    // A plain restock form's outcome: the store's success text, or the failure named by key.
    restockMessage:
      search.get('restock') === 'sent'
        ? ctx.site.storeSettings.restockNotificationsSuccessText || DEFAULT_RESTOCK_SUCCESS_TEXT
        : restockMessageByKey(search.get('restockError')),
    announcementDismissed: announcementDismissed(cookies, ctx.site.website.announcement),
  };
}

/**
 * The page cache's key of a page: everything a kept page depends on but the database (its
 * version) and its holes. The cart pill is the only personal part left: pages are kept per pill state.
 */
export function pageCacheKey(
  ctx: SiteContext,
  url: URL,
  notices: ReturnType<typeof pageNotices>,
  cart: Pick<CartView, 'totalQuantity' | 'subtotalCents' | 'currency'>,
): string {
  // A product list's filters, sort and page, in their one canonical spelling.
  const listSearch = productListSearch(readProductListQuery(url.searchParams, ctx.site.website.currency));
  const reviewsPage = reviewsPageOf(url.searchParams);
  // An events page's view, month and page (those pages are never kept, but what stands in their place may be).
  const eventSearch = EVENT_LIST_PARAMS.map((p) => url.searchParams.get(p) ?? '').join('&');
  const { cartError, restockMessage, announcementDismissed: dismissed } = notices;
  return `${ctx.websiteId}\n${url.pathname}${listSearch}\n${reviewsPage}\n${eventSearch}\n${dismissed}\n${cartError}\n${restockMessage}\n${cart.totalQuantity}\n${cart.subtotalCents}\n${cart.currency}`;
}

async function renderPage(
  services: AppServices,
  pages: PageCache,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const ctx = await services.context();
  const crumb = services.crumbs.ensure(request, reply);
  const url = new URL(request.url, 'http://local');
  const cartToken = await requestCartToken(services, request, reply);
  const values = { crumb, nonce: reply.cspNonce };
  const notices = pageNotices(ctx, url.searchParams, request.cookies);
  const send = (status: number, html: string | Buffer) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  // Scheduled items whose time has come are published before any page is read.
  await services.contentScheduler.publishDue(ctx, services.database.pageVersion.pages);
  const segments = pathSegments(url.pathname);
  if (isSearchPage(segments)) {
    // Results depend on the query: never kept in the page cache.
    const collections = await getCollections(ctx);
    const cart = await getCart(ctx, cartToken, ctx.site.website.currency);
    const page = await searchPage(services, ctx, collections, url.searchParams.get('q') ?? '');
    return send(
      page.status,
      renderSpec(
        services,
        ctx,
        page,
        cart,
        collections,
        url.pathname,
        values,
        notices,
        await listFormPages(ctx),
      ),
    );
  }
  if (isCartPage(segments)) {
    const collections = await getCollections(ctx);
    const page = await resolvePage(services, ctx, collections, segments, crumb, cartToken);
    if ('redirect' in page) return reply.redirect(page.redirect);
    const cart = page.data.cart as Awaited<ReturnType<typeof getCart>>;
    return send(
      page.status,
      renderSpec(
        services,
        ctx,
        page,
        cart,
        collections,
        url.pathname,
        values,
        notices,
        await listFormPages(ctx),
      ),
    );
  }

  const cart = await getCart(ctx, cartToken, ctx.site.website.currency);
  const key = pageCacheKey(ctx, url, notices, cart);
  const version = services.database.pageVersion.pages;
  const hit = pages.get(key, version, values);
  if (hit) return send(hit.status, hit.html);
  const collections = await getCollections(ctx);
  const page = await resolvePage(
    services,
    ctx,
    collections,
    segments,
    pages.placeholders.crumb,
    cartToken,
    url.searchParams,
    {
      unlocked: (itemId, passwordHash) => services.access.pageOpen(request, itemId, passwordHash),
      siteUserId: async () => (await currentSiteUser(services, request, reply))?.id ?? null,
    },
  );
  if ('redirect' in page) return reply.redirect(page.redirect);
  const rendered = renderSpec(
    services,
    ctx,
    page,
    cart,
    collections,
    url.pathname,
    pages.placeholders,
    { ...notices, newsletterPopup: await newsletterPopupOffered(ctx) },
    await listFormPages(ctx),
  );
  if (page.noStore) return send(page.status, pages.fill(rendered, values));
  return send(page.status, pages.set(key, version, page.status, rendered, values));
}

export function renderSpec(
  services: AppServices,
  ctx: SiteContext,
  page: PageSpec,
  cart: CartView,
  collections: Collection[],
  path: string,
  values: PageHoles,
  notices: {
    cartError?: string;
    restockMessage?: string;
    announcementDismissed?: boolean;
    newsletterPopup?: boolean;
  },
  pages: { title: string; url: string }[] = [],
): string {
  const json = pageContext(
    {
      site: ctx.site,
      pageType: page.pageType,
      title: page.title,
      crumb: values.crumb,
      nonce: values.nonce,
      cart,
      assets: services.theme.assets,
      footerSignUpHtml: footerSignUpHtml(services.theme, ctx.site.footerNewsletter, {
        crumb: values.crumb,
        captcha: services.captcha.widget,
      }),
      collection: page.collection,
      collections,
      pages,
      path,
      ...notices,
      ...(services.captcha.widget.kind === 'recaptcha'
        ? { recaptchaSiteKey: services.captcha.widget.siteKey }
        : {}),
    },
    page.data,
  );
  const mainContent = services.theme.render(page.template, json);
  return services.theme.render('site', { ...json, mainContent });
}

const notFound = { message: 'Not found' };

/**
 * Every other GET is a page (real routes rather than the not-found handler, so page replies
 * pass through the same hooks, compression included); unknown API paths answer JSON.
 */
export function pageRoutes(app: FastifyInstance, services: AppServices, pages: PageCache): void {
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    request.url.startsWith('/api/')
      ? reply.status(404).send(notFound)
      : renderPage(services, pages, request, reply);
  app.get('/', page);
  app.get('/*', page);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound));
}
