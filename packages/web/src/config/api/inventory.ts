import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { productKeys } from './products';

export interface InventoryRow {
  productId: string;
  productName: string;
  productType: number;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  level: 'in' | 'low' | 'out';
  /** False for types whose stock is always unlimited (digital, gift card). */
  editable: boolean;
}

/**
 * One variant's change: `set` a count, `adjust` by a signed amount, or make it `unlimited` (true);
 * counted again is `unlimited: false` with `set`.
 */
export interface InventoryChange {
  sku: string;
  set?: number;
  adjust?: number;
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
