import { CONTENT_STATUS_LABELS } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useSearchParams } from 'react-router';
import { type ContentItem, contentCollectionsQuery, contentItemsQuery } from '../../../api/content';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FieldFrame } from '../../../components/Field';
import { pageFrom } from '../../../components/list-params';
import { Pager } from '../../../components/Pager';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';
import { CollectionMembers } from './CollectionMembers';

export interface ItemFilters {
  collectionId: string;
  page: number;
}

export function filtersFrom(params: URLSearchParams): ItemFilters {
  return {
    collectionId: params.get('collection') ?? '',
    page: pageFrom(params),
  };
}

const col = columnsFor<ContentItem>();

export function ItemsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useQuery(contentItemsQuery(filters.collectionId, filters.page));
  const collections = useQuery(contentCollectionsQuery());
  const { data: contributor } = useQuery(sessionQuery());
  const titles = new Map((collections.data ?? []).map((c) => [c.id, c.title]));
  const chosen = collections.data?.find((c) => c.id === filters.collectionId);
  const columns = [
    col.accessor('title', {
      header: TEXTS.title,
      cell: (info) => (
        <Link
          to={{ pathname: encodeURIComponent(info.row.original.id), search: params.toString() }}
          className="cfg-row-link"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    col.display({
      id: 'collection',
      header: TEXTS.collection,
      cell: (info) => titles.get(info.row.original.collectionId) ?? '',
    }),
    col.accessor('status', {
      header: TEXTS.contentStatus,
      cell: (info) => (
        <span className={info.getValue() === 'published' ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
          {CONTENT_STATUS_LABELS[info.getValue()]}
        </span>
      ),
    }),
    col.accessor('publishOn', {
      header: TEXTS.publishOn,
      cell: (info) => (info.getValue() === null ? '' : dateTime(info.getValue() as number)),
    }),
    col.accessor('updatedAt', { header: TEXTS.updated, cell: (info) => dateTime(info.getValue()) }),
  ];
  const set = (next: Partial<ItemFilters>) => {
    const merged = { ...filters, ...next };
    const p = new URLSearchParams();
    if (merged.collectionId) p.set('collection', merged.collectionId);
    if (merged.page > 1) p.set('page', String(merged.page));
    setParams(p);
  };
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.content}</h1>
        {can(contributor, 'drafts.write') && (
          <Link to={{ pathname: 'new', search: params.toString() }} className="cfg-button cfg-button-primary">
            {TEXTS.newItem}
          </Link>
        )}
      </div>
      <div className="cfg-filters">
        <FieldFrame id="content-collection" label={TEXTS.collection}>
          {(control) => (
            <select
              {...control}
              value={filters.collectionId}
              onChange={(e) => set({ collectionId: e.target.value, page: 1 })}
            >
              <option value="">{TEXTS.allCollections}</option>
              {(collections.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      {/* Who may publish may open or close a whole collection (its paywall products). */}
      {chosen && can(contributor, 'content.write') && (
        <CollectionMembers key={chosen.id} collection={chosen} />
      )}
      {list.isPending ? (
        <SkeletonTable columns={5} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            caption={TEXTS.content}
            columns={columns}
            data={list.data.items}
            rowId={(i) => i.id}
            empty={TEXTS.noItems}
          />
          <Pager
            page={list.data.page}
            pages={Math.ceil(list.data.total / list.data.pageSize)}
            onPage={(page) => set({ page })}
          />
        </>
      )}
      <Outlet />
    </>
  );
}
