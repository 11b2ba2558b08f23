import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import {
  type ProductFilters,
  type ProductSummary,
  productsQuery,
  type StockFilter,
} from '../../../api/products';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FieldFrame } from '../../../components/Field';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { money, PRODUCT_TYPE_NAMES } from '../../../format';
import { TEXTS } from '../../../texts';

const STOCK_FILTERS: readonly StockFilter[] = ['in', 'low', 'out'];
const STOCK_LABELS: Record<StockFilter, string> = {
  in: TEXTS.stockIn,
  low: TEXTS.stockLow,
  out: TEXTS.stockOut,
};

/** The list's filters live in the address, so a filtered page can be bookmarked and Back restores it. */
export function filtersFrom(params: URLSearchParams): ProductFilters {
  const type = Number(params.get('type'));
  const stock = params.get('stock') as StockFilter | null;
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() || undefined,
    type: PRODUCT_TYPE_NAMES[type] ? type : undefined,
    stock: stock && STOCK_FILTERS.includes(stock) ? stock : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Opens the editor over the list, keeping the list's filters for when it closes. */
function ProductLink({ id, name }: { id: string; name: string }) {
  const { search } = useLocation();
  return (
    <Link to={{ pathname: encodeURIComponent(id), search }} className="cfg-row-link">
      {name}
    </Link>
  );
}

const col = columnsFor<ProductSummary>();
const columns = [
  col.accessor('name', {
    header: TEXTS.name,
    cell: (info) => <ProductLink id={info.row.original.id} name={info.getValue()} />,
  }),
  col.accessor('productType', {
    header: TEXTS.type,
    cell: (info) => PRODUCT_TYPE_NAMES[info.getValue()] ?? '',
  }),
  col.accessor('priceCents', { header: TEXTS.price, cell: (info) => money(info.getValue()) }),
  col.accessor('stock', {
    header: TEXTS.stock,
    cell: (info) => {
      const { level, total } = info.getValue();
      return (
        <span className={`cfg-stock cfg-stock-${level}`}>
          {total === null ? TEXTS.unlimited : total}{' '}
          <span className="cfg-stock-level">{STOCK_LABELS[level]}</span>
        </span>
      );
    },
  }),
  col.accessor('published', {
    header: TEXTS.status,
    cell: (info) => (
      <span className={info.getValue() ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
        {info.getValue() ? TEXTS.published : TEXTS.draft}
      </span>
    ),
  }),
];

export function ProductsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const list = useQuery(productsQuery(filters));
  const { data: contributor } = useQuery(sessionQuery());
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A new filter starts again on its first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ search: String(new FormData(event.currentTarget).get('search') ?? '').trim() || undefined });
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.products}</h1>
        {can(contributor, 'products.write') && (
          <Link to={{ pathname: 'new', search: params.toString() }} className="cfg-button cfg-button-primary">
            {TEXTS.newProduct}
          </Link>
        )}
      </div>
      <div className="cfg-filters">
        <search className="cfg-search">
          <form onSubmit={onSearch} className="cfg-search-form">
            <FieldFrame id="products-search" label={TEXTS.search}>
              {(control) => (
                <input
                  {...control}
                  name="search"
                  type="search"
                  defaultValue={filters.search ?? ''}
                  placeholder={TEXTS.searchPlaceholder}
                />
              )}
            </FieldFrame>
            <button type="submit" className="cfg-button">
              {TEXTS.search}
            </button>
          </form>
        </search>
        <FieldFrame id="products-type" label={TEXTS.type}>
          {(control) => (
            <select
              {...control}
              value={filters.type ?? ''}
              onChange={(e) => update({ type: e.target.value || undefined })}
            >
              <option value="">{TEXTS.anyType}</option>
              {Object.entries(PRODUCT_TYPE_NAMES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame id="products-stock" label={TEXTS.stock}>
          {(control) => (
            <select
              {...control}
              value={filters.stock ?? ''}
              onChange={(e) => update({ stock: e.target.value || undefined })}
            >
              <option value="">{TEXTS.anyStock}</option>
              {STOCK_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {STOCK_LABELS[s]}
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
            {TEXTS.productCount(list.data.total)}
          </p>
          <DataTable
            caption={TEXTS.products}
            columns={columns}
            data={list.data.products}
            rowId={(p) => p.id}
            empty={TEXTS.noProducts}
          />
          {pages > 1 && (
            <nav className="cfg-pager" aria-label={TEXTS.pageOf(filters.page ?? 1, pages)}>
              <button
                type="button"
                className="cfg-button"
                disabled={(filters.page ?? 1) <= 1}
                onClick={() => update({ page: String((filters.page ?? 1) - 1) })}
              >
                {TEXTS.previousPage}
              </button>
              <span>{TEXTS.pageOf(filters.page ?? 1, pages)}</span>
              <button
                type="button"
                className="cfg-button"
                disabled={(filters.page ?? 1) >= pages}
                onClick={() => update({ page: String((filters.page ?? 1) + 1) })}
              >
                {TEXTS.nextPage}
              </button>
            </nav>
          )}
        </>
      )}
      <Outlet />
    </>
  );
}
