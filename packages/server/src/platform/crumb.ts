import { MESSAGES } from '@storefront/commerce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { newToken } from './ids.js';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

/** The crumb of this request: the cookie's, or a new one set on the reply. */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
  const crumb = newToken(16);
  reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  return crumb;
}

/**
 * Double-submit check for every mutating call: the crumb cookie must come back as the
 * `crumb` query parameter, a `crumb` form field or the X-CSRF-Token header.
 */
export function checkCrumb(request: FastifyRequest): void {
  const cookie = request.cookies[CRUMB_COOKIE];
  const header = request.headers[CRUMB_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.crumb;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body.crumb : undefined;
  const sent = [header, query, field].find((v) => typeof v === 'string' && v.length > 0);
  if (!cookie || typeof sent !== 'string' || sent !== cookie) {
    throw new HttpError(403, MESSAGES.sessionExpired);
  }
}
