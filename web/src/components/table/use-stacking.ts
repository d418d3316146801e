// The table's safety net (table.tsx): the container query stacks rows below a width chosen by the
// column count, but a table whose cells need more (a long name, many badges) could still be wider
// than its box. Measured after layout and on every resize: while the table is wider than its box
// it is stacked (`forced`), remembering the width it needed, and it unstacks once the box has that
// width again. Measured after the first render, so server-rendered HTML hydrates unchanged.
import { useEffect, useRef, useState } from 'react';

/** `content`: what the table shows (its rows): new content is measured again. */
export function useStacking(content: unknown) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // The width the table needed when it last overflowed (null: it fits, or was never measured).
  const [forced, setForced] = useState<number | null>(null);
  useEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table) return;
    const check = () => {
      const room = wrap.clientWidth;
      if (room === 0) return; // not laid out (hidden, jsdom)
      setForced((needed) => {
        if (needed !== null) return room >= needed ? null : needed;
        const width = table.scrollWidth;
        return width > room + 1 ? width : null;
      });
    };
    check();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(check);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);
  // New rows (or a table that unstacked for a wider box) may not fit: measured again.
  useEffect(() => {
    if (forced !== null) return;
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (wrap && table && wrap.clientWidth > 0 && table.scrollWidth > wrap.clientWidth + 1) setForced(table.scrollWidth);
  }, [forced, content]);
  return { wrapRef, tableRef, forced: forced !== null };
}
