import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, queryString } from './client';

export interface AuditEntry {
  id: string;
  /** ms since epoch. */
  at: number;
  /** Null for changes made from the command line. */
  contributor: { id: string; email: string } | null;
  action: string;
  target: string;
  detail: Record<string, unknown> | null;
}

interface AuditPage {
  entries: AuditEntry[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: () => [...auditKeys.all, 'list'] as const,
};

export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(),
    queryFn: ({ pageParam }) =>
      api<AuditPage>('GET', `/api/config/audit${queryString({ cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextPageCursor : null),
  });
