import type { RouteObject } from 'react-router';
import { pixelsQuery } from '../../../api/pixels';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { AdPixelsScreen } from './AdPixelsScreen';

export function adPixelsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'ad-pixels',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'settings.read');
      void queryClient.prefetchQuery(pixelsQuery());
      return null;
    },
    element: <AdPixelsScreen />,
  };
}
