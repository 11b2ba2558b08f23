import { useSearchParams } from 'react-router';

/** The list page in the address: a whole number from 1, else the first page. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A list's filters kept in the address (a filtered page can be bookmarked, Back restores it):
 * `update` sets or clears some of them; any change but the page's own starts again on page one.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }
  return { params, update };
}
