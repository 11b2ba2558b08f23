import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../../platform/crumb.js';

/** The site password's cookie (spec §2 lock screen): the visitor entered it. */
export const SITE_ACCESS_COOKIE = 'sfSiteAccess';
/** The page passwords' cookie (spec §2 protected content): the pages the visitor unlocked. */
export const PAGE_ACCESS_COOKIE = 'sfPageAccess';
/** How long an entered password is remembered: a browsing session's worth, two weeks at most. */
const ACCESS_MAX_AGE_S = 14 * 24 * 60 * 60;
/** Pages one browser keeps unlocked at once; the oldest is forgotten past it. */
export const MAX_UNLOCKED_PAGES = 20;
/** Hex characters of a kept HMAC: 128 bits cannot be guessed. */
const MAC_HEX_LENGTH = 32;
const ITEM_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const ACCESS_MESSAGES = {
  incorrect: 'Incorrect password. Please try again.',
  required: 'Enter the password.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Signed proofs that a visitor entered a password. Each MAC covers the password's hash (with its
 * random salt), so a new password shuts out every browser that knew the old one.
 */
export function createAccess(secret: string) {
  const key = crypto.createSecretKey(Buffer.from(secret));
  const mac = (purpose: string, subject: string, passwordHash: string) =>
    crypto
      .createHmac('sha256', key)
      .update(`${purpose}\n${subject}\n${passwordHash}`)
      .digest('hex')
      .slice(0, MAC_HEX_LENGTH);
  const setCookie = (request: FastifyRequest, reply: FastifyReply, name: string, value: string) =>
    reply.setCookie(name, value, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: isHttps(request),
      maxAge: ACCESS_MAX_AGE_S,
    });
  /** The page cookie's entries: `itemId.mac`, joined by '~'. */
  const pageEntries = (request: FastifyRequest) =>
    (request.cookies[PAGE_ACCESS_COOKIE] ?? '')
      .split('~')
      .map((e) => e.split('.'))
      .filter((e): e is [string, string] => e.length === 2 && ITEM_ID_RE.test(e[0]));
  return {
    /** The visitor may see the site: it has no password, or the cookie proves the current one. */
    siteOpen(request: FastifyRequest, websiteId: string, passwordHash: string | null): boolean {
      if (!passwordHash) return true;
      const sent = request.cookies[SITE_ACCESS_COOKIE];
      return typeof sent === 'string' && equal(sent, mac('site', websiteId, passwordHash));
    },
    grantSite(request: FastifyRequest, reply: FastifyReply, websiteId: string, passwordHash: string) {
      setCookie(request, reply, SITE_ACCESS_COOKIE, mac('site', websiteId, passwordHash));
    },
    /** The visitor may see the page: it has no password, or the cookie proves the current one. */
    pageOpen(request: FastifyRequest, itemId: string, passwordHash: string | null): boolean {
      if (!passwordHash) return true;
      const expected = mac('page', itemId, passwordHash);
      return pageEntries(request).some(([id, sent]) => id === itemId && equal(sent, expected));
    },
    grantPage(request: FastifyRequest, reply: FastifyReply, itemId: string, passwordHash: string) {
      const kept = pageEntries(request)
        .filter(([id]) => id !== itemId)
        .slice(-(MAX_UNLOCKED_PAGES - 1));
      const entries = [...kept, [itemId, mac('page', itemId, passwordHash)]];
      setCookie(request, reply, PAGE_ACCESS_COOKIE, entries.map((e) => e.join('.')).join('~'));
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
