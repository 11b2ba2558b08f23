import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/**
 * The owner API's plain collections (coupons, shipping options, tax rules): list, one, create,
 * replace, delete. Each resource's own module names its key factory and wire names.
 */
export function crudResource<Row extends { id: string }, Body>(opts: {
  path: string;
  key: string;
  /** The JSON field of a list answer and of one row's answer. */
  listField: string;
  itemField: string;
}) {
  const keys = {
    all: [opts.key] as const,
    list: () => [...keys.all, 'list'] as const,
    detail: (id: string) => [...keys.all, 'detail', id] as const,
  };
  const one = (id: string) => `${opts.path}/${encodeURIComponent(id)}`;
  const listQuery = () =>
    queryOptions({
      queryKey: keys.list(),
      queryFn: async () => (await api<Record<string, Row[]>>('GET', opts.path))[opts.listField],
    });
  const itemQuery = (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: async () => (await api<Record<string, Row>>('GET', one(id)))[opts.itemField],
    });
  /** A save or delete changes the list and the row. */
  function useSave() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: async ({ id, body }: { id?: string; body: Body }) =>
        (await api<Record<string, Row>>(id ? 'PUT' : 'POST', id ? one(id) : opts.path, body))[opts.itemField],
      onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }
  function useRemove() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: string) => api<void>('DELETE', one(id)),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }
  return { keys, listQuery, itemQuery, useSave, useRemove };
}
