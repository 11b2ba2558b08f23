import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SUBSCRIPTION_STATUSES } from '../../../../../../server/src/modules/owner-subscriptions/schema';
import {
  type SubscriptionFilters,
  type SubscriptionStatus,
  type SubscriptionSummary,
  subscriptionsQuery,
} from '../../../api/subscriptions';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FilterSelect, SearchBox } from '../../../components/ListFilters';
import { pageFrom, useFilterParams } from '../../../components/list-params';
import { Pager } from '../../../components/Pager';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

export function subscriptionFiltersFrom(params: URLSearchParams): SubscriptionFilters {
  const status = params.get('status') as SubscriptionStatus | null;
  return {
    status: status && SUBSCRIPTION_STATUSES.includes(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
    page: pageFrom(params),
  };
}

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={status === 'active' ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
      {TEXTS.subscriptionStatus[status]}
    </span>
  );
}

function SubscriptionLink({ id, label }: { id: string; label: string }) {
  const { search } = useLocation();
  return (
    <Link to={{ pathname: encodeURIComponent(id), search }} className="cfg-row-link">
      {label}
    </Link>
  );
}

const col = columnsFor<SubscriptionSummary>();
const columns = [
  col.accessor('productName', {
    header: TEXTS.product,
    cell: (info) => <SubscriptionLink id={info.row.original.id} label={info.getValue()} />,
  }),
  col.accessor('email', { header: TEXTS.customer }),
  col.accessor('planText', { header: TEXTS.plan }),
  col.accessor('nextBillingDateText', { header: TEXTS.nextBilling, cell: (info) => info.getValue() ?? '—' }),
  col.accessor('status', {
    header: TEXTS.status,
    cell: (info) => <SubscriptionBadge status={info.getValue()} />,
  }),
];

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: TEXTS.subscriptionStatus[s] }));

export function SubscriptionsScreen() {
  const { params, update } = useFilterParams();
  const filters = useMemo(() => subscriptionFiltersFrom(params), [params]);
  const list = useQuery(subscriptionsQuery(filters));
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.subscriptions}</h1>
      </div>
      <div className="cfg-filters">
        <SearchBox
          id="subscriptions-search"
          name="q"
          value={filters.q}
          placeholder={TEXTS.subscriptionsSearch}
          onSearch={(q) => update({ q })}
        />
        <FilterSelect
          id="subscriptions-status"
          label={TEXTS.status}
          value={filters.status}
          any={TEXTS.anyStatus}
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status })}
        />
      </div>
      {list.isPending ? (
        <SkeletonTable columns={5} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <>
          <p className="cfg-count" aria-live="polite">
            {TEXTS.subscriptionCount(list.data.total)}
          </p>
          <DataTable
            caption={TEXTS.subscriptions}
            columns={columns}
            data={list.data.subscriptions}
            rowId={(s) => s.id}
            empty={TEXTS.noSubscriptions}
          />
          <Pager page={page} pages={pages} onPage={(n) => update({ page: n > 1 ? String(n) : undefined })} />
        </>
      )}
      <Outlet />
    </>
  );
}
