import { DEFAULT_CURRENCY } from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { findFirstWebsite, findStoreSettings } from './repo.js';

/** Spec §9: "The default time zone is America/New_York." */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface Website {
  id: string;
  siteTitle: string;
  timeZone: string;
  currency: string;
  locale: string;
}

/** Spec §3 "Store settings". */
export interface StoreSettings {
  useLightCart: boolean;
  restockNotificationsSuccessText: string | null;
  displayNativeProductReviewsEnabled: boolean;
  displayImportedProductReviewsEnabled: boolean;
  multipleQuantityAllowedForServices: boolean;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  useLightCart: false,
  restockNotificationsSuccessText: null,
  displayNativeProductReviewsEnabled: false,
  displayImportedProductReviewsEnabled: false,
  multipleQuantityAllowedForServices: true,
};

export interface Site {
  website: Website;
  storeSettings: StoreSettings;
}

/** The site this install serves (one website per install), or null before any import. */
export async function loadSite(db: Kysely<DB>): Promise<Site | null> {
  const w = await findFirstWebsite(db);
  if (!w) return null;
  const s = await findStoreSettings(db, w.id);
  return {
    website: {
      id: w.id,
      siteTitle: w.site_title,
      timeZone: w.time_zone || DEFAULT_TIME_ZONE,
      currency: w.currency || DEFAULT_CURRENCY,
      locale: w.locale,
    },
    storeSettings: s
      ? {
          useLightCart: !!s.use_light_cart,
          restockNotificationsSuccessText: s.restock_notifications_success_text,
          displayNativeProductReviewsEnabled: !!s.display_native_product_reviews_enabled,
          displayImportedProductReviewsEnabled: !!s.display_imported_product_reviews_enabled,
          multipleQuantityAllowedForServices: !!s.multiple_quantity_allowed_for_services,
        }
      : DEFAULT_STORE_SETTINGS,
  };
}
