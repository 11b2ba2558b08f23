import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig, TrustProxy } from './config.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { purchaseCounted, purchaseRow } from './modules/analytics/service.js';
import { auditRoutes } from './modules/audit/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { censusRoutes } from './modules/census/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import type { OrderPlacedListener } from './modules/checkout/service.js';
import { contentRoutes } from './modules/content/routes.js';
import { contextRoutes } from './modules/context/routes.js';
import { contributorRoutes } from './modules/contributors/routes.js';
import { formRoutes } from './modules/forms/routes.js';
import { giftCardRoutes } from './modules/gift-cards/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { ownerCatalogRoutes } from './modules/owner-catalog/routes.js';
import { ownerFormRoutes } from './modules/owner-forms/routes.js';
import { ownerNewsletterRoutes } from './modules/owner-newsletter/routes.js';
import { ownerOrderRoutes } from './modules/owner-orders/routes.js';
import { ownerPricingRoutes } from './modules/owner-pricing/routes.js';
import { ownerRestockRoutes } from './modules/owner-restock/routes.js';
import { ownerSettingsRoutes } from './modules/owner-settings/routes.js';
import { ownerSubscriptionRoutes } from './modules/owner-subscriptions/routes.js';
import { ownerTemplateRoutes } from './modules/owner-templates/routes.js';
import { createTestPayLaterProvider } from './modules/payments/test-pay-later.js';
import { pricingRoutes } from './modules/pricing/routes.js';
import { restockRoutes } from './modules/restock/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { siteUserRoutes } from './modules/site-users/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, compressWholeAnswers } from './platform/compress.js';
import { invalidRequest, openApiRoute, useContract } from './platform/contract.js';
import { HttpError } from './platform/errors.js';
import { frameworkErrors, plainMessage } from './platform/framework-errors.js';
import { requestLogFields } from './platform/log-redaction.js';
import { refuseNul } from './platform/request-input.js';
import { securityHeaders } from './platform/security-headers.js';
import { accountPageRoutes } from './render/account-pages.js';
import { loadConfigAssets, WEB_DIST_DIR } from './render/assets.js';
import { checkoutPageRoutes } from './render/checkout-pages.js';
import { configShellRoutes } from './render/config-shell.js';
import { contentPageRoutes } from './render/content-routes.js';
import { formPageRoutes } from './render/form-pages.js';
import { lockRoutes } from './render/lock-pages.js';
import { newsletterPageRoutes } from './render/newsletter-pages.js';
import { PageCache } from './render/page-cache.js';
import { type PageShortcut, pageShortcut, serverWithShortcut } from './render/page-fast-path.js';
import { quickViewRoutes } from './render/quick-view.js';
import { reviewsPageRoutes } from './render/reviews-pages.js';
import { pageRoutes } from './render/routes.js';
import { templatePreviewRoutes } from './render/template-preview.js';
import { DEFAULT_THEME_DIR } from './render/theme.js';
import { themeDev } from './render/theme-dev.js';
import { type BuildOptions, createServices } from './services.js';

export type { BuildOptions };

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count is a function (Fastify 5 reads a bare number
 * as "trust nothing"): the socket and the next hops-1 entries of X-Forwarded-For are proxies, so
 * the client is the right-most entry they did not write.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}

