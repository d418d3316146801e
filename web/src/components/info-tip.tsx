// A toggletip (docs/decisions/0016): a small "i" button beside a title that shows a note in a
// bubble when pressed, and hides it on a second press, Escape or a click elsewhere. The note is
// announced when it appears (a live region). The panels keep their "Dates and months in UTC" here,
// rather than under every title.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  return (
    <span ref={box} className="info-tip">
      <button type="button" className="info-tip-button" aria-label={label} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} role="status" className={open ? 'info-tip-bubble' : 'sr-only'}>
        {open ? children : null}
      </span>
    </span>
  );
}
