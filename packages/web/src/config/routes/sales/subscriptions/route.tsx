import type { RouteObject } from 'react-router';
import { subscriptionsQuery } from '../../../api/subscriptions';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { subscriptionDetailRoutes } from '../subscription-detail/route';
import { SubscriptionsScreen, subscriptionFiltersFrom } from './SubscriptionsScreen';

export function subscriptionsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'subscriptions',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'orders.read');
      void queryClient.prefetchQuery(
        subscriptionsQuery(subscriptionFiltersFrom(new URL(request.url).searchParams)),
      );
      return null;
    },
    element: <SubscriptionsScreen />,
    children: subscriptionDetailRoutes({ queryClient, basename }),
  };
}
