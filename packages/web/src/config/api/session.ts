import type { Permission } from '@storefront/commerce';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, api, UNAUTHORIZED } from './client';

export type { Permission };

export interface Contributor {
  id: string;
  email: string;
  name: string;
  role: number;
  roleName: string;
  permissions: Permission[];
}

interface SessionResponse {
  contributor: Contributor;
}

export const SESSION_PATH = '/api/config/session';

export const sessionKeys = {
  all: ['session'] as const,
};

/** The signed-in contributor, or null when signed out. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: async (): Promise<Contributor | null> => {
      try {
        return (await api<SessionResponse>('GET', SESSION_PATH)).contributor;
      } catch (err) {
        if (err instanceof ApiError && err.status === UNAUTHORIZED) return null;
        throw err;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export async function signIn(email: string, password: string): Promise<Contributor> {
  return (await api<SessionResponse>('POST', SESSION_PATH, { email, password })).contributor;
}

export function signOut(): Promise<void> {
  return api<void>('DELETE', SESSION_PATH);
}

export function requestPasswordReset(email: string): Promise<void> {
  return api<void>('POST', '/api/config/password-reset', { email });
}

export function setPassword(token: string, password: string): Promise<unknown> {
  return api('POST', '/api/config/password', { token, password });
}

export function can(contributor: Contributor | null | undefined, permission: Permission | null): boolean {
  if (permission === null) return true;
  return contributor?.permissions.includes(permission) ?? false;
}

/** The cached contributor (the shell's loader has fetched it before any screen renders). */
export function cachedContributor(queryClient: QueryClient): Contributor | null {
  return queryClient.getQueryData(sessionKeys.all) ?? null;
}
