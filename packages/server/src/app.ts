import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig, TrustProxy } from './config.js';
import { type Database, openDatabase } from './db/index.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import {
  type AnalyticsStore,
  createAnalyticsStore,
  purchaseCounted,
  purchaseRow,
} from './modules/analytics/service.js';
import type { WriterOptions } from './modules/analytics/writer.js';
import { auditRoutes } from './modules/audit/routes.js';
import { createAltchaProvider } from './modules/captcha/altcha.js';
import type { CaptchaProvider } from './modules/captcha/provider.js';
import { createRecaptchaProvider } from './modules/captcha/recaptcha.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { censusRoutes } from './modules/census/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import type { CheckoutOptions, OrderPlacedListener } from './modules/checkout/service.js';
import { contentRoutes } from './modules/content/routes.js';
import { type ContentScheduler, createContentScheduler } from './modules/content/service.js';
import { contextRoutes } from './modules/context/routes.js';
import { contributorRoutes } from './modules/contributors/routes.js';
import { formRoutes } from './modules/forms/routes.js';
import { getFormSettings } from './modules/forms/service.js';
import { giftCardRoutes } from './modules/gift-cards/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { FsMediaStorage, type MediaStorage } from './modules/media/storage.js';
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
import type { PaymentProvider } from './modules/payments/provider.js';
import { createTestPayLaterProvider } from './modules/payments/test-pay-later.js';
import { createTestPaymentProvider } from './modules/payments/test-provider.js';
import { pricingRoutes } from './modules/pricing/routes.js';
import { restockRoutes } from './modules/restock/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { loadSite, type Site } from './modules/site/service.js';
import { siteUserRoutes } from './modules/site-users/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { type Clock, systemClock } from './platform/clock.js';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, compressWholeAnswers } from './platform/compress.js';
import type { RequestContext } from './platform/context.js';
import { type Crumbs, createCrumbs } from './platform/crumb.js';
import { HttpError } from './platform/errors.js';
import { frameworkErrors, plainMessage } from './platform/framework-errors.js';
import { requestLogFields } from './platform/log-redaction.js';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from './platform/rate-limit.js';
import { RedisRateLimitStore } from './platform/redis-rate-limit.js';
import { refuseNul } from './platform/request-input.js';
import { loadSessionSecret } from './platform/secret.js';
import { securityHeaders } from './platform/security-headers.js';
import {
  DatabaseSessionStore,
  RedisSessionStore,
  type SessionStore,
  SITE_USER_SESSION_PREFIX,
} from './platform/sessions.js';
import { accountPageRoutes } from './render/account-pages.js';
import { loadConfigAssets, loadWebAssets, WEB_DIST_DIR } from './render/assets.js';
import { checkoutPageRoutes } from './render/checkout-pages.js';
import { configShellRoutes } from './render/config-shell.js';
import type { FormBlockRenderer } from './render/content-context.js';
import { contentPageRoutes } from './render/content-routes.js';
import { renderFormBlock } from './render/form-block.js';
import { formPageRoutes } from './render/form-pages.js';
import { newsletterPageRoutes } from './render/newsletter-pages.js';
import { quickViewRoutes } from './render/quick-view.js';
import { pageRoutes } from './render/routes.js';
import { templatePreviewRoutes } from './render/template-preview.js';
import { loadTheme, type Theme } from './render/theme.js';

/**
 * Site settings change rarely; a short cache keeps two queries off every request while instances
 * stay stateless. A write on this instance reloads it at once; another instance's within this time.
 */
const SITE_CACHE_MS = 5_000;

export interface SiteContext extends RequestContext {
  site: Site;
}

export interface AppServices {
  config: AppConfig;
  database: Database;
  clock: Clock;
  theme: Theme;
  /** Per-IP fixed-window limit of the mutating commerce calls (429 when over). */
  rateLimit: RateLimiter;
  /** Signed-in contributors' sessions: the database, or Redis when REDIS_URL is set. */
  ownerSessions: SessionStore;
  /** Signed-in shoppers' sessions (customer accounts), kept apart from the owner's. */
  siteUserSessions: SessionStore;
  /** Signed double-submit crumbs: handed out with pages, checked on every mutating call. */
  crumbs: Crumbs;
  /** Uploaded images and digital files: DATA_DIR/media unless a build option gives another store. */
  media: MediaStorage;
  /** The request context for the site this install serves; 503 before any site exists. */
  context(): Promise<SiteContext>;
  /** Drops the cached site, so a saved setting shows on the next request. */
  invalidateSite(): void;
  /** Takes payments at checkout and gives money back on refunds (the test provider by default). */
  paymentProvider: PaymentProvider;
  /** The site forms' captcha (CAPTCHA): the proof of work issues challenges, reCAPTCHA does not. */
  captcha: CaptchaProvider & { challenge?(now: number): Promise<unknown> };
  /** Renders form blocks (type 9) of pages and posts: the site forms module's block by default. */
  formBlockRenderer: FormBlockRenderer;
  /** Publishes scheduled items when their time comes (checked as pages are served). */
  contentScheduler: ContentScheduler;
  /** Analytics events, written in group commits and answered once committed. */
  analytics: AnalyticsStore;
}

