import { queryOptions, useMutation } from '@tanstack/react-query';
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
  detail: (id: string) => [...mediaKeys.all, id] as const,
};

export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await api<{ asset: MediaAsset }>('POST', PATH, body)).asset;
    },
  });
}

export function useUpdateMedia() {
  return useMutation({
    mutationFn: async ({
      id,
      altText,
      focalPoint,
    }: {
      id: string;
      altText: string;
      focalPoint: FocalPoint;
    }) =>
      (
        await api<{ asset: MediaAsset }>('PATCH', `${PATH}/${encodeURIComponent(id)}`, {
          altText,
          focalPoint,
        })
      ).asset,
  });
}

/** One uploaded image (its alt text and focal point), for the editor. */
export const mediaQuery = (id: string) =>
  queryOptions({
    queryKey: mediaKeys.detail(id),
    queryFn: async () => (await api<{ asset: MediaAsset }>('GET', `${PATH}/${encodeURIComponent(id)}`)).asset,
  });
