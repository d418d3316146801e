// Buttons by intent (the panels' design system, docs/decisions/0016-panel-design-system.md):
// primary (the one action a screen is for: filled red), secondary (outlined), quiet (text only)
// and destructive (red text on an outline, never filled: it never looks like the primary action).
// A destructive button always asks first: ConfirmButton opens the native-dialog confirmation
// (dialog.tsx) and acts only on its confirm, whose button is the one filled red button.
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/dialog';

export type Intent = 'primary' | 'secondary' | 'quiet' | 'destructive';

const INTENT_CLASS: Record<Intent, string> = {
  primary: 'btn-primary',
  secondary: 'btn-outline',
  quiet: 'btn-ghost',
  destructive: 'btn-destructive',
};

/** The class of a button (or a link drawn as one) of this intent and size. */
export const buttonClass = (intent: Intent = 'secondary', size: 'sm' | 'md' = 'md', extra?: string): string =>
  ['btn', INTENT_CLASS[intent], size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ');

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  intent?: Intent;
  size?: 'sm' | 'md';
  className?: string;
  /** While true the button is disabled and says `busyLabel` (when given). */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({ intent = 'secondary', size = 'md', className, busy = false, busyLabel, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(intent, size, className)} disabled={disabled || busy} {...rest}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'intent'> {
  /** The confirmation's question ('Retire Card #1?'). */
  title: string;
  /** What will happen, in the dialog's body. */
  body: ReactNode;
  /** The dialog's confirm button ('Retire'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** Destructive by default; a secondary action that still asks (marking money sent) may say so. */
  intent?: Exclude<Intent, 'primary'>;
}

/** A button that asks first (ConfirmDialog) and acts on the confirm only; Cancel, Escape or a click
 * beside the dialog change nothing. */
export function ConfirmButton({ title, body, confirmLabel, onConfirm, intent = 'destructive', ...button }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} intent={intent} onClick={() => setAsking(true)} />
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          danger={intent === 'destructive'}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {body}
        </ConfirmDialog>
      )}
    </>
  );
}
