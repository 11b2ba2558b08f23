import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { type InventoryRow, inventoryQuery, useUpdateInventory } from '../../../api/inventory';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { FieldFrame } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

function variantLabel(row: InventoryRow): string {
  const attrs = Object.values(row.attributes).join(' / ');
  return attrs ? `${row.productName} — ${attrs}` : row.productName;
}

/** One stock cell: a number saved when it changes (Enter or leaving the field), or read-only. */
function StockCell({ row, editable }: { row: InventoryRow; editable: boolean }) {
  const update = useUpdateInventory();
  const [value, setValue] = useState(String(row.qtyInStock));
  const label = variantLabel(row);
  if (!editable || !row.editable) return <>{row.unlimited ? TEXTS.unlimited : row.qtyInStock}</>;

  function save() {
    const qty = Number(value);
    if (value.trim() === '' || !Number.isInteger(qty) || qty < 0 || qty === row.qtyInStock) {
      setValue(String(row.qtyInStock));
      return;
    }
    update.mutate([{ sku: row.sku, set: qty }]);
  }

  return (
    <div className="cfg-stock-cell">
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={TEXTS.stockOf(label)}
        value={row.unlimited ? '' : value}
        disabled={row.unlimited || update.isPending}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
      />
      <label className="cfg-inline-check">
        <input
          type="checkbox"
          checked={row.unlimited}
          disabled={update.isPending}
          aria-label={TEXTS.unlimitedOf(label)}
          onChange={(e) =>
            update.mutate([
              e.target.checked
                ? { sku: row.sku, unlimited: true }
                : { sku: row.sku, unlimited: false, set: 0 },
            ])
          }
        />
        <span aria-hidden="true">{TEXTS.unlimited}</span>
      </label>
      {update.isError && <ErrorNotice error={update.error} />}
    </div>
  );
}

/** Every variant's stock in one table; edit in place, or select rows and adjust them together. */
export function InventoryScreen() {
  const inventory = useQuery(inventoryQuery());
  const { data: contributor } = useQuery(sessionQuery());
  const editable = can(contributor, 'inventory.write');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulk = useUpdateInventory();
  const rows = inventory.data ?? [];

  const columns = useMemo(() => {
    const col = columnsFor<InventoryRow>();
    const all = rows.length > 0 && rows.every((r) => selected.has(r.sku));
    const toggle = (sku: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(sku);
        else next.delete(sku);
        return next;
      });
    return [
      ...(editable
        ? [
            col.display({
              id: 'select',
              header: () => (
                <input
                  type="checkbox"
                  aria-label={TEXTS.selectAll}
                  checked={all}
                  onChange={(e) =>
                    setSelected(e.target.checked ? new Set(rows.map((r) => r.sku)) : new Set())
                  }
                />
              ),
              cell: (info) => (
                <input
                  type="checkbox"
                  aria-label={TEXTS.selectRow(variantLabel(info.row.original))}
                  checked={selected.has(info.row.original.sku)}
                  onChange={(e) => toggle(info.row.original.sku, e.target.checked)}
                />
              ),
            }),
          ]
        : []),
      col.accessor('productName', { header: TEXTS.product }),
      col.accessor('attributes', {
        header: TEXTS.variant,
        cell: (info) => Object.values(info.getValue()).join(' / ') || '—',
      }),
      col.accessor('sku', { header: TEXTS.sku }),
      col.accessor('qtyInStock', {
        header: TEXTS.stock,
        cell: (info) => (
          <StockCell
            key={`${info.row.original.sku}:${info.row.original.qtyInStock}:${info.row.original.unlimited}`}
            row={info.row.original}
            editable={editable}
          />
        ),
      }),
    ];
  }, [rows, selected, editable]);

  function onBulk(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const by = Number(new FormData(event.currentTarget).get('adjustBy'));
    if (!Number.isInteger(by) || by === 0) return;
    bulk.mutate(
      [...selected].map((sku) => ({ sku, adjust: by })),
      { onSuccess: () => setSelected(new Set()) },
    );
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.inventory}</h1>
      </div>
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      {editable && selected.size > 0 && (
        <form className="cfg-bulk" onSubmit={onBulk} aria-label={TEXTS.bulkAdjust}>
          <p aria-live="polite">{TEXTS.selectedCount(selected.size)}</p>
          <FieldFrame id="inventory-adjust" label={TEXTS.adjustBy} hint={TEXTS.adjustHint}>
            {(control) => <input {...control} name="adjustBy" type="number" step={1} required />}
          </FieldFrame>
          <button type="submit" className="cfg-button cfg-button-primary" disabled={bulk.isPending}>
            {TEXTS.apply}
          </button>
          <ErrorNotice error={bulk.error} />
        </form>
      )}
      {inventory.isPending ? (
        <SkeletonTable columns={5} />
      ) : inventory.isError ? (
        <LoadError onRetry={() => inventory.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.inventory}
          columns={columns}
          data={rows}
          rowId={(r) => r.sku}
          empty={TEXTS.noInventory}
        />
      )}
    </>
  );
}
