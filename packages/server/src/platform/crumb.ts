import crypto from 'node:crypto';
import { MESSAGES } from '@storefront/commerce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { newToken } from './ids.js';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

/** Random part of a crumb (bytes): the visitor's nonce. */
const NONCE_BYTES = 16;
/** Hex characters of the HMAC kept in a crumb: 128 bits cannot be guessed. */
const MAC_HEX_LENGTH = 32;
const CRUMB_PATTERN = new RegExp(`^[0-9a-f]{${NONCE_BYTES * 2}}\\.[0-9a-f]{${MAC_HEX_LENGTH}}$`);
/** Keeps crumb MACs apart from anything else the secret may ever sign. */
const MAC_PURPOSE = 'crumb:';

/** Whether the request reached us over HTTPS, directly or through a trusted proxy (TRUST_PROXY). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export interface Crumbs {
  /** A new crumb: a random nonce and its signature. */
  issue(): string;
  /** The crumb of this request: the cookie's when the server signed it, or a new one set on the reply. */
  ensure(request: FastifyRequest, reply: FastifyReply): string;
  /** `ensure` for a request's crumb cookie: the crumb, and the `Set-Cookie` value when it is new. */
  forCookie(cookie: unknown, https: () => boolean): { crumb: string; setCookie: string | null };
  /**
   * Check of every mutating call: the crumb cookie must carry our signature and come back, equal,
   * as the X-CSRF-Token header, the `crumb` form field or the `crumb` query parameter (double
   * submit). A cookie someone planted without the server's secret is refused.
   */
  check(request: FastifyRequest): void;
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function createCrumbs(secret: string): Crumbs {
  const key = crypto.createSecretKey(Buffer.from(secret));
  const mac = (nonce: string) =>
    crypto
      .createHmac('sha256', key)
      .update(MAC_PURPOSE + nonce)
      .digest('hex')
      .slice(0, MAC_HEX_LENGTH);
  const signed = (value: unknown): value is string => {
    if (typeof value !== 'string' || !CRUMB_PATTERN.test(value)) return false;
    const [nonce, sent] = value.split('.');
    return equal(mac(nonce), sent);
  };
  const issue = () => {
    const nonce = newToken(NONCE_BYTES);
    return `${nonce}.${mac(nonce)}`;
  };
  const forCookie = (cookie: unknown, https: () => boolean) => {
    if (signed(cookie)) return { crumb: cookie, setCookie: null };
    const crumb = issue();
    // Written as is: the crumb is hex and a dot, so the cookie library's checks and encoding
    // (a few percent of a cached page's CPU) have nothing to do. Readable by the page's script.
    return { crumb, setCookie: `${CRUMB_COOKIE}=${crumb}; Path=/; SameSite=Lax${https() ? '; Secure' : ''}` };
  };
  return {
    issue,
    forCookie,
    ensure(request, reply) {
      const { crumb, setCookie } = forCookie(request.cookies[CRUMB_COOKIE], () => isHttps(request));
      if (setCookie !== null) reply.header('set-cookie', setCookie);
      return crumb;
    },
    check(request) {
      const cookie = request.cookies[CRUMB_COOKIE];
      const header = request.headers[CRUMB_HEADER];
      const query = (request.query as Record<string, unknown> | undefined)?.crumb;
      const body = request.body as Record<string, unknown> | undefined;
      const field = body && typeof body === 'object' ? body.crumb : undefined;
      const sent = [header, query, field].find((v) => typeof v === 'string' && v.length > 0);
      if (!signed(cookie) || typeof sent !== 'string' || !equal(sent, cookie)) {
        throw new HttpError(403, MESSAGES.sessionExpired);
      }
    },
  };
}