/** Composition root: wires config, database, theme and routes; nothing global. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The services log through the app, made next: Redis going away is logged once it exists.
  const { services, sessionSecret, close } = await createServices(config, options, (err, message) =>
    app.log.warn({ err }, message),
  );
  const { analytics, paymentProvider } = services;

  const pages = new PageCache();
  // The theme under development changes pages as they are sent (themeDev): no shortcut around it.
  const shortcut: PageShortcut | null = options.theme?.dev
    ? null
    : pageShortcut(services, pages, {
        recaptcha: config.captcha.kind === 'recaptcha',
        parseCookie: (): ((header: string) => Record<string, string | undefined>) => app.parseCookie,
        log: (): FastifyBaseLogger => app.log,
      });
  const app = Fastify({
    ...(shortcut ? { serverFactory: serverWithShortcut(shortcut) } : {}),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogFields },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  await useContract(app, { checkReplies: options.checkReplies ?? false });
  securityHeaders(app, {
    recaptcha: config.captcha.kind === 'recaptcha',
    // Before any site exists there are no pixels (and the page answering says so).
    pixels: () =>
      services.context().then(
        (c) => c.site.pixels,
        () => ({}),
      ),
  });
  // Before compression, which would hide the pages' text from it.
  if (options.theme?.dev) themeDev(app, services, options.theme.dir ?? DEFAULT_THEME_DIR);
  // Pages and JSON are compressed whole, in one call; theme files stream through
  // @fastify/compress; the built islands are served from their precompressed .br/.gz copies
  // (packages/web/scripts/precompress.mjs).
  compressWholeAnswers(app);
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Uploads stream through; each route sets its own size limit (src/modules/media/service.ts).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 4 } });
  await app.register(fastifyStatic, {
    root: path.join(WEB_DIST_DIR, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
  });
  await app.register(fastifyStatic, {
    root: services.theme.staticDir,
    prefix: '/theme/',
    decorateReply: false,
    maxAge: '1h',
  });
  await app.register(fastifyStatic, {
    root: services.theme.demoImagesDir,
    prefix: '/assets/demo/',
    decorateReply: false,
    maxAge: '1d',
  });

  app.setErrorHandler((thrown, request, reply) => {
    const err = invalidRequest(thrown, request) ?? thrown;
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        message: err.message,
        ...(err.type ? { type: err.type } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: plainMessage(err as { code?: string; statusCode: number }) });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong' });
  });

  app.addHook('preValidation', async (request) => refuseNul(request));
  // Before every page route: the lock screen stands in front of them while the site has a password.
  lockRoutes(app, services);

  app.get('/healthz', async () => ({ ok: true }));
  openApiRoute(app);
  cartRoutes(app, services);
  pricingRoutes(app, services);
  catalogRoutes(app, services);
  formRoutes(app, services);
  formPageRoutes(app, services);
  newsletterPageRoutes(app, services);
  restockRoutes(app, services);
  subscriptionRoutes(app, services);
  contextRoutes(app, services);
  censusRoutes(app, services);
  quickViewRoutes(app, services);
  analyticsRoutes(app, services);
  // The order hook's analytics value (spec §9: subtotal / 100) becomes the funnel's Purchase.
  const recordPurchase: OrderPlacedListener = async ({ order, value, shopper }) => {
    const ctx = await services.context();
    if (purchaseCounted(ctx, order, shopper.roles))
      await analytics.record([purchaseRow(ctx, order, value, shopper)]);
  };
  const checkout = {
    ...options.checkout,
    paymentProvider,
    onOrderPlaced: [recordPurchase, ...(options.checkout?.onOrderPlaced ?? [])],
    // Pay-later beside cards: the built-in test provider unless another (or null, none) is given.
    payLaterProvider:
      options.checkout?.payLaterProvider === undefined
        ? createTestPayLaterProvider({ secret: sessionSecret })
        : options.checkout.payLaterProvider,
  };
  checkoutRoutes(app, services, checkout);
  orderRoutes(app, services);
  giftCardRoutes(app, services);
  contributorRoutes(app, services);
  siteUserRoutes(app, services);
  auditRoutes(app, services);
  ownerCatalogRoutes(app, services);
  mediaRoutes(app, services);
  ownerOrderRoutes(app, services);
  ownerSubscriptionRoutes(app, services);
  ownerPricingRoutes(app, services);
  ownerSettingsRoutes(app, services);
  ownerRestockRoutes(app, services);
  ownerFormRoutes(app, services);
  ownerNewsletterRoutes(app, services);
  contentRoutes(app, services);
  reviewRoutes(app, services);
  ownerTemplateRoutes(app, services);
  templatePreviewRoutes(app, services);
  checkoutPageRoutes(app, services, checkout);
  accountPageRoutes(app, services);
  reviewsPageRoutes(app, services);
  configShellRoutes(app, services, await loadConfigAssets());
  contentPageRoutes(app, services);
  siteRoutes(app, services);
  pageRoutes(app, services, pages);

  app.addHook('preClose', () => shortcut?.stop());
  app.addHook('onClose', close);
  return app;
}
