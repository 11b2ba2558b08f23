import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import {
  ORDER_STATUS_FILTERS,
  ordersQuery as ordersQuerySchema,
} from '../../../../../../server/src/modules/owner-orders/schema';
import { ApiError, BAD_REQUEST } from '../../../api/client';
import { type OrderFilters, type OrderSummary, ordersCsvUrl, ordersQuery } from '../../../api/orders';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { Field, type Option } from '../../../components/Field';
import { Pager } from '../../../components/Pager';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime, money } from '../../../format';
import { TEXTS } from '../../../texts';
import { filtersFrom, type OrderFilterValues, valuesFrom } from './filters';

const STATUS_OPTIONS: readonly Option[] = [
  { value: '', label: TEXTS.anyStatus },
  ...ORDER_STATUS_FILTERS.map((s) => ({ value: s, label: TEXTS.orderStatus[s] })),
];
const TEST_OPTIONS: readonly Option[] = [
  { value: '', label: TEXTS.anyMode },
  { value: 'true', label: TEXTS.testOnly },
  { value: 'false', label: TEXTS.liveOnly },
];

/** Opens the order's drawer over the list, keeping the list's filters for when it closes. */
function OrderLink({ id, number }: { id: string; number: string }) {
  const { search } = useLocation();
  return (
    <Link to={{ pathname: encodeURIComponent(id), search }} className="cfg-row-link">
      {number}
    </Link>
  );
}

export function StatusBadge({ status }: { status: keyof typeof TEXTS.orderStatus }) {
  const on = status === 'paid' || status === 'fulfilled';
  return <span className={on ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>{TEXTS.orderStatus[status]}</span>;
}

const col = columnsFor<OrderSummary>();
const columns = [
  col.accessor('number', {
    header: TEXTS.order,
    cell: (info) => <OrderLink id={info.row.original.id} number={info.getValue()} />,
  }),
  col.accessor('created', {
    header: TEXTS.date,
    cell: (info) => <span className="cfg-nowrap">{dateTime(info.getValue())}</span>,
  }),
  col.accessor('email', { header: TEXTS.customer }),
  col.accessor('grandTotalCents', {
    header: TEXTS.total,
    cell: (info) => money(info.getValue(), info.row.original.currency),
  }),
  col.accessor('status', { header: TEXTS.payment, cell: (info) => <StatusBadge status={info.getValue()} /> }),
  col.accessor('fulfilmentStatus', {
    header: TEXTS.fulfilment,
    cell: (info) => (
      <>
        <StatusBadge status={info.getValue()} />
        {info.row.original.testMode && <span className="cfg-badge cfg-badge-test">{TEXTS.test}</span>}
      </>
    ),
  }),
];

/** The filters, checked with the server's own query schema before they go in the address. */
function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (v: OrderFilterValues) => void;
}) {
  const form = useForm<OrderFilterValues>({
    // The schema reads the address's strings; raw: the form hands on the strings it checked.
    resolver: zodResolver(ordersQuerySchema, undefined, {
      raw: true,
    }) as unknown as Resolver<OrderFilterValues>,
    defaultValues: valuesFrom(filters),
  });
  return (
    <search className="cfg-search">
      <form onSubmit={form.handleSubmit(onApply)} noValidate className="cfg-filters cfg-order-filters">
        <Field
          form={form}
          name="q"
          label={TEXTS.search}
          kind="search"
          placeholder={TEXTS.ordersSearch}
          idPrefix="orders"
        />
        <Field
          form={form}
          name="status"
          label={TEXTS.status}
          kind="select"
          options={STATUS_OPTIONS}
          idPrefix="orders"
        />
        <Field form={form} name="from" label={TEXTS.fromDay} kind="date" idPrefix="orders" />
        <Field form={form} name="to" label={TEXTS.toDay} kind="date" idPrefix="orders" />
        <Field
          form={form}
          name="test"
          label={TEXTS.testMode}
          kind="select"
          options={TEST_OPTIONS}
          idPrefix="orders"
        />
        <div className="cfg-filter-actions">
          <button type="submit" className="cfg-button">
            {TEXTS.filter}
          </button>
          <button
            type="button"
            className="cfg-button cfg-button-quiet"
            onClick={() => onApply(valuesFrom({}))}
          >
            {TEXTS.clearFilters}
          </button>
        </div>
      </form>
    </search>
  );
}

export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const list = useQuery(ordersQuery(filters));
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  function apply(values: OrderFilterValues) {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value.trim()) next.set(key, value.trim());
    setParams(next);
  }

  function goTo(n: number) {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    setParams(next);
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.orders}</h1>
        <a href={ordersCsvUrl(filters)} className="cfg-button" download="orders.csv">
          {TEXTS.exportCsv}
        </a>
      </div>
      {/* Remounted when the address changes (Back, Clear), so the fields show the filters in force. */}
      <OrderFiltersForm key={params.toString()} filters={filters} onApply={apply} />
      {list.isPending ? (
        <SkeletonTable columns={6} />
      ) : list.isError ? (
        // A filter the server refused says why; anything else offers another try.
        list.error instanceof ApiError && list.error.status === BAD_REQUEST ? (
          <ErrorNotice error={list.error} />
        ) : (
          <LoadError onRetry={() => list.refetch()} />
        )
      ) : (
        <>
          <p className="cfg-count" aria-live="polite">
            {TEXTS.orderCount(list.data.total)}
          </p>
          <DataTable
            caption={TEXTS.orders}
            columns={columns}
            data={list.data.orders}
            rowId={(o) => o.id}
            empty={TEXTS.noOrders}
          />
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
      <Outlet />
    </>
  );
}
