import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What a shopper (or an API client) reads for Fastify's own refusals, instead of its wording. */
const PLAIN_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'This address is not valid.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON or as a form.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its stated length.',
};

const STATUS_MESSAGES: Record<number, string> = {
  404: 'Not found',
  405: 'This address does not take that method.',
  413: PLAIN_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE,
  414: 'This address is too long.',
  415: PLAIN_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE,
};
const FALLBACK_MESSAGE = 'The request is not valid.';

/** The plain words of a 4xx that did not come from our own code (a library's error). */
export function plainMessage(error: { code?: string; statusCode?: number }): string {
  return (
    (error.code && PLAIN_MESSAGES[error.code]) ||
    (error.statusCode && STATUS_MESSAGES[error.statusCode]) ||
    FALLBACK_MESSAGE
  );
}

/** Fastify's `frameworkErrors`: a malformed address, answered as `{ message }`. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.status(error.statusCode ?? 400).send({ message: plainMessage(error) });
}
