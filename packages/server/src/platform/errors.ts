import type { TrackedErrorType } from '@storefront/commerce';

/**
 * An expected failure with the HTTP status and the text the shopper sees. Services return or
 * throw these; the error handler turns them into `{ message, type?, errors? }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type?: TrackedErrorType,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
