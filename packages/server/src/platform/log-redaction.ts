import type { FastifyRequest } from 'fastify';

/** What stands in the log for a secret taken out of a URL. */
export const REDACTED = '[redacted]';

/** Query parameters that are secrets: order and subscription link tokens, cart tokens, crumbs, codes. */
const SECRET_QUERY = /([?&](?:token|cartToken|crumb|code|giftCardCode)=)[^&#]*/gi;
/** Path segments that are secrets: download tokens, gift-card codes, coupon codes. */
const SECRET_PATHS = [
  /^(\/downloads\/)[^/?#]+/,
  /^(\/api\/commerce\/gift-cards\/)[^/?#]+/,
  /^(\/api\/commerce\/shopping-cart\/coupons\/)[^/?#]+/,
];

/**
 * A request URL fit for the access log: whoever reads the logs must not be able to open an
 * order, download a file, cancel a subscription or spend a gift card with what they read.
 */
export function redactUrl(url: string): string {
  let out = url.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/** The access log's request fields (Fastify's own, with the URL redacted). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
