import type { RouteObject } from 'react-router';
import { ordersQuery } from '../../../api/orders';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { orderDetailRoutes } from '../order-detail/route';
import { filtersFrom } from './filters';
import { OrdersScreen } from './OrdersScreen';

export function ordersRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'orders',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'orders.read');
      void queryClient.prefetchQuery(ordersQuery(filtersFrom(new URL(request.url).searchParams)));
      return null;
    },
    element: <OrdersScreen />,
    children: orderDetailRoutes({ queryClient, basename }),
  };
}
