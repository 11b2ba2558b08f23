import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { productKeys } from './products';

export interface InventoryRow {
  productId: string;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
}

/** One change: a new stock figure (`qtyInStock`), an adjustment (`adjustBy`) or unlimited on/off. */
export interface InventoryChange {
  sku: string;
  qtyInStock?: number;
  adjustBy?: number;
  unlimited?: boolean;
}

const PATH = '/api/config/inventory';

export const inventoryKeys = {
  all: ['inventory'] as const,
  list: () => [...inventoryKeys.all, 'list'] as const,
};

export const inventoryQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.list(),
    queryFn: async () => (await api<{ variants: InventoryRow[] }>('GET', PATH)).variants,
  });

export function useUpdateInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: InventoryChange[]) => api('PATCH', PATH, { changes }),
    // Stock shows in the product lists too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
