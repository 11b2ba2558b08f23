import type { RouteObject } from 'react-router';
import { analyticsQuery } from '../../../api/analytics';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { AnalyticsScreen, rangeFrom } from './AnalyticsScreen';

export function analyticsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'analytics',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'analytics.read');
      void queryClient.prefetchQuery(analyticsQuery(rangeFrom(new URL(request.url).searchParams)));
      return null;
    },
    element: <AnalyticsScreen />,
  };
}
