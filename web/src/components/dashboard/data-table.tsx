// A dashboard table: in its scrolling region (table-region.tsx), captioned for assistive
// technology, with a header cell per column; the rows are the caller's. A column may be left out
// with a falsy entry (`owner && 'Assign to'`).
import type { ReactNode } from 'react';
import { TableRegion } from '@/components/dashboard/table-region';

interface Props {
  /** What the table holds, read out as its caption and (unless `label`) its region's name. */
  caption: string;
  label?: string;
  columns: ReadonlyArray<ReactNode>;
  /** The body's rows (<tr>). */
  children: ReactNode;
}

export function DataTable({ caption, label = caption, columns, children }: Props) {
  return (
    <TableRegion label={label}>
      <table className="dash-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.filter(Boolean).map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
