import {
  COOKIE_CONSENT_MODES,
  type CookieConsentMode,
  DEFAULT_CURRENCY,
  DEFAULT_REVIEWS_REQUEST_DELAY_DAYS,
  type PixelIds,
  SHARE_SERVICES,
  type ShareService,
} from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Announcement, SiteFooter } from '../catalog/import-schema.js';
import { type FormSettings, footerNewsletterForm } from '../forms/service.js';
import {
  findFirstWebsite,
  findMailFrom,
  findStoreSettings,
  saveStoreSettings,
  updateWebsite,
} from './repo.js';

/** Spec §9: "The default time zone is America/New_York." */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface Website {
  id: string;
  siteTitle: string;
  timeZone: string;
  currency: string;
  locale: string;
  /** The owner's sender address; null: MAIL_FROM. */
  mailFrom: string | null;
  /** The owner's public URL (no trailing slash); null: PUBLIC_URL. */
  publicUrl: string | null;
  /** The bar above every page's header; null: none. */
  announcement: Announcement | null;
  /** Policy links, contact details and social accounts of every page's footer. */
  footer: SiteFooter;
}

export const EMPTY_FOOTER: SiteFooter = { policies: [], socialAccounts: [], newsletterSignUp: true };

/** Spec §3 "Store settings". */
export interface StoreSettings {
  useLightCart: boolean;
  restockNotificationsSuccessText: string | null;
  displayNativeProductReviewsEnabled: boolean;
  displayImportedProductReviewsEnabled: boolean;
  multipleQuantityAllowedForServices: boolean;
  /** Mail a variant's waitlist by itself once it is back in stock (otherwise the owner sends it). */
  restockAutoSend: boolean;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  useLightCart: false,
  restockNotificationsSuccessText: null,
  displayNativeProductReviewsEnabled: false,
  displayImportedProductReviewsEnabled: false,
  multipleQuantityAllowedForServices: true,
  restockAutoSend: false,
};

/** The merchant's analytics settings. */
export interface AnalyticsSettings {
  /** Spec §6 census-disable flag: nothing is recorded. */
  censusDisabled: boolean;
  /** 'banner': shoppers accept or refuse analytics cookies first; refusing clears them (spec §4). */
  cookieConsent: CookieConsentMode;
  /** Purchases of test-mode orders count in the funnel and revenue (off: only live orders). */
  testPurchases: boolean;
}

/** Spec §3 site settings (template-facing): commentsEnabled, simpleLikingEnabled, shareButtonOptions. */
export interface CommunitySettings {
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  /** The share services shown under posts, in this order; empty: no share buttons. */
  shareButtonOptions: ShareService[];
}

/** The site password (spec §2 lock screen): kept off `website`, which templates see. */
export interface SiteLock {
  /** argon2id hash; null: the site is open. */
  passwordHash: string | null;
}

export interface Site {
  website: Website;
  lock: SiteLock;
  storeSettings: StoreSettings;
  analytics: AnalyticsSettings;
  /** The merchant's ad-pixel ids (issue 13); empty: no pixel, no third-party origin. */
  pixels: PixelIds;
  community: CommunitySettings;
  /** The newsletter form every page's footer offers; null when the owner turned it off or has none. */
  footerNewsletter: FormSettings | null;
  /** Days after an order its reviews request is mailed (read by every paid order, so kept here). */
  reviewsRequestDelayDays: number;
}

/** The known share services of a stored JSON list, in its order. */
function shareServices(json: string): ShareService[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? SHARE_SERVICES.filter((s) => list.includes(s)).sort((a, b) => list.indexOf(a) - list.indexOf(b))
      : [];
  } catch {
    return [];
  }
}

function consentMode(value: string): CookieConsentMode {
  return (COOKIE_CONSENT_MODES as readonly string[]).includes(value) ? (value as CookieConsentMode) : 'off';
}

