import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductEditorInput } from '../../../../server/src/modules/owner-catalog/schema';
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
  urlSlug: string;
  /** The product page's address on the storefront. */
  fullUrl: string;
  published: boolean;
  thumbnailUrl: string | null;
  skus: string[];
  /** Lowest variant price, minor units. */
  priceCents: number | null;
  /** Units in stock over all variants (null when any variant is unlimited) and how that reads. */
  stock: { level: StockFilter; total: number | null };
  updatedAt: number;
}

/** A product as the editor loads it: its payload plus what the editor shows beside it. */
export type ProductDetail = ProductEditorInput & {
  id: string;
  published: boolean;
  fullUrl: string;
  digitalFile: DigitalFile | null;
  /** Other products whose additional-fields form is this one's. */
  formSharedWith: string[];
  imagePreviews: { mediaId: string | null; url: string; thumbnailUrl: string; altText: string }[];
};

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

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async () =>
      (await api<{ product: ProductDetail }>('GET', `${PATH}/${encodeURIComponent(id)}`)).product,
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

export const useCreateProduct = () =>
  useProductMutation((payload: ProductEditorInput) => api<{ product: ProductDetail }>('POST', PATH, payload));

export const useUpdateProduct = () =>
  useProductMutation(({ id, payload }: { id: string; payload: ProductEditorInput }) =>
    api<{ product: ProductDetail }>('PUT', `${PATH}/${encodeURIComponent(id)}`, payload),
  );

export const usePublishProduct = () =>
  useProductMutation(({ id, published }: { id: string; published: boolean }) =>
    api('POST', `${PATH}/${encodeURIComponent(id)}/${published ? 'publish' : 'unpublish'}`),
  );

/** Erases a never-sold product; a sold one answers 409 with what to do instead. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `${PATH}/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
      ]);
    },
  });
}

export interface ProductCollection {
  id: string;
  title: string;
  fullUrl: string;
}

export const collectionKeys = {
  all: ['collections'] as const,
};

/** The store's product collections, where a new product can be placed. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: collectionKeys.all,
    queryFn: async () =>
      (await api<{ collections: ProductCollection[] }>('GET', '/api/config/collections')).collections,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A digital product's file, delivered to buyers by their download links. */
export interface DigitalFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export function useUploadDigitalFile(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await api<{ file: DigitalFile }>('POST', `${PATH}/${encodeURIComponent(productId)}/file`, body))
        .file;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  });
}
