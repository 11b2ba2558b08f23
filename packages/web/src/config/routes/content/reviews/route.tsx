import type { RouteObject } from 'react-router';
import { reviewQueueQuery } from '../../../api/reviews';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { ReviewsScreen, reviewFiltersFrom } from './ReviewsScreen';

export function reviewsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'reviews',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'comments.moderate');
      const f = reviewFiltersFrom(new URL(request.url).searchParams);
      void queryClient.prefetchQuery(reviewQueueQuery(f.status, f.page));
      return null;
    },
    element: <ReviewsScreen />,
  };
}
