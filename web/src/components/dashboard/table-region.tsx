// The region a dashboard table sits in: wider than its card (a phone, a narrow window), the table
// scrolls sideways inside it, never the card or the page. The region is named after the table and,
// while its table overflows, focusable, so a keyboard user can scroll it with the arrow keys; a
// shadow at the edge says there is more. Whether it overflows is measured after the first render,
// so prerendered HTML hydrates unchanged.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const check = () => setScrolls(region.scrollWidth > region.clientWidth + 1);
    check();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(check);
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={scrolls ? 'dash-table-wrap dash-table-scrolls' : 'dash-table-wrap'}
      role="region"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}
