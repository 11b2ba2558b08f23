import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from './client';
import { inventoryKeys } from './inventory';

export type StockFilter = 'in' | 'low' | 'out';

export interface ProductFilters {
  search?: string;
  type?: number;
  stock?: StockFilter;
  page?: number;
}

export interface ProductSummary {
  id: string;
  name: string;
  productType: number;
  published: boolean;
  urlSlug?: string;
  /** Lowest variant price, minor units. */
  priceCents?: number | null;
  /** Units in stock over all variants; null when any variant is unlimited. */
  stock?: number | null;
  imageUrl?: string | null;
}

export interface ProductList {
  products: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const PATH = '/api/config/products';

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

export const productsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: () => api<ProductList>('GET', `${PATH}${queryString({ ...filters })}`),
    // Paging and filtering keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export const productQuery = <P>(id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async () => (await api<{ product: P }>('GET', `${PATH}/${encodeURIComponent(id)}`)).product,
  });

/** Saving a product changes its detail, every product list and the inventory. */
function useProductMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
      ]);
    },
  });
}

export const useCreateProduct = <P>() =>
  useProductMutation((payload: unknown) => api<{ product: P }>('POST', PATH, payload));

export const useUpdateProduct = <P>() =>
  useProductMutation(({ id, payload }: { id: string; payload: unknown }) =>
    api<{ product: P }>('PUT', `${PATH}/${encodeURIComponent(id)}`, payload),
  );

export const usePublishProduct = () =>
  useProductMutation(({ id, published }: { id: string; published: boolean }) =>
    api('POST', `${PATH}/${encodeURIComponent(id)}/${published ? 'publish' : 'unpublish'}`),
  );
