import { MESSAGES, type StockResult } from '@storefront/commerce';
import { ApiError, NETWORK_FAILURE_STATUS, requestJson } from '../../api';
import { readCrumb } from '../../cookies';

/** Spec §7: "GET commerce/inventory/stock/ under the API root". */
export const STOCK_PATH = '/api/commerce/inventory/stock/';
/** Spec §7: the subscription call. */
export const SUBSCRIPTION_PATH = '/api/3/commerce/cart/subscription';
/** Spec §8: "Status 429 gives 'Please try again in a few seconds.'" */
const TOO_MANY_REQUESTS = 429;

export interface StockLine extends StockResult {
  sku: string;
}

/** Fresh stock of every variant of an item (spec §4 step 3). */
export async function fetchStock(itemId: string): Promise<StockLine[]> {
  const body = await requestJson<{ results: StockLine[] }>(
    'GET',
    `${STOCK_PATH}?${new URLSearchParams({ itemId })}`,
  );
  return body.results;
}

/** An answer read whatever its status, for calls whose failures carry data to show. */
export interface RawAnswer {
  status: number;
  ok: boolean;
  body: Record<string, unknown>;
}

/** POST JSON with the crumb header; throws ApiError only when no answer arrives. */
export async function postForAnswer(path: string, body: unknown): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-CSRF-Token': readCrumb(),
      },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(MESSAGES.checkConnection, undefined, NETWORK_FAILURE_STATUS);
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return { status: response.status, ok: response.ok, body: record };
}

export type SubscriptionRequest = {
  itemId: string;
  sku: string;
  subscriptionOptionId?: string;
} & ({ qty: number } | { additionalFields: string });

/**
 * Spec §7: POST the subscription call → data.cartToken; on failure the server's data.message is
 * shown (a top-level message is read too, as every other API error carries one).
 */
export async function createSubscriptionCart(request: SubscriptionRequest): Promise<string> {
  const answer = await postForAnswer(SUBSCRIPTION_PATH, request);
  if (answer.status === TOO_MANY_REQUESTS)
    throw new ApiError(MESSAGES.tooManyRequests, undefined, answer.status);
  const data = (answer.body.data ?? {}) as { cartToken?: unknown; message?: unknown };
  if (answer.ok && typeof data.cartToken === 'string' && data.cartToken !== '') return data.cartToken;
  const message = [data.message, answer.body.message].find((m) => typeof m === 'string' && m !== '');
  throw new ApiError((message as string | undefined) ?? MESSAGES.tryAgain, undefined, answer.status);
}
