import { vi } from 'vitest';
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
