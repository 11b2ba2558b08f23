import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestockSendBody } from '../../../../server/src/modules/owner-restock/schema';
import { api, queryString } from './client';

/** One variant's waitlist, as the groups page lists it. */
export interface SignUpGroup {
  productId: string;
  variantId: string;
  sku: string;
  productName: string;
  variantText: string;
  waitingCount: number;
  notifiedCount: number;
  inStock: boolean;
}

export interface SignUp {
  id: string;
  email: string;
  isJoinMailingList: boolean;
  language: string;
  created: number;
  notified: boolean | number | null;
}

interface Paged {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const PATH = '/api/site-users/account/notifications/restock';

export const restockKeys = {
  all: ['restock'] as const,
  groups: () => [...restockKeys.all, 'groups'] as const,
  signups: (productId: string, variantId: string) =>
    [...restockKeys.all, 'signups', productId, variantId] as const,
};

export const restockGroupsQuery = () =>
  infiniteQueryOptions({
    queryKey: restockKeys.groups(),
    queryFn: ({ pageParam }) =>
      api<Paged & { signUpGroups: SignUpGroup[] }>(
        'GET',
        `${PATH}/groups${queryString({ cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextPageCursor : null),
  });

export const restockSignupsQuery = (productId: string, variantId: string) =>
  infiniteQueryOptions({
    queryKey: restockKeys.signups(productId, variantId),
    queryFn: ({ pageParam }) =>
      api<Paged & { signUps: SignUp[] }>(
        'GET',
        `${PATH}${queryString({ productId, variantId, cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextPageCursor : null),
  });

/** Sends to one variant's waitlist, or to several at once; every count changes. */
export function useSendRestock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requests: RestockSendBody[]) =>
      requests.length === 1
        ? (await api<{ sent: number }>('POST', `${PATH}/send`, requests[0])).sent
        : (await api<{ sent: number }>('POST', `${PATH}/send/all`, { sendRequests: requests })).sent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restockKeys.all }),
  });
}
