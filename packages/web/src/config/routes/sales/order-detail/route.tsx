import type { RouteObject } from 'react-router';
import { orderQuery } from '../../../api/orders';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { OrderDrawer } from './OrderDrawer';

/** An order's drawer over the orders list, at /config/orders/:orderId. */
export function orderDetailRoutes({ queryClient, basename }: ScreenContext): RouteObject[] {
  return [
    {
      path: ':orderId',
      loader: async ({ request, params }) => {
        await requirePermission(queryClient, request, basename, 'orders.read');
        void queryClient.prefetchQuery(orderQuery(params.orderId ?? ''));
        return null;
      },
      element: <OrderDrawer />,
    },
  ];
}
