import type { RouteObject } from 'react-router';
import { commentQueueQuery, communitySettingsQuery } from '../../../api/comments';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { CommentsScreen, commentFiltersFrom } from './CommentsScreen';

export function commentsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'comments',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'comments.moderate');
      const f = commentFiltersFrom(new URL(request.url).searchParams);
      void queryClient.prefetchQuery(commentQueueQuery(f.status, f.page));
      void queryClient.prefetchQuery(communitySettingsQuery());
      return null;
    },
    element: <CommentsScreen />,
  };
}
