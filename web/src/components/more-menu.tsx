// The phone-only "More" menu of the top bars: what the bar hides below 768 px (Contact Us, Sign in,
// secondary pages) stays one tap away. A disclosure button with a list of links; it closes on
// navigation, an outside click or Escape (focus then returns to the button).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export function MoreMenu({ label = 'More', children }: { label?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const [shownFor, setShownFor] = useState(pathname + search);

  // Close when the route changes (a link in the menu was followed).
  if (shownFor !== pathname + search) {
    setShownFor(pathname + search);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="more-menu show-mobile" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost topbar-btn more-menu-btn"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" className="more-menu-icon">
          ☰
        </span>
        <span className="sr-only">{label}</span>
      </button>
      {open && (
        // Following a link closes the menu at once (the next page may still be loading).
        <nav
          id={panelId}
          className="more-menu-panel"
          aria-label={label}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          {children}
        </nav>
      )}
    </div>
  );
}
