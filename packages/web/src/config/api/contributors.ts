import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface ContributorRow {
  id: string;
  email: string;
  name: string;
  role: number;
  roleName: string;
  /** invited: has not set a password yet. */
  status: 'active' | 'invited' | 'disabled';
  createdAt: number;
}

const PATH = '/api/config/contributors';

export const contributorKeys = {
  all: ['contributors'] as const,
  list: () => [...contributorKeys.all, 'list'] as const,
};

export const contributorsQuery = () =>
  queryOptions({
    queryKey: contributorKeys.list(),
    queryFn: async () => (await api<{ contributors: ContributorRow[] }>('GET', PATH)).contributors,
  });

export interface Invite {
  email: string;
  name: string;
  role: number;
}

/** Every change to the list refetches only the list. */
function useContributorMutation<V>(run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contributorKeys.list() }),
  });
}

export const useInviteContributor = () =>
  useContributorMutation((invite: Invite) => api('POST', PATH, invite));

export const useChangeRole = () =>
  useContributorMutation(({ id, role }: { id: string; role: number }) =>
    api('PATCH', `${PATH}/${encodeURIComponent(id)}`, { role }),
  );

export const useRemoveContributor = () =>
  useContributorMutation((id: string) => api('DELETE', `${PATH}/${encodeURIComponent(id)}`));
