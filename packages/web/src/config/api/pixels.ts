import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PixelSettingsBody, pixelSettingsReply } from '../../../../server/src/modules/analytics/schema';
import { api } from './client';

/** The merchant's ad-pixel ids; null where none is set. */
export type PixelSettings = z.output<typeof pixelSettingsReply>;

const PATH = '/api/config/analytics/pixels';

export const pixelsKeys = { all: ['ad-pixels'] as const };

export const pixelsQuery = () =>
  queryOptions({
    queryKey: pixelsKeys.all,
    queryFn: () => api<PixelSettings>('GET', PATH),
  });

export function useSavePixels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixelSettingsBody) => api<PixelSettings>('PATCH', PATH, body),
    onSuccess: (settings) => queryClient.setQueryData(pixelsKeys.all, settings),
  });
}
