import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaAsset, MediaPage } from '../../../../server/src/modules/media/schema';
import { api } from './client';
import { productKeys } from './products';

export type { MediaAsset, MediaPage };

export type FocalPoint = MediaAsset['focalPoint'];

const PATH = '/api/config/media';

export const mediaKeys = {
  all: ['media'] as const,
  library: () => [...mediaKeys.all, 'library'] as const,
  page: (page: number) => [...mediaKeys.all, 'page', page] as const,
};

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await api<{ asset: MediaAsset }>('POST', PATH, body)).asset;
    },
  });
}

/** Only what changed is sent: alt text, focal point, or both. */
export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...patch }: { id: string; altText?: string; focalPoint?: FocalPoint }) =>
      (await api<{ asset: MediaAsset }>('PATCH', `${PATH}/${encodeURIComponent(id)}`, patch)).asset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/** One page of the image library, newest first (the Media screen). */
export const mediaPageQuery = (page: number) =>
  queryOptions({
    queryKey: mediaKeys.page(page),
    queryFn: () => api<MediaPage>('GET', `${PATH}?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** Deletes an image no product shows; one in use answers 409 naming the products. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `${PATH}/${encodeURIComponent(id)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

/**
 * The newest page of the image library: where the editor finds its images' focal points (the
 * product answers their URLs and alt text only).
 */
export const mediaLibraryQuery = () =>
  queryOptions({
    queryKey: mediaKeys.library(),
    queryFn: async () => (await api<{ assets: MediaAsset[] }>('GET', `${PATH}?page=1`)).assets,
  });
