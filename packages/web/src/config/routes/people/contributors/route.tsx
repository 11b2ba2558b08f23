import type { RouteObject } from 'react-router';
import { contributorsQuery } from '../../../api/contributors';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { ContributorsScreen } from './ContributorsScreen';
import { InviteDrawer } from './InviteDrawer';

export function contributorsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'contributors',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'contributors.manage');
      void queryClient.prefetchQuery(contributorsQuery());
      return null;
    },
    element: <ContributorsScreen />,
    children: [{ path: 'invite', element: <InviteDrawer /> }],
  };
}
