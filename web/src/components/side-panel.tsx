// A side panel (docs/decisions/0016): a modal sheet that slides in from the right (the full width
// on a phone) on the native <dialog> (showModal), as the Stripe dashboard edits a selection
// beside its list. The page behind is inert, Escape or Close closes it, and focus returns to what
// opened it. The parent shows it by rendering it and closes it by no longer rendering it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function SidePanel({ title, onClose, children }: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    close.current?.focus();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="side-panel"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-panel-box">
        <div className="side-panel-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button ref={close} type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
        <div className="side-panel-body">{children}</div>
      </div>
    </dialog>
  );
}
