/**
 * Analytics rules shared by the browser script and the server (spec §3–§6, §9): the visitor and
 * visit cookies and their transitions, the 390-day analytics identifier, who and what is counted,
 * and the web-vitals bands. Time is always passed in, so tests never sleep.
 */

/** Spec §3 cookies: the visitor cookie ("ss_cvr") and the visit cookie. */
export const VISITOR_COOKIE = 'ss_cvr';
export const VISIT_COOKIE = 'ss_cvt';
/** Local-storage key (and cookie) of the analytics identifier. */
export const ANALYTICS_ID_KEY = 'sf_aid';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9 "The visitor cookie lasts 2 years". */
export const VISITOR_COOKIE_MS = 2 * 365 * DAY_MS;
/** Spec §9 "the visit cookie 30 minutes". */
export const VISIT_COOKIE_MS = 30 * 60 * 1000;
/** Spec §9 "The analytics cookie and local-storage identifier lasts 390 days." */
export const ANALYTICS_ID_MS = 390 * DAY_MS;
/** Spec §9 "The analytics time-out is 2500 ms." (also the census calls' time-out, spec §7). */
export const ANALYTICS_TIMEOUT_MS = 2500;

/** Spec §3 "Visitor cookie: five parts separated by a bar, an id and four positive integers; the last is the visit count." */
export interface VisitorCookie {
  id: string;
  /** When the first visit began (ms). */
  firstVisit: number;
  /** When the visit before the current one began (ms); the first visit's time on the first visit. */
  previousVisit: number;
  /** When the current visit began (ms). */
  currentVisit: number;
  visitCount: number;
}

const VISITOR_ID = /^[A-Za-z0-9_-]{1,64}$/;
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

function positiveInteger(text: string | undefined): number | null {
  if (text === undefined || !POSITIVE_INTEGER.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** Spec §5: "an id followed by four positive integers, otherwise treated as absent". */
export function parseVisitorCookie(value: string | null | undefined): VisitorCookie | null {
  if (!value) return null;
  const parts = value.split('|');
  if (parts.length !== 5 || !VISITOR_ID.test(parts[0])) return null;
  const numbers = parts.slice(1).map(positiveInteger);
  if (numbers.some((n) => n === null)) return null;
  const [firstVisit, previousVisit, currentVisit, visitCount] = numbers as number[];
  return { id: parts[0], firstVisit, previousVisit, currentVisit, visitCount };
}

export function formatVisitorCookie(v: VisitorCookie): string {
  return [v.id, v.firstVisit, v.previousVisit, v.currentVisit, v.visitCount].join('|');
}

/** Spec §5 "The visit cookie must be a positive integer": the time of the visit's last activity (ms). */
export function parseVisitCookie(value: string | null | undefined): number | null {
  return positiveInteger(value ?? undefined);
}

export interface VisitState {
  visitor: VisitorCookie;
  /** The visit cookie's new value: now. */
  visit: number;
  /** True when this hit starts a visit (the first one, or one after 30 minutes without activity). */
  newVisit: boolean;
}

/**
 * Spec §4 visitor cookie transitions at `now`: a new visitor id on the first visit; when the visit
 * cookie has expired (or is absent) but the visitor cookie remains, the visit count rises by one
 * and a new visit time is set; otherwise the visit goes on and only its activity time moves.
 */
export function nextVisit(
  visitorValue: string | null | undefined,
  visitValue: string | null | undefined,
  now: number,
  newId: () => string,
): VisitState {
  const visitor = parseVisitorCookie(visitorValue);
  if (!visitor) {
    return {
      visitor: { id: newId(), firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 },
      visit: now,
      newVisit: true,
    };
  }
  const lastActivity = parseVisitCookie(visitValue);
  const visitGoesOn = lastActivity !== null && lastActivity <= now && now - lastActivity < VISIT_COOKIE_MS;
  if (visitGoesOn) return { visitor, visit: now, newVisit: false };
  return {
    visitor: {
      ...visitor,
      previousVisit: visitor.currentVisit,
      currentVisit: now,
      visitCount: visitor.visitCount + 1,
    },
    visit: now,
    newVisit: true,
  };
}

/** The 390-day analytics identifier as local storage keeps it. */
export interface AnalyticsIdentifier {
  id: string;
  expires: number;
}

/** The stored identifier while it lasts, else a new one good for 390 days from `now`. */
export function analyticsIdentifier(
  stored: string | null | undefined,
  now: number,
  newId: () => string,
): { identifier: AnalyticsIdentifier; renewed: boolean } {
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as Partial<AnalyticsIdentifier>;
      if (
        typeof parsed.id === 'string' &&
        VISITOR_ID.test(parsed.id) &&
        typeof parsed.expires === 'number' &&
        parsed.expires > now
      ) {
        return { identifier: { id: parsed.id, expires: parsed.expires }, renewed: false };
      }
    } catch {
      // An unreadable value is treated as absent.
    }
  }
  return { identifier: { id: newId(), expires: now + ANALYTICS_ID_MS }, renewed: true };
}

