import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContentCollection,
  ContentItemView,
  ItemBody,
} from '../../../../server/src/modules/content/schema';
import { api } from './client';

export type { ContentCollection };

export type ContentItem = ContentItemView;

export interface ContentPage {
  items: ContentItem[];
  total: number;
  page: number;
  pageSize: number;
}

const PATH = '/api/config/content';

export const contentKeys = {
  all: ['content'] as const,
  collections: () => [...contentKeys.all, 'collections'] as const,
  list: (collectionId: string, page: number) => [...contentKeys.all, 'list', collectionId, page] as const,
  detail: (id: string) => [...contentKeys.all, 'detail', id] as const,
};

export const contentCollectionsQuery = () =>
  queryOptions({
    queryKey: contentKeys.collections(),
    queryFn: async () =>
      (await api<{ collections: ContentCollection[] }>('GET', `${PATH}/collections`)).collections,
  });

export const contentItemsQuery = (collectionId: string, page: number) =>
  queryOptions({
    queryKey: contentKeys.list(collectionId, page),
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (collectionId) q.set('collectionId', collectionId);
      return api<ContentPage>('GET', `${PATH}/items?${q}`);
    },
    placeholderData: keepPreviousData,
  });

export const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.detail(id),
    queryFn: async () =>
      (await api<{ item: ContentItem }>('GET', `${PATH}/items/${encodeURIComponent(id)}`)).item,
  });

/** Where the owner previews an item as visitors will see it, whatever its status. */
export const previewUrl = (id: string) => `${PATH}/items/${encodeURIComponent(id)}/preview`;

/** A save or delete changes the lists and the item. */
export function useSaveContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: ItemBody }) =>
      (
        await api<{ item: ContentItem }>(
          id ? 'PUT' : 'POST',
          id ? `${PATH}/items/${encodeURIComponent(id)}` : `${PATH}/items`,
          body,
        )
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useRemoveContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `${PATH}/items/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** Names the paywall products that open a whole collection (none: open to everyone). */
export function useSaveCollectionMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, memberProducts }: { id: string; memberProducts: string[] }) =>
      (
        await api<{ collection: ContentCollection }>(
          'PUT',
          `${PATH}/collections/${encodeURIComponent(id)}/members`,
          { memberProducts },
        )
      ).collection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
