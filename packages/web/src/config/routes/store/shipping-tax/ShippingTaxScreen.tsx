import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { can, sessionQuery } from '../../../api/session';
import { type ShippingOption, shippingOptionsQuery } from '../../../api/shipping-options';
import { type TaxRule, taxRulesQuery } from '../../../api/tax-rules';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { money } from '../../../format';
import { TEXTS } from '../../../texts';

const shippingCol = columnsFor<ShippingOption>();
const shippingColumns = [
  shippingCol.accessor('name', {
    header: TEXTS.name,
    cell: (info) => (
      <Link to={`shipping/${encodeURIComponent(info.row.original.id)}`} className="cfg-row-link">
        {info.getValue()}
      </Link>
    ),
  }),
  shippingCol.accessor('costCents', { header: TEXTS.price, cell: (info) => money(info.getValue()) }),
  shippingCol.accessor('freeOverCents', {
    header: TEXTS.freeFrom,
    cell: (info) => (info.getValue() === undefined ? '—' : money(info.getValue())),
  }),
  shippingCol.accessor('countries', {
    header: TEXTS.countries,
    cell: (info) => (info.getValue().length === 0 ? TEXTS.anywhere : info.getValue().join(', ')),
  }),
];

const taxCol = columnsFor<TaxRule>();
const taxColumns = [
  taxCol.accessor('name', {
    header: TEXTS.name,
    cell: (info) => (
      <Link to={`tax/${encodeURIComponent(info.row.original.id)}`} className="cfg-row-link">
        {info.getValue()}
      </Link>
    ),
  }),
  taxCol.accessor('country', { header: TEXTS.country }),
  taxCol.accessor('region', { header: TEXTS.region, cell: (info) => info.getValue() ?? TEXTS.wholeCountry }),
  taxCol.accessor('ratePercent', { header: TEXTS.ratePercent, cell: (info) => `${info.getValue()}%` }),
  taxCol.accessor('appliesToShipping', {
    header: TEXTS.onShipping,
    cell: (info) => (info.getValue() ? TEXTS.yes : TEXTS.no),
  }),
];

/** Shipping options with their zones, and tax rules per country and region, on one screen. */
export function ShippingTaxScreen() {
  const shipping = useQuery(shippingOptionsQuery());
  const tax = useQuery(taxRulesQuery());
  const { data: contributor } = useQuery(sessionQuery());
  const editable = can(contributor, 'settings.write');
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.shippingAndTax}</h1>
      </div>
      <section aria-labelledby="shipping-options" className="cfg-block">
        <div className="cfg-page-head">
          <h2 id="shipping-options">{TEXTS.shippingOptions}</h2>
          {editable && (
            <Link to="shipping/new" className="cfg-button cfg-button-primary">
              {TEXTS.newShippingOption}
            </Link>
          )}
        </div>
        {shipping.isPending ? (
          <SkeletonTable columns={4} rows={2} />
        ) : shipping.isError ? (
          <LoadError onRetry={() => shipping.refetch()} />
        ) : (
          <DataTable
            caption={TEXTS.shippingOptions}
            columns={shippingColumns}
            data={shipping.data}
            rowId={(o) => o.id}
            empty={TEXTS.noShippingOptions}
          />
        )}
      </section>
      <section aria-labelledby="tax-rules" className="cfg-block">
        <div className="cfg-page-head">
          <h2 id="tax-rules">{TEXTS.taxRules}</h2>
          {editable && (
            <Link to="tax/new" className="cfg-button cfg-button-primary">
              {TEXTS.newTaxRule}
            </Link>
          )}
        </div>
        {tax.isPending ? (
          <SkeletonTable columns={5} />
        ) : tax.isError ? (
          <LoadError onRetry={() => tax.refetch()} />
        ) : (
          <DataTable
            caption={TEXTS.taxRules}
            columns={taxColumns}
            data={tax.data}
            rowId={(r) => r.id}
            empty={TEXTS.noTaxRules}
          />
        )}
      </section>
      <Outlet />
    </>
  );
}
