import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { SUBSCRIPTION_STATUSES } from '../../../../../../server/src/modules/owner-subscriptions/schema';
import {
  type SubscriptionFilters,
  type SubscriptionStatus,
  type SubscriptionSummary,
  subscriptionsQuery,
} from '../../../api/subscriptions';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FieldFrame } from '../../../components/Field';
import { Pager } from '../../../components/Pager';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

export function subscriptionFiltersFrom(params: URLSearchParams): SubscriptionFilters {
  const status = params.get('status') as SubscriptionStatus | null;
  const page = Number(params.get('page'));
  return {
    status: status && SUBSCRIPTION_STATUSES.includes(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
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

export function SubscriptionsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => subscriptionFiltersFrom(params), [params]);
  const list = useQuery(subscriptionsQuery(filters));
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined });
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.subscriptions}</h1>
      </div>
      <div className="cfg-filters">
        <search className="cfg-search">
          <form onSubmit={onSearch} className="cfg-search-form">
            <FieldFrame id="subscriptions-search" label={TEXTS.search}>
              {(control) => (
                <input
                  {...control}
                  name="q"
                  type="search"
                  defaultValue={filters.q ?? ''}
                  placeholder={TEXTS.subscriptionsSearch}
                />
              )}
            </FieldFrame>
            <button type="submit" className="cfg-button">
              {TEXTS.search}
            </button>
          </form>
        </search>
        <FieldFrame id="subscriptions-status" label={TEXTS.status}>
          {(control) => (
            <select
              {...control}
              value={filters.status ?? ''}
              onChange={(e) => update({ status: e.target.value || undefined })}
            >
              <option value="">{TEXTS.anyStatus}</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TEXTS.subscriptionStatus[s]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
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
