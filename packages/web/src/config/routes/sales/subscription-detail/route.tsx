import type { RouteObject } from 'react-router';
import { subscriptionQuery } from '../../../api/subscriptions';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { SubscriptionDrawer } from './SubscriptionDrawer';

/** A subscription's drawer over the list, at /config/subscriptions/:subscriptionId. */
export function subscriptionDetailRoutes({ queryClient, basename }: ScreenContext): RouteObject[] {
  return [
    {
      path: ':subscriptionId',
      loader: async ({ request, params }) => {
        await requirePermission(queryClient, request, basename, 'orders.read');
        void queryClient.prefetchQuery(subscriptionQuery(params.subscriptionId ?? ''));
        return null;
      },
      element: <SubscriptionDrawer />,
    },
  ];
}
