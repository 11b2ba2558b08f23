import type { ReviewSource, ReviewStatus } from '@storefront/commerce';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface ModerationReview {
  id: string;
  productId: string;
  productName: string;
  productUrl: string;
  source: ReviewSource;
  verifiedBuyer: boolean;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  status: ReviewStatus;
  createdAt: number;
}

export interface ReviewQueue {
  reviews: ModerationReview[];
  counts: Record<ReviewStatus, number>;
  page: number;
  pageSize: number;
  total: number;
}

export interface ReviewSettings {
  requestDelayDays: number;
}

const PATH = '/api/config/reviews';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (status: ReviewStatus, page: number) => [...reviewKeys.all, 'list', status, page] as const,
  settings: () => [...reviewKeys.all, 'settings'] as const,
};

export const reviewQueueQuery = (status: ReviewStatus, page: number) =>
  queryOptions({
    queryKey: reviewKeys.list(status, page),
    queryFn: () => api<ReviewQueue>('GET', `${PATH}?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });

export const reviewSettingsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.settings(),
    queryFn: () => api<ReviewSettings>('GET', `${PATH}/settings`),
  });

/** Approve, reject or back to waiting: every list and count changes. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReviewStatus }) =>
      api<{ ok: true }>('PATCH', `${PATH}/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useImportReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; approve: boolean }) =>
      api<{ imported: number; unchanged: number }>('POST', `${PATH}/import`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) => api<ReviewSettings>('PATCH', `${PATH}/settings`, settings),
    onSuccess: (settings) => queryClient.setQueryData(reviewKeys.settings(), settings),
  });
}
