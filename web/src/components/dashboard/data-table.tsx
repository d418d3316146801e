// A table whose rows are the caller's own <tr> (the compliance panels, the operator console): the
// panels' table (components/table/table.tsx) in every other way. It never scrolls sideways: where
// its box is too narrow for its columns each row stacks into a card, every cell under its column's
// name (the names are copied from the header row onto the cells after each render, so the callers'
// rows stay plain). Captioned for assistive technology, a header cell per column. A column may be
// left out with a falsy entry (`owner && 'Assign to'`).
import { useLayoutEffect, type ReactNode } from 'react';
import { stackClass } from '@/components/table/table';
import { useStacking } from '@/components/table/use-stacking';
import '@/components/table/table.css';

interface Props {
  /** What the table holds, read out as its caption (the table's accessible name). */
  caption: string;
  /** Kept for the callers that named the old scrolling region apart from the caption. */
  label?: string;
  columns: ReadonlyArray<ReactNode>;
  /** The body's rows (<tr>). */
  children: ReactNode;
}

export function DataTable({ caption, columns, children }: Props) {
  const shown = columns.filter(Boolean);
  const { wrapRef, tableRef, forced } = useStacking(children);
  // Each body cell is labelled with its column's header, as the stacked card shows it.
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const label = headers[i];
        if (label && !cell.hasAttribute('data-label')) cell.setAttribute('data-label', label);
      });
    }
  });
  return (
    <div ref={wrapRef} className={`dt-wrap ${stackClass(shown.length)}${forced ? ' dt-stacked' : ''}`}>
      <table ref={tableRef} className="dt dt-free">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
