import { readCrumb } from '../../cookies';
import { TEXTS } from '../texts';

/** A failed owner API call: the status and a message fit to show (spec §8 editor strings). */
export class ApiError extends Error {
  readonly status: number;
  /** Per-field messages the server sent with a 400 (`errors`: field path → message). */
  readonly fieldErrors: Record<string, string>;
  /** The whole JSON answer of a 4xx, for screens whose calls answer more than a message. */
  readonly body: Record<string, unknown>;

  constructor(
    message: string,
    status: number,
    fieldErrors: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

/** Status of an ApiError when no response arrived. */
export const NO_RESPONSE = 0;
export const BAD_REQUEST = 400;
export const UNAUTHORIZED = 401;
export const FORBIDDEN = 403;
const SERVER_ERROR = 500;

async function errorFrom(response: Response): Promise<ApiError> {
  let body: { message?: unknown; errors?: unknown } = {};
  try {
    body = (await response.json()) ?? {};
  } catch {
    body = {};
  }
  // A 5xx message is for the log, not the owner; it says what failed in our words.
  const message =
    response.status < SERVER_ERROR && typeof body.message === 'string' && body.message !== ''
      ? body.message
      : TEXTS.somethingWentWrong;
  const fieldErrors =
    body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
      ? Object.fromEntries(
          Object.entries(body.errors as Record<string, unknown>).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
      : {};
  return new ApiError(
    message,
    response.status,
    fieldErrors,
    response.status < SERVER_ERROR ? (body as Record<string, unknown>) : {},
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call to the owner API: same-origin cookies, the crumb echoed as X-CSRF-Token on every call
 * (the server checks it on each mutation), JSON or multipart body, and every failure turned into an
 * ApiError. A 204 answers undefined.
 */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF-Token': readCrumb() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'same-origin', body: payload });
  } catch {
    throw new ApiError(TEXTS.unableToConnect, NO_RESPONSE);
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** `?a=1&b=x` from the set values only. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * What a failed upload says under its 'Unable to Upload File' title: the server's reason (a file
 * too large, a type it does not take) or spec §8's 'Network error' when nothing answered.
 */
export function uploadFailureDetail(error: unknown): string {
  if (!(error instanceof ApiError)) return TEXTS.somethingWentWrong;
  if (error.status === NO_RESPONSE) return TEXTS.networkError;
  const detail = error.fieldErrors.file ?? error.message;
  return detail === TEXTS.unableToUploadFile ? TEXTS.errorUploading : detail;
}
