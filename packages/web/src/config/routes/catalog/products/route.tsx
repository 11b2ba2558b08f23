import type { RouteObject } from 'react-router';
import { productsQuery } from '../../../api/products';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { editorRoutes } from '../product-editor/route';
import { filtersFrom, ProductsScreen } from './ProductsScreen';

export function productsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'products',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'products.read');
      // Started here, shown by the screen (with a skeleton until it arrives).
      void queryClient.prefetchQuery(productsQuery(filtersFrom(new URL(request.url).searchParams)));
      return null;
    },
    element: <ProductsScreen />,
    children: editorRoutes({ queryClient, basename }),
  };
}
