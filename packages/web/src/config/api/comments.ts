import type { CommentStatus } from '@storefront/commerce';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentQueue, CommunitySettings } from '../../../../server/src/modules/content/schema';
import { api } from './client';

export type { CommentQueue, CommunitySettings };

export type ModerationComment = CommentQueue['comments'][number];

const PATH = '/api/config/content';

export const commentKeys = {
  all: ['comments'] as const,
  list: (status: CommentStatus, page: number) => [...commentKeys.all, 'list', status, page] as const,
  settings: () => [...commentKeys.all, 'settings'] as const,
};

export const commentQueueQuery = (status: CommentStatus, page: number) =>
  queryOptions({
    queryKey: commentKeys.list(status, page),
    queryFn: () =>
      api<CommentQueue>('GET', `${PATH}/comments?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });

export const communitySettingsQuery = () =>
  queryOptions({
    queryKey: commentKeys.settings(),
    queryFn: () => api<CommunitySettings>('GET', `${PATH}/settings`),
  });

/** Approve, back to the queue, spam, or delete: every list and count changes. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: CommentStatus | 'delete' }) =>
      status === 'delete'
        ? api<void>('DELETE', `${PATH}/comments/${encodeURIComponent(id)}`)
        : api<void>('PATCH', `${PATH}/comments/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }),
  });
}

export function useSaveCommunitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<CommunitySettings>) =>
      api<CommunitySettings>('PATCH', `${PATH}/settings`, change),
    onSuccess: (settings) => queryClient.setQueryData(commentKeys.settings(), settings),
  });
}
