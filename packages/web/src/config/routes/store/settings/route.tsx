import type { RouteObject } from 'react-router';
import { settingsQuery } from '../../../api/settings';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { SettingsScreen } from './SettingsScreen';

export function settingsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'settings',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'settings.read');
      void queryClient.prefetchQuery(settingsQuery());
      return null;
    },
    element: <SettingsScreen />,
  };
}
