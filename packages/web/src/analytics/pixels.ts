import { GOOGLE_EVENT_NAMES, PIXEL_SCRIPTS, type PixelEvent, type PixelIds } from '@storefront/commerce';

/** A merchant's ad-pixel adapter (spec §7 ad-pixel events): what `window.storefrontPixel` holds. */
export type PixelAdapter = (event: PixelEvent, data: Record<string, unknown>) => void;

/** Meta's `fbq`: calls wait in `queue` until fbevents.js arrives and sets `callMethod`. */
type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[];
  callMethod?: (...args: unknown[]) => void;
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function loadScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** What the storefront knows of an event, in Meta's standard parameters. */
function metaParameters(data: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(data.itemId ? { content_ids: [data.itemId], content_type: 'product' } : {}),
    ...(data.quantity ? { num_items: data.quantity } : {}),
    ...(data.query !== undefined ? { search_string: data.query } : {}),
    ...(data.value !== undefined ? { value: data.value, currency: data.currency } : {}),
  };
}

/** The same, in Google's recommended event parameters. */
function googleParameters(data: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(data.itemId
      ? { items: [{ item_id: data.itemId, ...(data.quantity ? { quantity: data.quantity } : {}) }] }
      : {}),
    ...(data.query !== undefined ? { search_term: data.query } : {}),
    ...(data.value !== undefined ? { value: data.value, currency: data.currency } : {}),
    ...(data.orderId ? { transaction_id: data.orderId } : {}),
  };
}

/** Meta's pixel, set up as Meta's own snippet does, then its standard events under the spec's names. */
function metaPixel(doc: Document, id: string): PixelAdapter {
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as Fbq;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    window.fbq = fbq;
    window._fbq = fbq;
    loadScript(doc, PIXEL_SCRIPTS.meta());
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  // The order id as the event id: Meta counts a Purchase once however often its page is opened.
  return (event, data) =>
    window.fbq?.('track', event, metaParameters(data), ...(data.orderId ? [{ eventID: data.orderId }] : []));
}

/** Google's tag (gtag.js), with the spec's events under Google's recommended names. */
function googleTag(doc: Document, id: string): PixelAdapter {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  if (!window.gtag) {
    // gtag.js reads only `arguments` objects from the data layer, as Google's snippet pushes them.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js needs the arguments object itself.
      dataLayer.push(arguments);
    };
    window.gtag('js', new Date());
    loadScript(doc, PIXEL_SCRIPTS.google(id));
  }
  window.gtag('config', id);
  return (event, data) => window.gtag?.('event', GOOGLE_EVENT_NAMES[event], googleParameters(data));
}

/**
 * Loads the vendors' scripts for the ids set and answers the adapter that forwards each event to
 * them all (and to an adapter the site's own code had set). Called only once the visitor consented.
 */
export function pixelAdapter(doc: Document, ids: PixelIds, previous?: PixelAdapter): PixelAdapter {
  const adapters: PixelAdapter[] = [];
  if (ids.meta) adapters.push(metaPixel(doc, ids.meta));
  if (ids.google) adapters.push(googleTag(doc, ids.google));
  if (previous) adapters.push(previous);
  return (event, data) => {
    for (const adapter of adapters) {
      try {
        adapter(event, data);
      } catch {
        // One vendor failing never stops the others, nor the page.
      }
    }
  };
}