/** The merchant's cookie-consent setting: off, or a banner whose refusal keeps no analytics cookie. */
export const COOKIE_CONSENT_MODES = ['off', 'banner'] as const;
export type CookieConsentMode = (typeof COOKIE_CONSENT_MODES)[number];
/** What a shopper answered the banner; `restrictive` clears the analytics cookies (spec §4). */
export type CookieConsent = 'accepted' | 'restrictive' | 'unanswered';
export const CONSENT_COOKIE = 'sf_consent';

/** Whether analytics may keep cookies: always without a banner; with one, only once accepted. */
export function analyticsCookiesAllowed(mode: CookieConsentMode, consent: CookieConsent): boolean {
  return mode === 'off' || consent === 'accepted';
}

export function parseConsent(value: string | null | undefined): CookieConsent {
  return value === 'accepted' || value === 'restrictive' ? value : 'unanswered';
}

/** Spec §6 site roles that count: the viewer (10). */
const VIEWER_ROLE = 10;

/** Spec §2 page types analytics skips (spec §6): not found, lock screen, member-area access denied. */
export const UNCOUNTED_PAGE_TYPES: readonly number[] = [100, 103, 106];

/** The owner's area: never counted (spec §6 "outside the config area"). */
export const CONFIG_PATH = '/config';
/** Spec §6/§7: page views of the search page are not recorded. */
export const SEARCH_PATH = '/search';

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}?`);
}

/**
 * Spec §6: recorded only for anonymous visitors (no roles) or signed-in users whose only website
 * role is viewer.
 */
export function userCounted(roles: readonly number[] | null): boolean {
  if (!roles || roles.length === 0) return true;
  return roles.every((r) => r === VIEWER_ROLE);
}

/** Spec §6: the page is counted outside the config area, except not-found, lock-screen and member-denied pages, and with the census-disable flag off. */
export function pageCounted(page: { path: string; pageType?: number; censusDisabled?: boolean }): boolean {
  if (page.censusDisabled) return false;
  if (under(page.path, CONFIG_PATH)) return false;
  return page.pageType === undefined || !UNCOUNTED_PAGE_TYPES.includes(page.pageType);
}

/** The hit event of a page view (spec §7 "fixed names such as PAGE_VIEW"). */
export const PAGE_VIEW = 'PAGE_VIEW';

/** Spec §6 in one place: the user, the page, and no page views of /search. */
export function analyticsEligible(input: {
  roles: readonly number[] | null;
  path: string;
  pageType?: number;
  censusDisabled?: boolean;
  event?: string;
}): boolean {
  if (!userCounted(input.roles)) return false;
  if (!pageCounted(input)) return false;
  return !(input.event === PAGE_VIEW && under(input.path, SEARCH_PATH));
}

/** Spec §7 analytics events, by name. */
export const COMMERCE_EVENTS = ['VisitPDP', 'VisitPLP', 'AddToCart', 'ViewCart', 'RemoveFromCart'] as const;
export const RELATED_EVENTS = [
  'RelatedProductDisplay',
  'RelatedProductAddToCart',
  'RelatedProductClick',
  'OpenCustomProductForm',
  'SaveCustomProductForm',
] as const;
export const REVIEW_EVENTS = ['ReviewsTab', 'ReviewsVitalsAnchorLink'] as const;
/** Our funnel step between the cart and the purchase: the checkout page opened. */
export const CHECKOUT_EVENT = 'Checkout';
/** Recorded by the server when an order is placed, with value = subtotal / 100 (spec §9). */
export const PURCHASE_EVENT = 'Purchase';
/** An add to cart that failed, with its tracked error type (spec §8) in data.errorType. */
export const ADD_TO_CART_ERROR_EVENT = 'AddToCartError';
/** The events RecordEvent takes from a browser: Purchase only comes from the order hook. */
export const BROWSER_EVENTS: readonly string[] = /* @__PURE__ */ ([] as string[]).concat(
  COMMERCE_EVENTS,
  RELATED_EVENTS,
  REVIEW_EVENTS,
  CHECKOUT_EVENT,
  ADD_TO_CART_ERROR_EVENT,
);
/** Spec §7 ad-pixel events, handed to the merchant's pixel adapter (none by default). */
export const PIXEL_EVENTS = [
  'AddToCart',
  'Search',
  'Lead',
  'ViewContent',
  'Purchase',
  'CompleteRegistration',
] as const;
export type PixelEvent = (typeof PIXEL_EVENTS)[number];
/**
 * Set by the server when a shopper's account is created (its password sign-up, or the first sign-in
 * of an account an emailed link made); the next page's script sends CompleteRegistration and clears it.
 */
export const REGISTERED_COOKIE = 'sf_registered';
/** Long enough for the page after the sign-up to load; a forgotten one never fires a day later. */
export const REGISTERED_COOKIE_MS = 10 * 60 * 1000;

/** The commerce funnel the dashboard shows, step by step. */
export const FUNNEL_STEPS = ['VisitPDP', 'AddToCart', CHECKOUT_EVENT, PURCHASE_EVENT] as const;

/** Spec §9 web-vitals thresholds: good up to the first, poor above the second. */
export const VITAL_THRESHOLDS = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  FID: [100, 300],
  INP: [200, 500],
} as const;
export type VitalName = keyof typeof VITAL_THRESHOLDS;
export const VITAL_NAMES = Object.keys(VITAL_THRESHOLDS) as VitalName[];
export type VitalBand = 'good' | 'needs-improvement' | 'poor';

export function vitalBand(name: VitalName, value: number): VitalBand {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value > poor ? 'poor' : 'needs-improvement';
}

export function isVitalName(name: unknown): name is VitalName {
  return typeof name === 'string' && Object.hasOwn(VITAL_THRESHOLDS, name);
}

/** Spec §9 "Performance records flush 30 s after load; the collection wait is up to 60 s." */
export const PERFORMANCE_FLUSH_MS = 30_000;
export const PERFORMANCE_COLLECTION_MS = 60_000;
/** Spec §9 "The element path is capped at 200 characters." */
export const ELEMENT_PATH_MAX = 200;
/** Spec §9 "The default event parameter cap is 1000 keys." */
export const EVENT_PARAMETER_MAX_KEYS = 1000;

/** A device class from the viewport width, for the dashboard's devices. */
export function deviceOf(viewportWidth: number | undefined): 'phone' | 'tablet' | 'desktop' | 'unknown' {
  if (!viewportWidth || viewportWidth <= 0) return 'unknown';
  if (viewportWidth < 640) return 'phone';
  return viewportWidth < 1024 ? 'tablet' : 'desktop';
}
