/**
 * Wire shapes the islands receive from the server: the cart's are the types of the routes' reply
 * schemas (docs/openapi.json), imported, not copied.
 */
import type { PixelIds } from '@storefront/commerce';

export type { CartEntryReply as CartEntry, CartReply as Cart } from '../../server/src/modules/cart/schema';

import type { CartEntryReply as CartEntry } from '../../server/src/modules/cart/schema';

/** Spec §3 Money on the wire: minor units as a decimal string. */
export type WireMoney = CartEntry['subTotal'];

/** What the pill cart needs; the PillCart island's props. */
export interface CartSummary {
  totalQuantity: number;
  subtotalCents: number;
  currency: string;
}

/** `<script type="application/json" id="sf-context">` on every page. */
/** The page's analytics settings and ids (server render/context.ts). */
export interface PageAnalytics {
  censusDisabled: boolean;
  cookieConsent: 'off' | 'banner';
  collectionId: string | null;
  itemId: string | null;
  /** The merchant's ad-pixel ids; absent when none is set. */
  pixels?: PixelIds;
  /** On the pages confirming a just-placed order: its Purchase for the ad pixels (value: subtotal / 100). */
  purchase?: { orderId: string; value: number; currency: string };
}

export interface PageContext {
  websiteId: string;
  currency: string;
  locale: string;
  pageType: number;
  cartUrl: string;
  /** Absent on pages rendered before analytics existed (then nothing is recorded). */
  analytics?: PageAnalytics;
  /** Spec §3 website captchaSettings: present when the site verifies with reCAPTCHA. */
  captchaSettings?: { siteKey: string };
}
