// Previous / Next under a list read a page at a time (docs/decisions/0016), with where one is
// ('Page 2', or 'Lines 26–50'); nothing when everything fits on one page.
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import '@/components/design.css';

interface Props {
  /** The navigation's name ('Statement pages'). */
  label: string;
  /** Where the reader is. */
  position: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  busy?: boolean;
}

export function Pager({ label, position, hasPrevious, hasNext, onPrevious, onNext, busy = false }: Props) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button size="sm" disabled={!hasPrevious || busy} onClick={onPrevious}>
        Previous
      </Button>
      <span className="muted small" aria-live="polite">
        {position}
      </span>
      <Button size="sm" disabled={!hasNext || busy} onClick={onNext}>
        Next
      </Button>
    </nav>
  );
}
