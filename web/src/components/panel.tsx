// A panel of a page or dashboard: a section with its heading, named by it for assistive technology
// (aria-labelledby the heading's id, which pages and tests may point at).
import type { ReactNode } from 'react';

interface Props {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  /** Classes beside `panel` (no-print). */
  className?: string;
  children?: ReactNode;
}

export function Panel({ id, title, className, children }: Props) {
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
