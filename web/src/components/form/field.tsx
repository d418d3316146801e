// The one form field of the web app: a label, the control, an optional hint and the field's error,
// linked for assistive technology (the control gets the id, aria-invalid, aria-describedby and
// aria-required). The control itself is the caller's (input, select, textarea, file input), given
// these props through the render function:
//   <Field label="Email" error={errors.email} required>{(control) => <input {...control} className="input" />}</Field>
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** The label for assistive technology only (the control speaks for itself on screen, e.g. a composer). */
  hideLabel?: boolean;
  /** A fixed id for the control (to focus it from elsewhere); generated otherwise. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, error, hint, required, hideLabel, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : undefined}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
