import type { RouteObject } from 'react-router';
import { collectionsQuery, productQuery } from '../../../api/products';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { ProductEditor } from './ProductEditor';

/** The editor opens over the products list, at /config/products/new and /config/products/:productId. */
export function editorRoutes({ queryClient, basename }: ScreenContext): RouteObject[] {
  return [
    {
      path: 'new',
      loader: async ({ request }) => {
        await requirePermission(queryClient, request, basename, 'products.write');
        void queryClient.prefetchQuery(collectionsQuery());
        return null;
      },
      element: <ProductEditor />,
    },
    {
      path: ':productId',
      loader: async ({ request, params }) => {
        await requirePermission(queryClient, request, basename, 'products.read');
        void queryClient.prefetchQuery(productQuery(params.productId ?? ''));
        return null;
      },
      element: <ProductEditor />,
    },
  ];
}
