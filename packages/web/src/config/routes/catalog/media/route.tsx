import type { RouteObject } from 'react-router';
import { mediaPageQuery } from '../../../api/media';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { MediaScreen, mediaPageOf } from './MediaScreen';

export function mediaRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'media',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'products.read');
      void queryClient.prefetchQuery(mediaPageQuery(mediaPageOf(new URL(request.url).searchParams)));
      return null;
    },
    element: <MediaScreen />,
  };
}
