import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { pageFrom } from './list-params';
import { Pager } from './Pager';
import { LoadError, SkeletonTable } from './Status';

export interface QueueFilters<S extends string> {
  status: S;
  page: number;
}

/** A queue's tab and page from the address; an unknown status opens the waiting ones. */
export function queueFiltersFrom<S extends string>(
  statuses: readonly S[],
  waiting: S,
  params: URLSearchParams,
): QueueFilters<S> {
  const status = params.get('status') as S | null;
  return { status: status && statuses.includes(status) ? status : waiting, page: pageFrom(params) };
}

/** The filters in the address and how a tab or the pager changes them. */
export function useQueueFilters<S extends string>(statuses: readonly S[], waiting: S) {
  const [params, setParams] = useSearchParams();
  const filters = queueFiltersFrom(statuses, waiting, params);
  const select = (status: S, page = 1) =>
    setParams(new URLSearchParams({ status, ...(page > 1 ? { page: String(page) } : {}) }));
  return { filters, select };
}

interface QueuePage<S extends string> {
  counts: Record<S, number>;
  page: number;
  pageSize: number;
  total: number;
}

interface QueueProps<S extends string, Q extends QueuePage<S>, T extends { id: string }> {
  tabs: readonly S[];
  tabsLabel: string;
  tabLabel: Record<S, string>;
  empty: Record<S, string>;
  filters: QueueFilters<S>;
  onSelect: (status: S, page?: number) => void;
  list: UseQueryResult<Q>;
  items: (page: Q) => T[];
  card: (item: T) => ReactNode;
}

/** A moderation queue's status tabs with their counts, its cards, and the pager under them. */
export function ModerationQueue<S extends string, Q extends QueuePage<S>, T extends { id: string }>({
  tabs,
  tabsLabel,
  tabLabel,
  empty,
  filters,
  onSelect,
  list,
  items,
  card,
}: QueueProps<S, Q, T>) {
  const shown = list.data ? items(list.data) : [];
  return (
    <>
      <nav className="cfg-tabs" aria-label={tabsLabel}>
        {tabs.map((status) => (
          <button
            key={status}
            type="button"
            className="cfg-tab"
            aria-current={status === filters.status ? 'page' : undefined}
            onClick={() => onSelect(status)}
          >
            {tabLabel[status]}
            {list.data ? ` (${list.data.counts[status]})` : ''}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <SkeletonTable columns={3} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : shown.length === 0 ? (
        <p className="cfg-empty">{empty[filters.status]}</p>
      ) : (
        <div className="cfg-comments">
          {shown.map((item) => (
            <Fragment key={item.id}>{card(item)}</Fragment>
          ))}
          <Pager
            page={list.data.page}
            pages={Math.ceil(list.data.total / list.data.pageSize)}
            onPage={(page) => onSelect(filters.status, page)}
          />
        </div>
      )}
    </>
  );
}

interface CardProps<S extends string> {
  headingId: string;
  heading: ReactNode;
  meta: ReactNode;
  body: string;
  /** The statuses this one may move to, each a button. */
  moves: readonly S[];
  moveLabel: Record<S, string>;
  onMove: (status: S) => void;
  pending: boolean;
  error: Error | null;
  /** More buttons after the moves (a comment's Delete). */
  children?: ReactNode;
}

/** One waiting (or moderated) text: who and where, the text, and the buttons that move it. */
export function ModerationCard<S extends string>({
  headingId,
  heading,
  meta,
  body,
  moves,
  moveLabel,
  onMove,
  pending,
  error,
  children,
}: CardProps<S>) {
  return (
    <article className="cfg-comment" aria-labelledby={headingId}>
      <h2 className="cfg-comment-head" id={headingId}>
        {heading}
      </h2>
      <p className="cfg-muted">{meta}</p>
      <p className="cfg-comment-body">{body}</p>
      <div className="cfg-actions">
        {moves.map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'approved' ? 'cfg-button cfg-button-primary' : 'cfg-button'}
            disabled={pending}
            onClick={() => onMove(status)}
          >
            {moveLabel[status]}
          </button>
        ))}
        {children}
      </div>
      {error && (
        <p role="alert" className="cfg-error">
          {error.message}
        </p>
      )}
    </article>
  );
}
