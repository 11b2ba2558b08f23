import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { FORBIDDEN } from '../api/client';
import { type Contributor, can, type Permission, sessionQuery } from '../api/session';

/** Where a signed-out visitor goes: the sign-in, remembering the address they asked for. */
export function signInPath(next: string): string {
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}

/** The address inside the area, without its base (`/config/products?page=2` → `/products?page=2`). */
export function areaPath(url: URL, basename: string): string {
  const path = url.pathname.startsWith(basename) ? url.pathname.slice(basename.length) : url.pathname;
  return `${path || '/'}${url.search}`;
}

/** Only an address inside the area is followed after sign-in (never another site). */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** The signed-in contributor, or a redirect to the sign-in. */
export async function requireSession(
  queryClient: QueryClient,
  request: Request,
  basename: string,
): Promise<Contributor> {
  const contributor = await queryClient.ensureQueryData(sessionQuery());
  if (!contributor) throw redirect(signInPath(areaPath(new URL(request.url), basename)));
  return contributor;
}

/** A screen's guard: the same permission the server checks, so a link typed by hand shows why it is closed. */
export async function requirePermission(
  queryClient: QueryClient,
  request: Request,
  basename: string,
  permission: Permission,
): Promise<Contributor> {
  const contributor = await requireSession(queryClient, request, basename);
  if (!can(contributor, permission)) throw new Response(null, { status: FORBIDDEN });
  return contributor;
}
