import type { RouteObject } from 'react-router';
import { contentCollectionsQuery, contentItemQuery, contentItemsQuery } from '../../../api/content';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { filtersFrom, ItemsScreen } from './ItemsScreen';

/** The editor (with the rich-text library) loads when first opened. */
const lazyEditor = async () => ({ Component: (await import('../item-editor/ItemEditor')).ItemEditor });

export function contentRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'content',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'content.read');
      const f = filtersFrom(new URL(request.url).searchParams);
      void queryClient.prefetchQuery(contentItemsQuery(f.collectionId, f.page));
      void queryClient.prefetchQuery(contentCollectionsQuery());
      return null;
    },
    element: <ItemsScreen />,
    children: [
      {
        path: 'new',
        loader: async ({ request }) => {
          await requirePermission(queryClient, request, basename, 'drafts.write');
          return null;
        },
        lazy: lazyEditor,
      },
      {
        path: ':itemId',
        loader: async ({ request, params }) => {
          await requirePermission(queryClient, request, basename, 'content.read');
          void queryClient.prefetchQuery(contentItemQuery(params.itemId ?? ''));
          return null;
        },
        lazy: lazyEditor,
      },
    ],
  };
}
