import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  type ProductFilters,
  type ProductSummary,
  productsQuery,
  type StockFilter,
} from '../../../api/products';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FilterSelect, SearchBox } from '../../../components/ListFilters';
import { pageFrom, useFilterParams } from '../../../components/list-params';
import { Pager } from '../../../components/Pager';
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
  return {
    search: params.get('search')?.trim() || undefined,
    type: PRODUCT_TYPE_NAMES[type] ? type : undefined,
    stock: stock && STOCK_FILTERS.includes(stock) ? stock : undefined,
    page: pageFrom(params),
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

const TYPE_OPTIONS = Object.entries(PRODUCT_TYPE_NAMES).map(([value, label]) => ({ value, label }));
const STOCK_OPTIONS = STOCK_FILTERS.map((s) => ({ value: s, label: STOCK_LABELS[s] }));

export function ProductsScreen() {
  const { params, update } = useFilterParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const list = useQuery(productsQuery(filters));
  const { data: contributor } = useQuery(sessionQuery());
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

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
        <SearchBox
          id="products-search"
          name="search"
          value={filters.search}
          placeholder={TEXTS.searchPlaceholder}
          onSearch={(search) => update({ search })}
        />
        <FilterSelect
          id="products-type"
          label={TEXTS.type}
          value={filters.type}
          any={TEXTS.anyType}
          options={TYPE_OPTIONS}
          onChange={(type) => update({ type })}
        />
        <FilterSelect
          id="products-stock"
          label={TEXTS.stock}
          value={filters.stock}
          any={TEXTS.anyStock}
          options={STOCK_OPTIONS}
          onChange={(stock) => update({ stock })}
        />
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
          <Pager page={page} pages={pages} onPage={(n) => update({ page: n > 1 ? String(n) : undefined })} />
        </>
      )}
      <Outlet />
    </>
  );
}
