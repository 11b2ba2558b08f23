import { MESSAGES } from '@storefront/commerce';
import { ApiError, requestJson } from '../api';
import { postForAnswer } from '../islands/product-form/api';
import type { OrderRequest, Quote, QuoteRequest } from './types';

export const QUOTE_PATH = '/api/commerce/checkout/quote';
export const ORDERS_PATH = '/api/commerce/orders';

/** HTTP statuses of docs/api.md's order answers. */
const PAYMENT_DECLINED = 402;
const CONFLICT = 409;
const BAD_REQUEST = 400;
const TOO_MANY_REQUESTS = 429;
const SERVER_ERROR = 500;

export function fetchQuote(request: QuoteRequest, path = QUOTE_PATH): Promise<Quote> {
  return requestJson<Quote>('POST', path, request);
}

export type OrderOutcome =
  /** `paymentUrl`: a pay-later order's plan is approved at the provider first. */
  | { kind: 'placed'; confirmationUrl: string; paymentUrl: string | null }
  /** The answer is final for this attempt: the next one needs a new idempotency key. */
  | { kind: 'declined'; message: string }
  | { kind: 'out-of-stock'; message: string; itemName: string | null }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  /** No answer, or one that may not be final (429, 5xx): retrying with the same key is safe. */
  | { kind: 'retry'; message: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** POST /api/commerce/orders, read into what the checkout shows next. */
export async function placeOrder(request: OrderRequest, path = ORDERS_PATH): Promise<OrderOutcome> {
  let answer: Awaited<ReturnType<typeof postForAnswer>>;
  try {
    answer = await postForAnswer(path, request);
  } catch (error) {
    return { kind: 'retry', message: error instanceof ApiError ? error.message : MESSAGES.checkConnection };
  }
  const { status, body } = answer;
  const message = text(body.message);
  const confirmationUrl = text(body.confirmationUrl);
  if (answer.ok && confirmationUrl)
    return { kind: 'placed', confirmationUrl, paymentUrl: text(body.paymentUrl) };
  if (status === TOO_MANY_REQUESTS) return { kind: 'retry', message: MESSAGES.tooManyRequests };
  if (answer.ok || status >= SERVER_ERROR) return { kind: 'retry', message: message ?? MESSAGES.tryAgain };
  if (status === PAYMENT_DECLINED) return { kind: 'declined', message: message ?? MESSAGES.tryAgain };
  if (status === CONFLICT && body.type === 'OUT_OF_STOCK')
    return { kind: 'out-of-stock', message: message ?? MESSAGES.outOfStock, itemName: text(body.itemName) };
  const errors =
    status === BAD_REQUEST && body.errors && typeof body.errors === 'object'
      ? (body.errors as Record<string, string>)
      : {};
  return { kind: 'invalid', message: message ?? MESSAGES.tryAgain, errors };
}

/** One key per order attempt (docs/api.md: 8 to 100 characters). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