export interface BuildOptions {
  database?: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go (standard output by default). */
  logStream?: { write(line: string): void };
  /** Limits of the mutating commerce calls; tests and benchmarks raise or lower them. */
  rateLimit?: RateLimitOptions;
  /** Payment provider (the test provider by default) and onOrderPlaced listeners. */
  checkout?: CheckoutOptions;
  /** Where owner sessions live; by default the database, or Redis when REDIS_URL is set. */
  ownerSessions?: SessionStore;
  /** Where customer account sessions live; like ownerSessions by default. */
  siteUserSessions?: SessionStore;
  /** Where uploaded media live; by default files under DATA_DIR/media. */
  mediaStorage?: MediaStorage;
  /** Renders a page's form block (type 9): the site forms module's renderer. */
  formBlockRenderer?: FormBlockRenderer;
  /** How long analytics events wait for their group commit, and how many start one at once. */
  analyticsWriter?: WriterOptions;
}

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
  const database = options.database ?? openDatabase(config.database);
  const clock = options.clock ?? systemClock;
  const theme = loadTheme(await loadWebAssets());
  let cached: { site: Site; at: number; version: number } | null = null;
  const limits: RateLimitOptions = options.rateLimit ?? config.rateLimit;
  const redisStore =
    !limits.store && limits.redisUrl
      ? new RedisRateLimitStore(limits.redisUrl, {
          onUnavailable: (err) =>
            app.log.warn({ err }, 'Redis is not answering: rate limits are not enforced'),
        })
      : null;

  const ownerSessions =
    options.ownerSessions ??
    (config.redisUrl ? new RedisSessionStore(config.redisUrl) : new DatabaseSessionStore(database.db));
  const siteUserSessions =
    options.siteUserSessions ??
    (config.redisUrl
      ? new RedisSessionStore(config.redisUrl, SITE_USER_SESSION_PREFIX)
      : new DatabaseSessionStore(database.db, 'site_user_sessions'));

  const paymentProvider = options.checkout?.paymentProvider ?? createTestPaymentProvider();
  const analytics = createAnalyticsStore(database.db, options.analyticsWriter);
  const sessionSecret = await loadSessionSecret(config.sessionSecret, config.dataDir);
  const services: AppServices = {
    config,
    paymentProvider,
    formBlockRenderer:
      options.formBlockRenderer ?? ((ctx, formId, crumb) => siteFormBlock(services, ctx, formId, crumb)),
    contentScheduler: createContentScheduler(),
    analytics,
    invalidateSite() {
      cached = null;
    },
    database,
    clock,
    theme,
    rateLimit: createRateLimiter(redisStore ? { ...limits, store: redisStore } : limits, clock),
    ownerSessions,
    siteUserSessions,
    crumbs: createCrumbs(sessionSecret),
    captcha:
      config.captcha.kind === 'recaptcha'
        ? createRecaptchaProvider(config.captcha)
        : createAltchaProvider(sessionSecret),
    media: options.mediaStorage ?? new FsMediaStorage(path.join(config.dataDir, 'media')),
    async context() {
      const now = Date.now();
      const version = database.pageVersion.site;
      if (!cached || now - cached.at > SITE_CACHE_MS || cached.version !== version) {
        const site = await loadSite(database.db);
        if (!site)
          throw new HttpError(
            503,
            'This store has no site yet. Run `storefront seed --demo` or `storefront import FILE.json`.',
          );
        cached = { site, at: now, version };
      }
      return { db: database.db, websiteId: cached.site.website.id, clock, site: cached.site };
    },
  };

  const app = Fastify({
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
  securityHeaders(app, { recaptcha: config.captcha.kind === 'recaptcha' });
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
    root: theme.staticDir,
    prefix: '/theme/',
    decorateReply: false,
    maxAge: '1h',
  });
  await app.register(fastifyStatic, {
    root: theme.demoImagesDir,
    prefix: '/assets/demo/',
    decorateReply: false,
    maxAge: '1d',
  });

  app.setErrorHandler((err, request, reply) => {
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

  app.addHook('preHandler', async (request) => refuseNul(request));

  app.get('/healthz', async () => ({ ok: true }));
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
  ownerTemplateRoutes(app, services);
  templatePreviewRoutes(app, services);
  checkoutPageRoutes(app, services, checkout);
  accountPageRoutes(app, services);
  configShellRoutes(app, services, await loadConfigAssets());
  contentPageRoutes(app, services);
  siteRoutes(app, services);
  pageRoutes(app, services);

  app.addHook('onClose', async () => {
    await analytics.close();
    if (!options.database) await database.close();
    await redisStore?.close();
    if (!options.ownerSessions) await ownerSessions.close();
    if (!options.siteUserSessions) await siteUserSessions.close();
  });
  return app;
}

/**
 * A page's form block (type 9): the site form, or nothing when the form was deleted since the
 * page placed it (the page still serves; the owner sees the form gone from its list).
 */
async function siteFormBlock(services: AppServices, ctx: SiteContext, formId: string, crumb: string) {
  try {
    const form = await getFormSettings(ctx, formId);
    return renderFormBlock(services.theme, form, { crumb, captcha: services.captcha.widget });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return '';
    throw err;
  }
}
