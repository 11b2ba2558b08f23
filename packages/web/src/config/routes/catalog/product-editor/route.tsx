import type { RouteObject } from 'react-router';
import { collectionsQuery, productQuery } from '../../../api/products';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';

/** The editor (and the server's product schema it validates with) loads when first opened. */
const lazyEditor = async () => ({ Component: (await import('./ProductEditor')).ProductEditor });

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
      lazy: lazyEditor,
    },
    {
      path: ':productId',
      loader: async ({ request, params }) => {
        await requirePermission(queryClient, request, basename, 'products.read');
        void queryClient.prefetchQuery(productQuery(params.productId ?? ''));
        return null;
      },
      lazy: lazyEditor,
    },
  ];
}
