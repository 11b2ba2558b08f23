import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';

/** The tables here only lay rows out; filtering and paging happen on the server. */
const features = tableFeatures({});
type Features = typeof features;

export type Columns<T extends RowData> = ColumnDef<Features, T, any>[];

/** The typed column helper for rows of T. */
export const columnsFor = <T extends RowData>() => createColumnHelper<Features, T>();

interface DataTableProps<T extends RowData> {
  /** Names the table (its caption, visible to assistive technology). */
  caption: string;
  columns: Columns<T>;
  data: T[];
  rowId: (row: T) => string;
  empty: string;
}

/** A plain, semantic table of rows: the header cells are column headers, the caption names it. */
export function DataTable<T extends RowData>({ caption, columns, data, rowId, empty }: DataTableProps<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => rowId(row) });
  const rows = table.getRowModel().rows;
  return (
    <div className="cfg-table-wrap">
      <table className="cfg-table">
        <caption className="cfg-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="cfg-table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
