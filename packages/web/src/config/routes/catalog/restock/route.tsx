import type { RouteObject } from 'react-router';
import { restockGroupsQuery, restockSignupsQuery } from '../../../api/restock';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { SignupsDrawer } from '../restock-signups/SignupsDrawer';
import { RestockScreen } from './RestockScreen';

export function restockRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'restock',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'restock.manage');
      void queryClient.prefetchInfiniteQuery(restockGroupsQuery());
      return null;
    },
    element: <RestockScreen />,
    children: [
      {
        path: ':productId/:variantId',
        loader: async ({ request, params }) => {
          await requirePermission(queryClient, request, basename, 'restock.manage');
          void queryClient.prefetchInfiniteQuery(
            restockSignupsQuery(params.productId ?? '', params.variantId ?? ''),
          );
          return null;
        },
        element: <SignupsDrawer />,
      },
    ],
  };
}
