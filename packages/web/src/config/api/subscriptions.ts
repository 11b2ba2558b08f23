import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SUBSCRIPTION_STATUSES } from '../../../../server/src/modules/owner-subscriptions/schema';
import { api, queryString } from './client';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionFilters {
  status?: SubscriptionStatus;
  q?: string;
  page?: number;
}

export interface SubscriptionSummary {
  id: string;
  orderId: string;
  status: SubscriptionStatus;
  email: string;
  productName: string;
  sku: string;
  quantity: number;
  currency: string;
  planText: string;
  cyclesBilled: number;
  cyclesLeft: number | null;
  nextBillingDate: string | null;
  nextBillingDateText: string | null;
  created: number | string;
  cancelled: number | string | null;
  failedAttempts: number;
  lastError: string | null;
}

export interface SubscriptionDetail extends SubscriptionSummary {
  renewals: {
    orderId: string;
    /** '#1001'. */
    orderNumber: string;
    created: number;
    status: string;
    grandTotalCents: number;
    amountPaidCents: number;
    currency: string;
  }[];
}

export interface SubscriptionList {
  subscriptions: SubscriptionSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const PATH = '/api/config/subscriptions';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (filters: SubscriptionFilters) => [...subscriptionKeys.lists(), filters] as const,
  detail: (id: string) => [...subscriptionKeys.all, 'detail', id] as const,
};

export const subscriptionsQuery = (filters: SubscriptionFilters) =>
  queryOptions({
    queryKey: subscriptionKeys.list(filters),
    queryFn: () => api<SubscriptionList>('GET', `${PATH}${queryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });

export const subscriptionQuery = (id: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: async () =>
      (await api<{ subscription: SubscriptionDetail }>('GET', `${PATH}/${encodeURIComponent(id)}`))
        .subscription,
  });

export function useCancelSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ subscription: SubscriptionDetail }>('POST', `${PATH}/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
