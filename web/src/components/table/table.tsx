// The panels' one table (docs/decisions/0016-panel-design-system.md). Columns are declared once
// (heading, cell, alignment) and the table never scrolls sideways: where its box is too narrow for
// its columns it stacks each row into a card, every cell under its column's name (a phone; a
// narrow window). The stacking width follows the number of columns (a container query, so it holds
// before any script runs and in server-rendered HTML); should the cells still not fit (long words),
// the table measures itself and stacks anyway (use-stacking.ts). It stays a real table with a
// caption, column headers and row headers for assistive technology in both layouts.
import type { ReactNode } from 'react';
import { useStacking } from '@/components/table/use-stacking';
import '@/components/table/table.css';

export interface Column<T> {
  /** The column's name: its header, and each cell's label when rows stack. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell names the row (a row header; the stacked card's title). */
  rowHeader?: boolean;
  /** Amounts line up on the right (wide layout). */
  align?: 'end';
  /** Actions: stacked, the cell takes the card's width without a label; the header is read only. */
  actions?: boolean;
  /** The header for assistive technology only (the cells say what they are). */
  hideHeader?: boolean;
}

interface Props<T> {
  /** What the table holds: its caption (read out; the table's accessible name). */
  caption: string;
  /** The caption shown above the table too (otherwise read only). */
  showCaption?: boolean;
  /** Columns in order; a falsy entry is left out (`owner && { ... }`). */
  columns: ReadonlyArray<Column<T> | false | null | undefined>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode;
  /** A row's class (a highlighted row). */
  rowClass?: (row: T) => string | undefined;
}

/** The container query's stacking width for a number of columns (table.css). */
export function stackClass(columns: number): string {
  if (columns <= 3) return 'dt-stack-s';
  if (columns <= 5) return 'dt-stack-m';
  if (columns <= 7) return 'dt-stack-l';
  return 'dt-stack-xl';
}

export function Table<T>({ caption, showCaption = false, columns, rows, rowKey, empty, rowClass }: Props<T>) {
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  const { wrapRef, tableRef, forced } = useStacking(rows);
  if (rows.length === 0 && empty !== undefined) return <>{typeof empty === 'string' ? <p className="muted">{empty}</p> : empty}</>;
  return (
    <div ref={wrapRef} className={`dt-wrap ${stackClass(shown.length)}${forced ? ' dt-stacked' : ''}`}>
      <table ref={tableRef} className="dt">
        <caption className={showCaption ? 'dt-caption' : 'sr-only'}>{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={column.align === 'end' ? 'dt-end' : undefined}>
                {column.hideHeader || column.actions ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {shown.map((column) => {
                const className = [column.align === 'end' ? 'dt-end' : '', column.actions ? 'dt-actions' : ''].filter(Boolean).join(' ') || undefined;
                return column.rowHeader ? (
                  <th key={column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} data-label={column.actions || column.hideHeader ? undefined : column.header} className={className}>
                    {/* One box for the value, so the stacked cell is two columns: its label and this. */}
                    <div className="dt-v">{column.cell(row)}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
