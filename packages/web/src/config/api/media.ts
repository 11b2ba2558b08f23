import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface FocalPoint {
  x: number;
  y: number;
}

export interface MediaAsset {
  id: string;
  url: string;
  altText: string;
  focalPoint: FocalPoint;
  width: number;
  height: number;
  variants: Record<string, string>;
}

const PATH = '/api/config/media';

export const mediaKeys = {
  all: ['media'] as const,
  library: () => [...mediaKeys.all, 'library'] as const,
};

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.library() }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.library() }),
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
