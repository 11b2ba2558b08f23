import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, queryString } from './client';

export interface AuditEntry {
  id: string;
  at: string;
  contributorId: string | null;
  contributorName?: string | null;
  contributorEmail?: string | null;
  action: string;
  target: string;
  detail?: unknown;
}

interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
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
    getNextPageParam: (last) => last.nextCursor,
  });
