import { vi } from 'vitest';
import type { Quote } from '../src/checkout/types';
import { siteConfig } from '../src/site-config';
import type { Cart, CartEntry } from '../src/types';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** Stubs the network boundary; `respond` decides each answer. Returns what was sent. */
export function stubFetch(respond: (request: RecordedRequest) => Promise<Response> | Response) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    return respond(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A promise the test settles by hand, to hold a response back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function makeEntry(overrides: Partial<CartEntry> = {}): CartEntry {
  return {
    id: 'e_1',
    itemId: 'item-tee',
    quantity: 2,
    chosenVariant: { sku: 'SQ-TEE-M-BLK', attributes: { Size: 'M', Color: 'Black' } },
    title: 'Classic Tee',
    subTotal: { value: '5000', currency: 'USD' },
    purchasePriceCents: 2500,
    additionalFields: null,
    productType: 1,
    url: '/shop/p/classic-tee',
    imageUrl: null,
    maxQuantity: 9999,
    ...overrides,
  };
}

export function makeCart(entries: CartEntry[] = [makeEntry()]): Cart {
  const totalQuantity = entries.reduce((n, e) => n + e.quantity, 0);
  const subtotalCents = entries.reduce((n, e) => n + Number(e.subTotal.value), 0);
  return {
    id: entries.length > 0 ? 'c_1' : null,
    websiteId: 'site-1',
    orderId: null,
    created: 1700000000000,
    isPurchased: false,
    currency: 'USD',
    entries,
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: true,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
  };
}

/** A shipping option as the cart and the quote carry it, in US dollars, shipping to the US. */
export function shippingOption(id: string, name: string, costCents: number): ShippingOptionWire {
  return {
    id,
    name,
    costCents,
    cost: { value: String(costCents), currency: 'USD' },
    baseCostCents: costCents,
    freeOverCents: null,
    countries: ['US'],
  };
}

/** A coupon of `amountCents` off, as the cart and the quote carry it. */
export function fixedCoupon(code: string, amountCents = 500): CouponWire {
  return { code, type: 'fixed', amountCents };
}

const usd = (cents: number) => ({ decimalValue: (cents / 100).toFixed(2), currency: 'USD' });

/** The fields of a quote that follow from its cents and items; the tests give the rest. */
type DerivedQuoteFields =
  | 'source'
  | 'planText'
  | 'subtotal'
  | 'discountTotal'
  | 'shippingTotal'
  | 'taxTotal'
  | 'grandTotal'
  | 'giftCardTotal'
  | 'amountDue'
  | 'totalQuantity'
  | 'shippingLocation'
  | 'addressErrors'
  | 'hasDigital'
  | 'purelyDigital'
  | 'payLater';

/** A whole quote, as the server answers it, from its cents and items (in US dollars). */
export function wireQuote(q: Omit<Quote, DerivedQuoteFields> & Partial<Quote>): Quote {
  const digital = q.items.filter((i) => i.productType === 2).length;
  return {
    source: { kind: 'cart' },
    planText: '',
    subtotal: usd(q.subtotalCents),
    discountTotal: usd(q.discountCents),
    shippingTotal: usd(q.shippingCostCents),
    taxTotal: usd(q.taxCents),
    grandTotal: usd(q.grandTotalCents),
    giftCardTotal: usd(q.giftCardAppliedCents),
    amountDue: usd(q.amountDueCents),
    totalQuantity: q.items.reduce((n, i) => n + i.quantity, 0),
    shippingLocation: null,
    addressErrors: null,
    hasDigital: digital > 0,
    purelyDigital: digital > 0 && digital === q.items.length,
    // No pay-later provider unless the test offers one.
    payLater: null,
    ...q,
  };
}

/** Stands in for the server's Set-Cookie of the script-readable crumb cookie. */
export function setCrumbCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests play the server, which sets this cookie
  document.cookie = `crumb=${value}`;
}

const LAYOUT_ATTRIBUTES = [
  'id',
  'class',
  'name',
  'type',
  'for',
  'role',
  'method',
  'action',
  'min',
  'max',
  'step',
  'value',
  'href',
  'src',
  'alt',
  'width',
  'height',
  'hidden',
  'disabled',
];

/**
 * What decides layout and the no-JS behaviour of server markup: tags, layout attributes and the
 * rendered text, recursively. The crumb's value is left out (it differs per visitor).
 */
export function markupShape(el: Element): unknown {
  return {
    tag: el.tagName,
    attrs: LAYOUT_ATTRIBUTES.filter((a) => el.hasAttribute(a))
      .filter((a) => !(a === 'value' && el.getAttribute('name') === 'crumb'))
      .map((a) => `${a}=${el.getAttribute(a)}`),
    text: el.textContent,
    children: Array.from(el.children).map(markupShape),
  };
}

type ShippingOptionWire = Cart['shippingOptions'][number];
type CouponWire = Cart['validCoupons'][number];

/** A store's `GET /api/context/config` answer. */
export const SITE_CONFIG = {
  websiteId: 'w1',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/New_York',
  storeSettings: {
    useLightCart: false,
    restockNotificationsSuccessText: null,
    displayNativeProductReviewsEnabled: false,
    displayImportedProductReviewsEnabled: false,
    multipleQuantityAllowedForServices: true,
  },
  cartUrl: '/cart',
  installments: {
    afterPayAvailable: false,
    afterPayMin: 100,
    afterPayMax: 200000,
    shopperLanguage: 'en',
    stripeAccountCountry: 'US',
  },
};

/** Answers the page's config call up front (it is made once a page), so a test counts only its own calls. */
export async function primeSiteConfig(): Promise<void> {
  stubFetch(() => jsonResponse(SITE_CONFIG));
  await siteConfig();
  vi.unstubAllGlobals();
}
