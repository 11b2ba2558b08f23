import { can, OWNER_MESSAGES, type Permission } from '@storefront/commerce';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../config.js';
import {
  type ContributorView,
  type OwnerContext,
  resolveSession,
  SESSION_IDLE_MS,
} from '../modules/contributors/service.js';
import { sitePublicUrl } from '../modules/site/service.js';
import type { AppServices, SiteContext } from '../services.js';
import { isHttps } from './crumb.js';
import { HttpError } from './errors.js';

/** The owner's session cookie: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS. */
export const SESSION_COOKIE = 'sf_session';
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** The signed-in contributor of an owner request. */
export type OwnerContributor = ContributorView;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePermission / requireSession once the session is checked. */
    contributor?: OwnerContributor;
  }
}

/** The database and the time: what the install-wide owner services need (no website). */
export function ownerContext(services: AppServices): OwnerContext {
  return { db: services.database.db, clock: services.clock };
}

/** Where one-time links point: PUBLIC_URL, or this server on localhost (never the request's Host, which a caller chooses). */
export function ownerBaseUrl(config: AppConfig): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Where links in a shopper's mail point: the owner's public address setting, else ownerBaseUrl. */
export function siteBaseUrl(ctx: SiteContext, config: AppConfig): string {
  return sitePublicUrl(ctx.site, config.publicUrl) ?? ownerBaseUrl(config);
}

/** The session token the request presents, when it is shaped like one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? token : undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

/**
 * The signed-in contributor, or null (no cookie, unknown or expired session, removed
 * contributor). When the session slides forward, the cookie is sent again with the new lifetime.
 */
export async function currentContributor(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<OwnerContributor | null> {
  if (request.contributor) return request.contributor;
  const token = sessionToken(request);
  if (!token) return null;
  const found = await resolveSession(ownerContext(services), services.ownerSessions, token);
  if (!found) return null;
  if (found.renewed) setSessionCookie(request, reply, token);
  request.contributor = found.contributor;
  return found.contributor;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function authorize(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  permission?: Permission,
): Promise<void> {
  const contributor = await currentContributor(services, request, reply);
  if (!contributor) throw new HttpError(401, OWNER_MESSAGES.signInRequired);
  if (!SAFE_METHODS.has(request.method)) services.crumbs.check(request);
  if (permission && !can(contributor.role, permission)) throw new HttpError(403, OWNER_MESSAGES.forbidden);
}

/** 401 'Please sign in.' without a session; on every non-GET the crumb must match (403). */
export function requireSession(services: AppServices): preHandlerAsyncHookHandler {
  return async (request, reply) => authorize(services, request, reply);
}

/**
 * Guards an owner API: 401 'Please sign in.' without a valid session, 403 'You do not have
 * permission to do that.' when the contributor's role lacks `permission` (docs/roles.md), and
 * the crumb check (403) on every non-GET. Sets `request.contributor`.
 */
export function requirePermission(services: AppServices, permission: Permission): preHandlerAsyncHookHandler {
  return async (request, reply) => authorize(services, request, reply, permission);
}
