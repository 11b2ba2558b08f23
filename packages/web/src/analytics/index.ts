import {
  ADD_TO_CART_ERROR_EVENT,
  adPixelsAllowed,
  analyticsCookiesAllowed,
  analyticsEligible,
  CHECKOUT_EVENT,
  CONSENT_COOKIE,
  ELEMENT_PATH_MAX,
  PAGE_VIEW,
  PERFORMANCE_COLLECTION_MS,
  PERFORMANCE_FLUSH_MS,
  type PixelEvent,
  type PixelIds,
  parseConsent,
  REGISTERED_COOKIE,
} from '@storefront/commerce';
import { readCookie, readCrumb } from '../cookies';
import { ADD_TO_CART_EVENT, type AddToCartEventDetail } from '../islands/product-form/events';
import type { PageContext } from '../types';
import { advanceVisit, clearAnalyticsCookies, clearCookie, localStorageSupported } from './cookies';
import { observePageEvents } from './page-events';
import { PIXEL_EVENT, type PixelDetail } from './pixel-events';
import type { PixelAdapter } from './pixels';
import { TRACK_EVENT, type TrackDetail } from './track';
import { FORM, JSON_TYPE, post } from './transport';
import { observeVitals } from './vitals';

/** Spec §2 page types the script names events after. */
const PAGE_TYPE = { COLLECTION: 1, ITEM: 50, SEARCH: 102, CART: 200, CHECKOUT: 201 };

declare global {
  interface Window {
    /** The ad-pixel adapter: the merchant's configured pixels, or one the site's own code sets. */
    storefrontPixel?: PixelAdapter;
  }
}

/** Ad-pixel events that happen while the merchant's pixels load; forwarded once they are in. */
let pixelsLoading: [PixelEvent, Record<string, unknown>][] | undefined;
let pixelsLoaded = false;

function pixel(event: PixelEvent, data: Record<string, unknown>): void {
  if (pixelsLoading) {
    pixelsLoading.push([event, data]);
    return;
  }
  try {
    window.storefrontPixel?.(event, data);
  } catch {
    // A merchant's pixel never breaks the page.
  }
}

/** The merchant's pixels (after the visitor's consent): their code is fetched only then. */
function loadPixels(doc: Document, ids: PixelIds): void {
  if (pixelsLoaded) return;
  pixelsLoaded = true;
  pixelsLoading = [];
  void import('./pixels').then((m) => {
    window.storefrontPixel = m.pixelAdapter(doc, ids, window.storefrontPixel);
    const waiting = pixelsLoading ?? [];
    pixelsLoading = undefined;
    for (const [event, data] of waiting) pixel(event, data);
  });
}

/** CSS-like path of an element (tag#id.class > …), cut to spec §9's 200 characters. */
function elementPath(el: Element | null | undefined): string | undefined {
  const parts: string[] = [];
  for (let e = el; e && e.nodeType === 1 && parts.length < 8; e = e.parentElement) {
    let part = e.tagName.toLowerCase();
    if (e.id) part += `#${e.id}`;
    else if (e.classList.length > 0) part += `.${e.classList[0]}`;
    parts.unshift(part);
  }
  return parts.length > 0 ? parts.join('>').slice(-ELEMENT_PATH_MAX) : undefined;
}

/**
 * The storefront's analytics (spec §3–§9): the visitor and visit cookies, the page view, commerce
 * events from the islands, web vitals sent when the page is hidden, and throttled error reports.
 * Nothing runs on pages spec §6 leaves uncounted; a signed-in contributor is left out by the server.
 */
