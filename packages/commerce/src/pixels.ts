/**
 * The merchant's ad pixels (issue 13): which ids are valid, when a visitor's consent lets them
 * load, where each vendor's script lives (the CSP allows exactly these origins), and the vendor's
 * name for each spec §7 ad-pixel event.
 */
import type { CookieConsent, CookieConsentMode, PixelEvent } from './analytics.js';

export type PixelVendor = 'meta' | 'google';
/** The ids a website set; a vendor without one is absent. */
export type PixelIds = Partial<Record<PixelVendor, string>>;

/** A Meta pixel id: 15 or 16 digits. */
export const META_PIXEL_ID_RE = /^\d{15,16}$/;
/** A Google tag id: a Google Analytics measurement id (G-…) or a Google Ads id (AW-…). */
export const GOOGLE_TAG_ID_RE = /^(?:G-[A-Z0-9]{4,16}|AW-\d{4,16})$/;

export const PIXEL_MESSAGES = {
  meta: 'A Meta pixel id is 15 or 16 digits, such as 123456789012345.',
  google: 'A Google tag id looks like G-XXXXXXX or AW-123456789.',
} as const;

/**
 * Ad pixels hand the visitor to a third party, so they need a yes: only with the consent banner on
 * and accepted (without a banner nobody was asked).
 */
export function adPixelsAllowed(mode: CookieConsentMode, consent: CookieConsent): boolean {
  return mode === 'banner' && consent === 'accepted';
}

/** The vendor's script: Meta's fbevents.js, Google's gtag.js for the tag id. */
export const PIXEL_SCRIPTS = {
  meta: () => 'https://connect.facebook.net/en_US/fbevents.js',
  google: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
} as const;

/** The origins each vendor's script loads from and sends to (CSP script-src and connect-src). */
export const PIXEL_ORIGINS: Record<PixelVendor, { script: string[]; connect: string[] }> = {
  meta: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'] },
  google: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://googleads.g.doubleclick.net',
    ],
  },
};

/** Google's recommended event names for the spec's ad-pixel events; Meta's standard events share the spec's names. */
export const GOOGLE_EVENT_NAMES: Record<PixelEvent, string> = {
  AddToCart: 'add_to_cart',
  Search: 'search',
  Lead: 'generate_lead',
  ViewContent: 'view_item',
  Purchase: 'purchase',
  CompleteRegistration: 'sign_up',
};

/** The CSP sources a page needs for the ids set: none without ids. */
export function pixelSources(ids: PixelIds): { script: string[]; connect: string[] } {
  const vendors = (Object.keys(PIXEL_ORIGINS) as PixelVendor[]).filter((v) => ids[v]);
  return {
    script: vendors.flatMap((v) => PIXEL_ORIGINS[v].script),
    connect: vendors.flatMap((v) => PIXEL_ORIGINS[v].connect),
  };
}
