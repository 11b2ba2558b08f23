import { MESSAGES } from '@storefront/commerce';
import { readCrumb } from './cookies';
import { CART_ENTRIES_PATH, CART_PATH } from './paths';
import type { Cart } from './types';

/** A failed call as the islands show it: the server's message and tracked error type (docs/api.md). */
export class ApiError extends Error {
  readonly type: string | undefined;
  readonly status: number;

  constructor(message: string, type: string | undefined, status: number) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = status;
  }
}

/** HTTP status the spec maps to its own message (§8 "Status 429 gives …"). */
const TOO_MANY_REQUESTS = 429;

/** Status used for an ApiError when no response arrived at all. */
export const NETWORK_FAILURE_STATUS = 0;

async function errorFromResponse(response: Response): Promise<ApiError> {
  if (response.status === TOO_MANY_REQUESTS) {
    return new ApiError(MESSAGES.tooManyRequests, undefined, response.status);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const { message, type } = (body ?? {}) as { message?: unknown; type?: unknown };
  return new ApiError(
    typeof message === 'string' && message !== '' ? message : MESSAGES.tryAgain,
    typeof type === 'string' ? type : undefined,
    response.status,
  );
}

/**
 * JSON call to our own API: same-origin cookies, the crumb echoed as `X-CSRF-Token`, and every
 * failure turned into an ApiError carrying a message fit to show.
 */
export async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF-Token': readCrumb() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(MESSAGES.checkConnection, undefined, NETWORK_FAILURE_STATUS);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

export { CART_ENTRIES_PATH, CART_PATH } from './paths';

export interface AddEntryRequest {
  itemId: string;
  sku: string;
  quantity: number;
  /** Spec §7: a JSON string; null when the product has no custom form. */
  additionalFields: string | null;
  /** A donation's amount, a decimal in major units ('25.50'). */
  amount?: string;
}

export interface AddEntryResponse {
  shoppingCart: Cart;
  newlyAdded: unknown;
}

export function addCartEntry(request: AddEntryRequest): Promise<AddEntryResponse> {
  return requestJson<AddEntryResponse>('POST', CART_ENTRIES_PATH, request);
}

export function fetchCart(): Promise<Cart> {
  return requestJson<Cart>('GET', CART_PATH);
}
