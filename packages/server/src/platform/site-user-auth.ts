import {
  ACCOUNT_MESSAGES,
  REGISTERED_COOKIE,
  REGISTERED_COOKIE_MS,
  SITE_USER_INFO_COOKIE,
  type SiteUserInfo,
} from '@storefront/commerce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  resolveSiteUserSession,
  SITE_USER_SESSION_IDLE_MS,
  type SiteUserView,
} from '../modules/site-users/service.js';
import type { AppServices } from '../services.js';
import { isHttps } from './crumb.js';
import { HttpError } from './errors.js';

/** The shopper's session cookie, apart from the owner's sf_session: HttpOnly, SameSite=Lax. */
export const SITE_USER_SESSION_COOKIE = 'sf_account';
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, once currentSiteUser has looked (null: looked, none). */
    siteUser?: SiteUserView | null;
  }
}

export function siteUserToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SITE_USER_SESSION_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? token : undefined;
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: isHttps(request) };
}

/** Spec §3 SiteUserInfo: readable by the page's scripts (analytics only), unlike the session cookie. */
function setSiteUserInfo(request: FastifyRequest, reply: FastifyReply, info: SiteUserInfo): void {
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify(info), {
    ...cookieOptions(request),
    maxAge: Math.floor(SITE_USER_SESSION_IDLE_MS / 1000),
  });
}

export function setSiteUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  siteUser: SiteUserView,
): void {
  reply.setCookie(SITE_USER_SESSION_COOKIE, token, {
    ...cookieOptions(request),
    httpOnly: true,
    maxAge: Math.floor(SITE_USER_SESSION_IDLE_MS / 1000),
  });
  setSiteUserInfo(request, reply, { authenticated: true, siteUserId: siteUser.id });
  request.siteUser = siteUser;
}

/** The account was just created: the next page's analytics script tells the ad pixels (and clears this). */
export function markRegistered(request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(REGISTERED_COOKIE, '1', {
    ...cookieOptions(request),
    maxAge: Math.floor(REGISTERED_COOKIE_MS / 1000),
  });
}

export function clearSiteUserSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SITE_USER_SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
  setSiteUserInfo(request, reply, { authenticated: false, siteUserId: null });
  request.siteUser = null;
}

/** The signed-in shopper, or null. A session sliding forward sends the cookie again with its new lifetime. */
export async function currentSiteUser(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SiteUserView | null> {
  if (request.siteUser !== undefined) return request.siteUser;
  const token = siteUserToken(request);
  const found = token
    ? await resolveSiteUserSession(await services.context(), services.siteUserSessions, token)
    : null;
  if (token && found?.renewed) setSiteUserSession(request, reply, token, found.siteUser);
  request.siteUser = found?.siteUser ?? null;
  return request.siteUser;
}

/** 401 'Please sign in to your account.' without a signed-in shopper. */
export async function requireSiteUser(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SiteUserView> {
  const siteUser = await currentSiteUser(services, request, reply);
  if (!siteUser) throw new HttpError(401, ACCOUNT_MESSAGES.signInRequired);
  return siteUser;
}
