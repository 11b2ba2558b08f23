import type { RouteObject } from 'react-router';
import { inventoryQuery } from '../../../api/inventory';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { InventoryScreen } from './InventoryScreen';

export function inventoryRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'inventory',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'products.read');
      void queryClient.prefetchQuery(inventoryQuery());
      return null;
    },
    element: <InventoryScreen />,
  };
}