export function startAnalytics(doc: Document, context: PageContext): void {
  const settings = context.analytics;
  const path = location.pathname;
  if (
    !settings ||
    !analyticsEligible({
      roles: null,
      path,
      pageType: context.pageType,
      censusDisabled: settings.censusDisabled,
    })
  )
    return;

  let consent = parseConsent(readCookie(CONSENT_COOKIE));
  const allowed = () => analyticsCookiesAllowed(settings.cookieConsent, consent);
  if (!allowed()) clearAnalyticsCookies();
  const pixels = settings.pixels;
  if (pixels && adPixelsAllowed(settings.cookieConsent, consent)) loadPixels(doc, pixels);
  const visitorCookie = allowed() ? advanceVisit(Date.now()) : undefined;
  if (settings.cookieConsent === 'banner' && consent === 'unanswered') {
    // Only sites that turn the banner on download it.
    void import('./banner').then((m) =>
      m.showConsentBanner(
        doc,
        (answer) => {
          consent = answer;
          if (answer === 'restrictive') clearAnalyticsCookies();
          else advanceVisit(Date.now());
          if (pixels && adPixelsAllowed(settings.cookieConsent, answer)) loadPixels(doc, pixels);
        },
        !!pixels,
      ),
    );
  }

  const record = () => ({
    ...(visitorCookie ? { visitorCookie } : {}),
    pageTitle: doc.title.slice(0, 500),
    pagePath: path,
    contentSource: settings.itemId ? 'i' : 'c',
    websiteId: context.websiteId,
    website_locale: context.locale,
    userAgent: navigator.userAgent.slice(0, 1000),
    clientDate: Date.now(),
    viewportInnerHeight: window.innerHeight,
    viewportInnerWidth: window.innerWidth,
    screenHeight: screen.height,
    screenWidth: screen.width,
    url: location.href.slice(0, 2048),
    title: doc.title.slice(0, 500),
    ...(settings.itemId ? { itemId: settings.itemId } : {}),
    ...(settings.collectionId ? { collectionId: settings.collectionId } : {}),
  });

  const pageView = {
    ...record(),
    localStorageSupported: localStorageSupported(),
    queryString: location.search.slice(0, 2048),
    referrer: doc.referrer.slice(0, 2048),
  };
  if (analyticsEligible({ roles: null, path, event: PAGE_VIEW })) {
    void post(
      '/api/census/RecordHit',
      new URLSearchParams({
        event: PAGE_VIEW,
        data: JSON.stringify(pageView),
        ...(visitorCookie ? { ss_cvr: visitorCookie } : {}),
      }),
      FORM,
    );
  }

  const event = (name: string, data: Record<string, unknown> = {}) =>
    void post(
      '/api/events/RecordEvent',
      new URLSearchParams({
        crumb: readCrumb(),
        event: name,
        data: JSON.stringify({ ...record(), ...data }),
      }),
      FORM,
    );

  if (context.pageType === PAGE_TYPE.ITEM && settings.itemId) {
    event('VisitPDP');
    pixel('ViewContent', { itemId: settings.itemId });
  } else if (context.pageType === PAGE_TYPE.COLLECTION) event('VisitPLP');
  else if (context.pageType === PAGE_TYPE.CART) event('ViewCart');
  else if (context.pageType === PAGE_TYPE.CHECKOUT) event(CHECKOUT_EVENT);
  else if (context.pageType === PAGE_TYPE.SEARCH)
    pixel('Search', { query: new URLSearchParams(location.search).get('q') ?? '' });
  if (settings.purchase) pixel('Purchase', settings.purchase);
  // The server marks the page after an account's creation: sent once, then the mark is gone.
  if (readCookie(REGISTERED_COOKIE)) {
    clearCookie(REGISTERED_COOKIE);
    pixel('CompleteRegistration', {});
  }

  const isRelated = observePageEvents(doc, event);
  doc.addEventListener(ADD_TO_CART_EVENT, (e) => {
    const d = (e as CustomEvent<AddToCartEventDetail>).detail;
    const data = { itemId: d.product.id, sku: d.selectedVariant?.sku ?? null, quantity: d.quantity };
    if (d.errorType) event(ADD_TO_CART_ERROR_EVENT, { ...data, errorType: d.errorType });
    else {
      event('AddToCart', data);
      pixel('AddToCart', data);
      if (isRelated(d.product.id)) event('RelatedProductAddToCart', data);
    }
  });
  doc.addEventListener(PIXEL_EVENT, (e) => {
    const { event, data } = (e as CustomEvent<PixelDetail>).detail;
    pixel(event, data);
  });
  doc.addEventListener(TRACK_EVENT, (e) => {
    const { name, data } = (e as CustomEvent<TrackDetail>).detail;
    event(name, data);
  });

  reportVitals(doc, path);
  reportErrors(path, () => visitorCookie);
}

/** Web vitals (spec §9) as performance records: flushed 30 s after load, at 60 s, and when the page is hidden. */
function reportVitals(doc: Document, path: string): void {
  const pageLoadId = crypto.randomUUID();
  const pending = new Map<string, unknown>();
  const flush = () => {
    if (pending.size === 0) return;
    const body = JSON.stringify([...pending.values()]);
    pending.clear();
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/1/performance/records', blob))
      void post('/api/1/performance/records', body, JSON_TYPE);
  };
  observeVitals((name, value, element) => {
    pending.set(name, {
      app: 'storefront',
      event: name,
      pageLoadId,
      ts: Date.now(),
      data: { value, path, viewportInnerWidth: window.innerWidth, elementPath: elementPath(element) },
    });
    // Metrics that arrive as the page goes away leave with a beacon straight away.
    if (doc.visibilityState === 'hidden') flush();
  });
  setTimeout(flush, PERFORMANCE_FLUSH_MS);
  setTimeout(flush, PERFORMANCE_COLLECTION_MS);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

/**
 * Uncaught errors (spec §8): listened for from the start, but the reporter's code is fetched only
 * once an error happens (most pages never have one); errors meanwhile wait in order.
 */
function reportErrors(path: string, visitor: () => string | undefined): void {
  const waiting: (ErrorEvent | PromiseRejectionEvent)[] = [];
  let offer: ((e: ErrorEvent | PromiseRejectionEvent) => void) | undefined;
  const take = (e: ErrorEvent | PromiseRejectionEvent) => {
    if (offer) return offer(e);
    waiting.push(e);
    if (waiting.length > 1) return;
    void import('./errors').then((m) => {
      offer = m.errorReporter(path, visitor);
      for (const w of waiting.splice(0)) offer(w);
    });
  };
  window.addEventListener('error', take);
  window.addEventListener('unhandledrejection', take);
}
