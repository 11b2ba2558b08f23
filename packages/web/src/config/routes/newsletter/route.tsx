import type { RouteObject } from 'react-router';
import { campaignQuery, campaignsQuery, mailingListsQuery } from '../../api/newsletter';
import type { ScreenContext } from '../../router';
import { requirePermission } from '../guards';
import { CampaignEditor } from './campaign-editor/CampaignEditor';
import { CampaignsScreen } from './campaigns/CampaignsScreen';
import { ListsScreen } from './lists/ListsScreen';
import { SubscribersScreen } from './subscribers/SubscribersScreen';

/** Mailing lists and their subscribers at /config/newsletter; campaigns at /config/campaigns. */
export function newsletterRoutes({ queryClient, basename }: ScreenContext): RouteObject[] {
  const guard = async ({ request }: { request: Request }) => {
    await requirePermission(queryClient, request, basename, 'campaigns.write');
    return null;
  };
  return [
    {
      path: 'newsletter',
      children: [
        {
          index: true,
          loader: async (args) => {
            await guard(args);
            void queryClient.prefetchQuery(mailingListsQuery());
            return null;
          },
          element: <ListsScreen />,
        },
        { path: 'lists/:listId', loader: guard, element: <SubscribersScreen /> },
      ],
    },
    {
      path: 'campaigns',
      children: [
        {
          index: true,
          loader: async (args) => {
            await guard(args);
            void queryClient.prefetchQuery(campaignsQuery());
            return null;
          },
          element: <CampaignsScreen />,
        },
        { path: 'new', loader: guard, element: <CampaignEditor /> },
        {
          path: ':campaignId',
          loader: async (args) => {
            await guard(args);
            void queryClient.prefetchQuery(campaignQuery(args.params.campaignId ?? ''));
            return null;
          },
          element: <CampaignEditor />,
        },
      ],
    },
  ];
}