/** The site this install serves (one website per install), or null before any import. */
export async function loadSite(db: Kysely<DB>): Promise<Site | null> {
  const w = await findFirstWebsite(db);
  if (!w) return null;
  const s = await findStoreSettings(db, w.id);
  // A footer saved before a setting existed reads that setting's default.
  const footer: SiteFooter = w.footer ? { ...EMPTY_FOOTER, ...JSON.parse(w.footer) } : EMPTY_FOOTER;
  return {
    website: {
      id: w.id,
      siteTitle: w.site_title,
      timeZone: w.time_zone || DEFAULT_TIME_ZONE,
      currency: w.currency || DEFAULT_CURRENCY,
      locale: w.locale,
      mailFrom: w.mail_from,
      publicUrl: w.public_url,
      announcement: w.announcement ? (JSON.parse(w.announcement) as Announcement) : null,
      footer,
    },
    lock: { passwordHash: w.site_password_hash },
    storeSettings: s
      ? {
          useLightCart: !!s.use_light_cart,
          restockNotificationsSuccessText: s.restock_notifications_success_text,
          displayNativeProductReviewsEnabled: !!s.display_native_product_reviews_enabled,
          displayImportedProductReviewsEnabled: !!s.display_imported_product_reviews_enabled,
          multipleQuantityAllowedForServices: !!s.multiple_quantity_allowed_for_services,
          restockAutoSend: !!s.restock_auto_send,
        }
      : DEFAULT_STORE_SETTINGS,
    analytics: {
      censusDisabled: !!w.census_disabled,
      cookieConsent: consentMode(w.cookie_consent),
      testPurchases: !!w.analytics_test_purchases,
    },
    pixels: {
      ...(w.meta_pixel_id ? { meta: w.meta_pixel_id } : {}),
      ...(w.google_tag_id ? { google: w.google_tag_id } : {}),
    },
    community: {
      commentsEnabled: !!w.comments_enabled,
      simpleLikingEnabled: !!w.simple_liking_enabled,
      shareButtonOptions: shareServices(w.share_button_options),
    },
    footerNewsletter: footer.newsletterSignUp ? await footerNewsletterForm(db, w.id) : null,
    reviewsRequestDelayDays: s?.reviews_request_delay_days ?? DEFAULT_REVIEWS_REQUEST_DELAY_DAYS,
  };
}

/** Where links in the site's mails point: the owner's setting, else PUBLIC_URL. */
export function sitePublicUrl(site: Site, configured: string | undefined): string | undefined {
  return site.website.publicUrl ?? configured;
}

/** The settings an owner changes (each optional: only those given change). */
export interface SiteSettingsChange {
  currency?: string;
  timeZone?: string;
  mailFrom?: string | null;
  publicUrl?: string | null;
  announcement?: Announcement | null;
  footer?: SiteFooter;
  storeSettings?: Partial<StoreSettings>;
  community?: Partial<CommunitySettings>;
  /** The site password's hash; null opens the site. */
  sitePasswordHash?: string | null;
}

/** Saves the owner's changes to the website and its store settings in the caller's transaction. */
export async function saveSiteSettings(
  db: Kysely<DB>,
  site: Site,
  change: SiteSettingsChange,
): Promise<void> {
  await updateWebsite(db, site.website.id, {
    ...(change.currency !== undefined ? { currency: change.currency } : {}),
    ...(change.timeZone !== undefined ? { time_zone: change.timeZone } : {}),
    ...(change.mailFrom !== undefined ? { mail_from: change.mailFrom } : {}),
    ...(change.publicUrl !== undefined ? { public_url: change.publicUrl } : {}),
    ...(change.announcement !== undefined
      ? { announcement: change.announcement?.text ? JSON.stringify(change.announcement) : null }
      : {}),
    ...(change.footer !== undefined ? { footer: JSON.stringify(change.footer) } : {}),
    ...(change.sitePasswordHash !== undefined ? { site_password_hash: change.sitePasswordHash } : {}),
    ...(change.community?.commentsEnabled !== undefined
      ? { comments_enabled: change.community.commentsEnabled ? 1 : 0 }
      : {}),
    ...(change.community?.simpleLikingEnabled !== undefined
      ? { simple_liking_enabled: change.community.simpleLikingEnabled ? 1 : 0 }
      : {}),
    ...(change.community?.shareButtonOptions !== undefined
      ? { share_button_options: JSON.stringify(change.community.shareButtonOptions) }
      : {}),
  });
  if (change.storeSettings && Object.keys(change.storeSettings).length > 0) {
    const s = { ...site.storeSettings, ...change.storeSettings };
    await saveStoreSettings(db, {
      website_id: site.website.id,
      use_light_cart: s.useLightCart ? 1 : 0,
      restock_notifications_success_text: s.restockNotificationsSuccessText,
      display_native_product_reviews_enabled: s.displayNativeProductReviewsEnabled ? 1 : 0,
      display_imported_product_reviews_enabled: s.displayImportedProductReviewsEnabled ? 1 : 0,
      multiple_quantity_allowed_for_services: s.multipleQuantityAllowedForServices ? 1 : 0,
      restock_auto_send: s.restockAutoSend ? 1 : 0,
    });
  }
}

/** The address part of a sender ('shop@example.com' of 'Shop <shop@example.com>'). */
function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * Who each website's mails come from: the owner's sender (settings) as written when it names
 * itself, otherwise its address, or the server's (MAIL_FROM), under the store's name, so the
 * shopper's inbox shows the store rather than the software.
 */
export async function mailSenders(
  db: Kysely<DB>,
  websiteIds: readonly string[],
  serverFrom: string,
): Promise<Map<string, string>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await findMailFrom(db, websiteIds);
  return new Map(
    rows.map((r) => {
      if (r.mail_from?.includes('<')) return [r.id, r.mail_from];
      const name = r.site_title.replace(/["\\\r\n]/g, '').trim();
      const address = senderAddress(r.mail_from ?? serverFrom);
      return [r.id, name ? `"${name}" <${address}>` : address];
    }),
  );
}
