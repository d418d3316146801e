// A modal confirmation on the native <dialog> (showModal): the browser makes the rest of the page
// inert (no focus, clicks or screen-reader reading behind it), focuses the dialog's Cancel button,
// and Escape cancels. A click on the backdrop cancels too, and focus returns to what opened it.
// The parent shows the dialog by rendering it and closes it by no longer rendering it; or, for a
// confirmation about one thing (a post to delete, an athlete to remove), holds the thing in
// useConfirmation and renders ConfirmAbout, which is shown while there is one.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, danger }: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
      // The opener may be gone (a deleted row): then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent decides (it stops rendering the dialog).
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // The dialog box fills the <dialog> element, so a click on the element itself is on the backdrop.
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div className="dialog-box">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children && <div className="dialog-body">{children}</div>}
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="btn btn-ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** What a confirmation is about: `ask(subject)` opens it, `close()` takes it away. */
export function useConfirmation<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  return { subject, ask: (next: T) => setSubject(() => next), close: () => setSubject(null) };
}

export type Confirmation<T> = ReturnType<typeof useConfirmation<T>>;

interface AboutProps<T> extends Omit<Props, 'title' | 'children' | 'onConfirm' | 'onCancel'> {
  about: Confirmation<T>;
  title: string | ((subject: T) => string);
  children: (subject: T) => ReactNode;
  /** Runs once the dialog is closed. */
  onConfirm: (subject: T) => void;
}

/** A ConfirmDialog about `about.subject`, shown while there is one: Cancel closes it; Confirm closes it and acts on the subject. */
export function ConfirmAbout<T>({ about, title, children, onConfirm, ...rest }: AboutProps<T>) {
  const { subject, close } = about;
  if (subject === null) return null;
  return (
    <ConfirmDialog
      {...rest}
      title={typeof title === 'function' ? title(subject) : title}
      onCancel={close}
      onConfirm={() => {
        close();
        onConfirm(subject);
      }}
    >
      {children(subject)}
    </ConfirmDialog>
  );
}
