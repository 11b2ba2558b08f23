import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/index.js';
import { type Access, createAccess } from './modules/access/service.js';
import { type AnalyticsStore, createAnalyticsStore } from './modules/analytics/service.js';
import type { WriterOptions } from './modules/analytics/writer.js';
import { createAltchaProvider } from './modules/captcha/altcha.js';
import type { CaptchaProvider } from './modules/captcha/provider.js';
import { createRecaptchaProvider } from './modules/captcha/recaptcha.js';
import type { CheckoutOptions } from './modules/checkout/service.js';
import { type ContentScheduler, createContentScheduler } from './modules/content/service.js';
import { getFormSettings } from './modules/forms/service.js';
import { FsMediaStorage, type MediaStorage } from './modules/media/storage.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { createTestPaymentProvider } from './modules/payments/test-provider.js';
import { loadSite, type Site } from './modules/site/service.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { RequestContext } from './platform/context.js';
import { type Crumbs, createCrumbs } from './platform/crumb.js';
import { HttpError } from './platform/errors.js';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from './platform/rate-limit.js';
import { RedisRateLimitStore } from './platform/redis-rate-limit.js';
import { loadSessionSecret } from './platform/secret.js';
import {
  DatabaseSessionStore,
  RedisSessionStore,
  type SessionStore,
  SITE_USER_SESSION_PREFIX,
} from './platform/sessions.js';
import { loadWebAssets } from './render/assets.js';
import type { FormBlockRenderer } from './render/content-context.js';
import { renderFormBlock } from './render/form-block.js';
import { loadTheme, type Theme, type ThemeOptions } from './render/theme.js';

/**
 * Site settings change rarely; a short cache keeps two queries off every request while instances
 * stay stateless. A write on this instance reloads it at once; another instance's within this time.
 */
const SITE_CACHE_MS = 5_000;

export interface SiteContext extends RequestContext {
  site: Site;
}

/** What routes are given: every service of the running store, made once by `createServices`. */
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
  /** Signed cookies of the site and page passwords a visitor entered (lock screen, protected content). */
  access: Access;
  /** Uploaded images and digital files: DATA_DIR/media unless a build option gives another store. */
  media: MediaStorage;
  /** The request context for the site this install serves; 503 before any site exists. */
  context(): Promise<SiteContext>;
  /** The context `context()` would answer without reading the database, or null when it would read. */
  contextInMemory(): SiteContext | null;
  /** Drops the cached site, so a saved setting shows on the next request. */
  invalidateSite(): void;
  /** Takes payments at checkout and gives money back on refunds (the test provider by default). */
  paymentProvider: PaymentProvider;
  /** The site forms' captcha (CAPTCHA): the proof of work issues challenges, reCAPTCHA does not. */
  captcha: CaptchaProvider & { challenge?(now: number): Promise<Challenge> };
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
  /**
   * Check every answer against its route's reply schema (tests): a reply that drifts from the
   * contract fails instead of reaching the client. Off in production, where the handlers' types
   * already hold them to it and the check would cost every answer a second walk.
   */
  checkReplies?: boolean;
  /** The theme folder and dev mode (`storefront theme dev DIR`); the shipped theme by default. */
  theme?: ThemeOptions;
}

export interface Services {
  services: AppServices;
  /** Signs what the store hands out and checks back (crumbs, the test pay-later provider's links). */
  sessionSecret: string;
  /** Closes what the services opened (not what the options handed in). */
  close(): Promise<void>;
}

/** Makes every service of the store from its config; `warn` logs what the services cannot answer for. */
export async function createServices(
  config: AppConfig,
  options: BuildOptions,
  warn: (err: unknown, message: string) => void,
): Promise<Services> {
  const database = options.database ?? openDatabase(config.database);
  const clock = options.clock ?? systemClock;
  const theme = loadTheme(await loadWebAssets(), options.theme);
  let cached: { site: Site; at: number; version: number } | null = null;
  const limits: RateLimitOptions = options.rateLimit ?? config.rateLimit;
  const redisStore =
    !limits.store && limits.redisUrl
      ? new RedisRateLimitStore(limits.redisUrl, {
          onUnavailable: (err) => warn(err, 'Redis is not answering: rate limits are not enforced'),
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

  const paymentProvider =
    options.checkout?.paymentProvider ??
    createTestPaymentProvider({ latencyMs: config.testPaymentLatencyMs });
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
    access: createAccess(sessionSecret),
    captcha:
      config.captcha.kind === 'recaptcha'
        ? createRecaptchaProvider(config.captcha)
        : createAltchaProvider(sessionSecret),
    media: options.mediaStorage ?? new FsMediaStorage(path.join(config.dataDir, 'media')),
    contextInMemory() {
      if (!cached || Date.now() - cached.at > SITE_CACHE_MS || cached.version !== database.pageVersion.site)
        return null;
      return { db: database.db, websiteId: cached.site.website.id, clock, site: cached.site };
    },
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

  return {
    services,
    sessionSecret,
    async close() {
      await analytics.close();
      if (!options.database) await database.close();
      await redisStore?.close();
      if (!options.ownerSessions) await ownerSessions.close();
      if (!options.siteUserSessions) await siteUserSessions.close();
    },
  };
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
