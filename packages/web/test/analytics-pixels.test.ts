import { GOOGLE_EVENT_NAMES, PIXEL_EVENTS, type PixelIds, REGISTERED_COOKIE } from '@storefront/commerce';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackPixel } from '../src/analytics/pixel-events';
import { pixelAdapter } from '../src/analytics/pixels';
import { ADD_TO_CART_EVENT } from '../src/islands/product-form/events';
import type { PageContext } from '../src/types';

const META_ID = '123456789012345';
const GOOGLE_ID = 'G-ABC123XYZ9';

const vendorScripts = () =>
  [...document.querySelectorAll('script[src]')]
    .map((s) => s.getAttribute('src') ?? '')
    .filter((src) => /facebook|googletagmanager/.test(src));

/** Sets a cookie as the consent banner or the server would, where the analytics code reads it. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie
  document.cookie = text;
}

beforeEach(() => {
  // The analytics calls themselves are not what these tests look at.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 202 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  delete window.fbq;
  delete window._fbq;
  delete window.gtag;
  delete window.dataLayer;
  delete window.storefrontPixel;
  for (const name of document.cookie.split('; ').map((c) => c.split('=')[0]))
    if (name) setCookie(`${name}=; max-age=0; path=/`);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the ad-pixel adapter', () => {
  it('loads Meta’s script and tracks the spec’s events under Meta’s standard names', () => {
    const adapter = pixelAdapter(document, { meta: META_ID });
    expect(vendorScripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    adapter('AddToCart', { itemId: 'tee', sku: 'TEE-M', quantity: 2 });
    adapter('Search', { query: 'mug' });
    expect(window.fbq?.queue).toEqual([
      ['init', META_ID],
      ['track', 'PageView'],
      ['track', 'AddToCart', { content_ids: ['tee'], content_type: 'product', num_items: 2 }],
      ['track', 'Search', { search_string: 'mug' }],
    ]);
  });

  it('loads Google’s tag for its id and sends each event under Google’s recommended name', () => {
    const adapter = pixelAdapter(document, { google: GOOGLE_ID });
    expect(vendorScripts()).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GOOGLE_ID}`]);
    for (const event of PIXEL_EVENTS) adapter(event, {});
    adapter('ViewContent', { itemId: 'tee' });
    const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls[0][0]).toBe('js');
    expect(calls[1]).toEqual(['config', GOOGLE_ID]);
    expect(calls.slice(2, 8).map((c) => c[1])).toEqual([
      'add_to_cart',
      'search',
      'generate_lead',
      'view_item',
      'purchase',
      'sign_up',
    ]);
    expect(Object.values(GOOGLE_EVENT_NAMES)).toHaveLength(PIXEL_EVENTS.length);
    expect(calls[8]).toEqual(['event', 'view_item', { items: [{ item_id: 'tee' }] }]);
  });

  it('gives Purchase its value and currency, and the order id as the event id (one Purchase an order)', () => {
    const adapter = pixelAdapter(document, { meta: META_ID, google: GOOGLE_ID });
    adapter('Purchase', { orderId: 'ord_1', value: 50, currency: 'USD' });
    expect(window.fbq?.queue.at(-1)).toEqual([
      'track',
      'Purchase',
      { value: 50, currency: 'USD' },
      { eventID: 'ord_1' },
    ]);
    const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls.at(-1)).toEqual([
      'event',
      'purchase',
      { value: 50, currency: 'USD', transaction_id: 'ord_1' },
    ]);
  });

  it('forwards to every vendor and to an adapter the site had set, one failing not stopping the rest', () => {
    const previous = vi.fn();
    window.fbq = Object.assign(
      () => {
        throw new Error('blocked');
      },
      { queue: [], push: undefined as never, loaded: true, version: '2.0' },
    );
    expect(() => pixelAdapter(document, { google: GOOGLE_ID }, previous)('Purchase', {})).not.toThrow();
    expect(previous).toHaveBeenCalledWith('Purchase', {});
  });
});

describe('the analytics script and the ad pixels', () => {
  const context = (pixels?: PixelIds) =>
    ({
      websiteId: 'w1',
      currency: 'USD',
      locale: 'en-US',
      pageType: 50,
      cartUrl: '/cart',
      analytics: {
        censusDisabled: false,
        cookieConsent: 'banner',
        collectionId: null,
        itemId: 'tee',
        ...(pixels ? { pixels } : {}),
      },
    }) satisfies PageContext;
  const addToCart = () =>
    document.dispatchEvent(
      new CustomEvent(ADD_TO_CART_EVENT, {
        detail: { product: { id: 'tee' }, selectedVariant: { sku: 'TEE-M' }, quantity: 1 },
      }),
    );

  it('loads nothing before the visitor accepts, then forwards the events that follow', async () => {
    const { startAnalytics } = await import('../src/analytics/index');
    startAnalytics(document, context({ meta: META_ID }));
    addToCart();
    const accept = await vi.waitFor(() => {
      const b = [...document.querySelectorAll('button')].find((e) => e.textContent === 'Accept');
      if (!b) throw new Error('no banner yet');
      return b;
    });
    expect(document.querySelector('.sf-consent p')?.textContent).toMatch(/advertising partners/);
    expect(vendorScripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(window.storefrontPixel).toBeUndefined();

    accept.click();
    await vi.waitFor(() => expect(window.storefrontPixel).toBeDefined());
    expect(vendorScripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    addToCart();
    // A saved site form's Lead, raised by its island.
    trackPixel('Lead', { formId: 'f1' });
    const tracked = (window.fbq?.queue ?? []).filter((c) => (c as unknown[])[0] === 'track');
    expect(tracked).toEqual([
      ['track', 'PageView'],
      ['track', 'AddToCart', { content_ids: ['tee'], content_type: 'product', num_items: 1 }],
      ['track', 'Lead', {}],
    ]);
  });

  it('sends the confirmation page’s Purchase and, once, the CompleteRegistration the server marked', async () => {
    setCookie('sf_consent=accepted; path=/');
    setCookie(`${REGISTERED_COOKIE}=1; path=/`);
    const confirmation = {
      ...context({ meta: META_ID }),
      pageType: 202,
      analytics: {
        ...context({ meta: META_ID }).analytics,
        itemId: null,
        purchase: { orderId: 'ord_1', value: 50, currency: 'USD' },
      },
    } satisfies PageContext;
    const { startAnalytics } = await import('../src/analytics/index');
    startAnalytics(document, confirmation);
    await vi.waitFor(() => expect(window.storefrontPixel).toBeDefined());
    const tracked = () => (window.fbq?.queue ?? []).filter((c) => (c as unknown[])[0] === 'track');
    expect(tracked()).toEqual([
      ['track', 'PageView'],
      ['track', 'Purchase', { value: 50, currency: 'USD' }, { eventID: 'ord_1' }],
      ['track', 'CompleteRegistration', {}],
    ]);
    expect(document.cookie).not.toContain(REGISTERED_COOKIE);

    // The next page has no mark: no second CompleteRegistration.
    vi.resetModules();
    const next = await import('../src/analytics/index');
    next.startAnalytics(document, { ...context({ meta: META_ID }), pageType: 10 });
    await new Promise((r) => setTimeout(r, 20));
    expect(tracked().filter((c) => (c as unknown[])[1] === 'CompleteRegistration')).toHaveLength(1);
  });

  it('declining loads nothing, and a site without ids loads nothing even when accepted', async () => {
    const { startAnalytics } = await import('../src/analytics/index');
    setCookie('sf_consent=accepted; path=/');
    startAnalytics(document, context());
    addToCart();
    await new Promise((r) => setTimeout(r, 20));
    expect(vendorScripts()).toEqual([]);
    expect(window.storefrontPixel).toBeUndefined();

    vi.resetModules();
    setCookie('sf_consent=restrictive; path=/');
    const again = await import('../src/analytics/index');
    again.startAnalytics(document, context({ meta: META_ID, google: GOOGLE_ID }));
    addToCart();
    await new Promise((r) => setTimeout(r, 20));
    expect(vendorScripts()).toEqual([]);
    expect(window.storefrontPixel).toBeUndefined();
  });
});
