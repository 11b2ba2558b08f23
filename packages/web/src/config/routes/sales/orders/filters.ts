import {
  ORDER_STATUS_FILTERS,
  ordersQuery as ordersQuerySchema,
} from '../../../../../../server/src/modules/owner-orders/schema';
import type { OrderFilters, OrderStatusFilter } from '../../../api/orders';

/** The filter form's fields: text as typed, '' for "any". */
export interface OrderFilterValues {
  status: string;
  from: string;
  to: string;
  test: string;
  q: string;
}

/**
 * The list's filters live in the address (bookmarkable, Back restores them). An address edited
 * by hand into something the server's schema refuses loses only the refused filters.
 */
export function filtersFrom(params: URLSearchParams): OrderFilters {
  const raw = Object.fromEntries(
    ['status', 'from', 'to', 'test', 'q', 'page'].map((k) => [k, params.get(k) ?? '']),
  );
  const parsed = ordersQuerySchema.safeParse(raw);
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  const keep = (key: string) => (raw[key] && !bad.has(key) ? raw[key].trim() : undefined);
  const page = Number(keep('page'));
  return {
    status: ORDER_STATUS_FILTERS.includes(keep('status') as OrderStatusFilter)
      ? (keep('status') as OrderStatusFilter)
      : undefined,
    from: keep('from'),
    to: keep('to'),
    test:
      keep('test') === 'true' || keep('test') === 'false' ? (keep('test') as 'true' | 'false') : undefined,
    q: keep('q') || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function valuesFrom(filters: OrderFilters): OrderFilterValues {
  return {
    status: filters.status ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    test: filters.test ?? '',
    q: filters.q ?? '',
  };
}
