import { useInfiniteQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  fetchSubscribers,
  mailingListKeys,
  subscribersCsvUrl,
  useImportSubscribers,
  useRemoveMailingList,
} from '../../../api/newsletter';
import { DeleteButton } from '../../../components/DeleteButton';
import { LoadMore } from '../../../components/LoadMore';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { day } from '../../../format';
import { TEXTS } from '../../../texts';

const STATUSES = ['subscribed', 'pending', 'unsubscribed'] as const;

/** One list's subscribers: search, status filter, CSV export and import. */
export function SubscribersScreen() {
  const { listId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const [typed, setTyped] = useState(q);
  const [typedStatus, setTypedStatus] = useState(status);
  const importer = useImportSubscribers(listId);
  const remove = useRemoveMailingList();
  const page = useInfiniteQuery({
    queryKey: [...mailingListKeys.all, 'subscribers', listId, q, status],
    queryFn: ({ pageParam }) => fetchSubscribers(listId, q, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const list = page.data?.pages[0]?.list;
  const subscribers = page.data?.pages.flatMap((p) => p.subscribers) ?? [];

  function search(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (typed.trim()) next.q = typed.trim();
    if (typedStatus) next.status = typedStatus;
    setParams(next);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    importer.mutate(await file.text());
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>
          {TEXTS.subscribers}
          {list ? `: ${list.name}` : ''}
        </h1>
        <div className="cfg-actions">
          <Link to="/newsletter" className="cfg-button cfg-button-quiet">
            {TEXTS.mailingLists}
          </Link>
          <a
            href={subscribersCsvUrl(listId, q, status)}
            className="cfg-button"
            download={`subscribers-${listId}.csv`}
          >
            {TEXTS.exportCsv}
          </a>
        </div>
      </div>
      {list && (
        <p className="cfg-hint cfg-counts">
          {TEXTS.subscribed}: {list.counts.subscribed} · {TEXTS.pending}: {list.counts.pending} ·{' '}
          {TEXTS.unsubscribed}: {list.counts.unsubscribed}
        </p>
      )}
      <search className="cfg-search">
        <form onSubmit={search} className="cfg-filters" noValidate>
          <div className="cfg-field">
            <label htmlFor="subscribers-q">{TEXTS.search}</label>
            <input
              id="subscribers-q"
              type="search"
              value={typed}
              placeholder={TEXTS.subscribersSearch}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="cfg-field">
            <label htmlFor="subscribers-status">{TEXTS.status}</label>
            <select
              id="subscribers-status"
              value={typedStatus}
              onChange={(e) => setTypedStatus(e.target.value)}
            >
              <option value="">{TEXTS.anyStatus}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TEXTS.subscriberStatuses[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="cfg-filter-actions">
            <button type="submit" className="cfg-button">
              {TEXTS.search}
            </button>
          </div>
        </form>
      </search>
      {page.isPending ? (
        <SkeletonTable columns={4} />
      ) : page.isError ? (
        <LoadError onRetry={() => page.refetch()} />
      ) : subscribers.length === 0 ? (
        <p className="cfg-empty">{q || status ? TEXTS.noMatchingSubscribers : TEXTS.noSubscribers}</p>
      ) : (
        <div className="cfg-table-wrap">
          <table className="cfg-table">
            <caption className="cfg-visually-hidden">{TEXTS.subscribers}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXTS.email}</th>
                <th scope="col">{TEXTS.status}</th>
                <th scope="col">{TEXTS.source}</th>
                <th scope="col">{TEXTS.signedUp}</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((s) => (
                <tr key={s.id}>
                  <td>{s.email}</td>
                  <td>{TEXTS.subscriberStatuses[s.status]}</td>
                  <td>{s.source}</td>
                  <td>{day(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <LoadMore pages={page} label={TEXTS.moreSubscribers} busyLabel={TEXTS.loading} />
        </div>
      )}
      <section className="cfg-section">
        <h2 className="cfg-subhead">{TEXTS.importCsv}</h2>
        <div className="cfg-field">
          <label htmlFor="subscribers-import">{TEXTS.importCsvFile}</label>
          <input
            id="subscribers-import"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="subscribers-import-hint"
            disabled={importer.isPending}
            onChange={importFile}
          />
          <p id="subscribers-import-hint" className="cfg-hint">
            {TEXTS.importCsvHint}
          </p>
        </div>
        {importer.isPending && <p>{TEXTS.importing}</p>}
        {importer.data && <output className="cfg-saved">{TEXTS.importResult(importer.data)}</output>}
        <ErrorNotice error={importer.error ?? remove.error} />
      </section>
      {list && (
        <section className="cfg-section cfg-section-apart">
          <h2 className="cfg-subhead">{TEXTS.deleteListTitle}</h2>
          <p className="cfg-hint">{TEXTS.deleteListHint}</p>
          <div className="cfg-actions cfg-actions-start">
            <DeleteButton
              name={list.name}
              pending={remove.isPending}
              onDelete={() =>
                remove.mutateAsync(list.id).then(
                  () => navigate('/newsletter'),
                  () => undefined,
                )
              }
            />
          </div>
        </section>
      )}
    </>
  );
}
