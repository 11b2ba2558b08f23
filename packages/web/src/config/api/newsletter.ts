import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignBody, MailingListBody } from '../../../../server/src/modules/owner-newsletter/schema';
import { api } from './client';
import { crudResource } from './crud';

export type { CampaignBody, MailingListBody };
export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface MailingList extends MailingListBody {
  id: string;
  createdAt: number;
  counts: Record<SubscriberStatus, number>;
}

export interface Campaign extends CampaignBody {
  id: string;
  status: 'draft' | 'sent';
  recipientCount: number;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  sentCount: number;
  openedCount: number;
}

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
}

export interface SubscribersPage {
  list: MailingList;
  subscribers: Subscriber[];
  nextCursor: string | null;
}

export interface ImportResult {
  added: number;
  existing: number;
  invalidLines: number[];
}

const LISTS = '/api/config/newsletter/lists';
const CAMPAIGNS = '/api/config/newsletter/campaigns';

const lists = crudResource<MailingList, MailingListBody>({
  path: LISTS,
  key: 'mailing-lists',
  listField: 'lists',
  itemField: 'list',
});
export const mailingListKeys = lists.keys;
export const mailingListsQuery = lists.listQuery;
export const useSaveMailingList = lists.useSave;
export const useRemoveMailingList = lists.useRemove;

const campaigns = crudResource<Campaign, CampaignBody>({
  path: CAMPAIGNS,
  key: 'campaigns',
  listField: 'campaigns',
  itemField: 'campaign',
});
export const campaignKeys = campaigns.keys;
export const campaignsQuery = campaigns.listQuery;
export const campaignQuery = campaigns.itemQuery;
export const useSaveCampaign = campaigns.useSave;
export const useRemoveCampaign = campaigns.useRemove;

const listPath = (id: string) => `${LISTS}/${encodeURIComponent(id)}`;
const campaignPath = (id: string) => `${CAMPAIGNS}/${encodeURIComponent(id)}`;

function subscriberParams(q: string, status: string, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function fetchSubscribers(listId: string, q: string, status: string, cursor: string | null) {
  return api<SubscribersPage>('GET', `${listPath(listId)}/subscribers${subscriberParams(q, status, cursor)}`);
}

export function subscribersCsvUrl(listId: string, q: string, status: string): string {
  return `${listPath(listId)}/subscribers.csv${subscriberParams(q, status)}`;
}

/** An import adds subscribers: the list's counts and its pages change. */
export function useImportSubscribers(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) =>
      (await api<{ result: ImportResult }>('POST', `${listPath(listId)}/subscribers/import`, { csv })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailingListKeys.all }),
  });
}

/** The campaign's mail as a document of its own, for the editor's frame; `version` defeats stale copies. */
export function campaignPreviewUrl(id: string, version: number): string {
  return `${campaignPath(id)}/preview.html?v=${version}`;
}

export function useTestSend(id: string) {
  return useMutation({
    mutationFn: (to: string) => api<{ sent: true }>('POST', `${campaignPath(id)}/test`, { to }),
  });
}

export function useSendCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ campaign: Campaign }>('POST', `${campaignPath(id)}/send`)).campaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
