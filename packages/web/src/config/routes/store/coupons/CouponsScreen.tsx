import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { type Coupon, couponsQuery } from '../../../api/coupons';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { day, money } from '../../../format';
import { TEXTS } from '../../../texts';

function couponValue(c: Coupon): string {
  if (c.type === 'percentage') return `${c.percent ?? 0}%`;
  if (c.type === 'fixed') return money(c.amountCents);
  return TEXTS.couponTypes['free-shipping'];
}

function validWindow(c: Coupon): string {
  if (!c.validFrom && !c.validUntil) return TEXTS.always;
  return `${c.validFrom ? day(c.validFrom) : '…'} – ${c.validUntil ? day(c.validUntil) : '…'}`;
}

const col = columnsFor<Coupon>();
const columns = [
  col.accessor('code', {
    header: TEXTS.couponCode,
    cell: (info) => (
      <Link to={encodeURIComponent(info.row.original.id)} className="cfg-row-link">
        {info.getValue()}
      </Link>
    ),
  }),
  col.display({ id: 'value', header: TEXTS.discount, cell: (info) => couponValue(info.row.original) }),
  col.display({ id: 'window', header: TEXTS.valid, cell: (info) => validWindow(info.row.original) }),
  col.display({
    id: 'uses',
    header: TEXTS.uses,
    cell: (info) =>
      `${info.row.original.timesUsed}${info.row.original.maxUses ? ` / ${info.row.original.maxUses}` : ''}`,
  }),
  col.accessor('active', {
    header: TEXTS.status,
    cell: (info) => (
      <span className={info.getValue() ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
        {info.getValue() ? TEXTS.couponActiveShort : TEXTS.couponInactive}
      </span>
    ),
  }),
];

export function CouponsScreen() {
  const list = useQuery(couponsQuery());
  const { data: contributor } = useQuery(sessionQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.discounts}</h1>
        {can(contributor, 'discounts.write') && (
          <Link to="new" className="cfg-button cfg-button-primary">
            {TEXTS.newCoupon}
          </Link>
        )}
      </div>
      {list.isPending ? (
        <SkeletonTable columns={5} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.coupons}
          columns={columns}
          data={list.data}
          rowId={(c) => c.id}
          empty={TEXTS.noCoupons}
        />
      )}
      <Outlet />
    </>
  );
}
