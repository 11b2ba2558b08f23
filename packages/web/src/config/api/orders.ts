import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FulfilBody,
  ORDER_STATUS_FILTERS,
  RefundBody,
} from '../../../../server/src/modules/owner-orders/schema';
import { api, queryString } from './client';

export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The list's filters as the address and the API both spell them. */
export interface OrderFilters {
  status?: OrderStatusFilter;
  from?: string;
  to?: string;
  test?: 'true' | 'false';
  q?: string;
  page?: number;
}

export interface OrderSummary {
  id: string;
  /** '#1001'. */
  number: string;
  created: number;
  email: string;
  status: 'paid' | 'pending' | 'partially_refunded' | 'refunded' | 'cancelled';
  fulfilmentStatus: 'unfulfilled' | 'fulfilled';
  testMode: boolean;
  currency: string;
  grandTotalCents: number;
  amountPaidCents: number;
  refundedCents: number;
}

export interface OrderAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface OrderDetail extends OrderSummary {
  source: string;
  items: {
    itemId: string;
    sku: string;
    productName: string;
    productType: number;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    variantOptions: Record<string, string> | null;
  }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  giftCardCents: number;
  refundableCents: number;
  restocked: boolean;
  couponCodes: string[];
  shippingAddress: OrderAddress | null;
  /** Null when billing is the shipping address. */
  billingAddress: OrderAddress | null;
  phone: string | null;
  note: string | null;
  giftCards: {
    code: string;
    amountCents: number;
    recipientEmail: string | null;
    recipientName: string | null;
    message: string | null;
  }[];
  shippingOption: { id: string; name: string; costCents: number } | null;
  payment: { provider: string; reference: string };
  refunds: {
    id: string;
    amountCents: number;
    restocked: boolean;
    status: 'pending' | 'done';
    reason: string | null;
    by: string | null;
    created: number;
  }[];
  fulfilments: {
    id: string;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    by: string | null;
    created: number;
  }[];
  emails: {
    id: string;
    template: string;
    to: string;
    status: string;
    created: number;
    sent: number | null;
  }[];
  statusUrl: string;
}

export interface OrderList {
  orders: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const PATH = '/api/config/orders';
const orderPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};

/** The filters as a query string (the page is the list's own, not the export's). */
const filterParams = ({ status, from, to, test, q }: OrderFilters) => ({ status, from, to, test, q });

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: () => api<OrderList>('GET', `${PATH}${queryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });

/** The CSV of every order the filters match (all pages). */
export const ordersCsvUrl = (filters: OrderFilters) => `${PATH}.csv${queryString(filterParams(filters))}`;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await api<{ order: OrderDetail }>('GET', orderPath(id))).order,
  });

/** A change to an order answers the order: it replaces the detail, and every list may have moved. */
function useOrderMutation<V>(run: (vars: V) => Promise<{ order: OrderDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async ({ order }) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}

export const useFulfilOrder = (id: string) =>
  useOrderMutation((body: FulfilBody) =>
    api<{ order: OrderDetail }>('POST', `${orderPath(id)}/fulfil`, body),
  );

export const useRefundOrder = (id: string) =>
  useOrderMutation((body: RefundBody) =>
    api<{ order: OrderDetail }>('POST', `${orderPath(id)}/refund`, body),
  );

export function useResendConfirmation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>('POST', `${orderPath(id)}/resend-confirmation`),
    // The queued mail joins the order's email list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}
