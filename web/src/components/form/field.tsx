// The form kit's fields: a label, the control, an optional hint and the field's error under it,
// linked for assistive technology (the control gets the id, aria-invalid, aria-describedby and
// aria-required). `Field` takes any control through a render function:
//   <Field label="Email" error={errors.email} required>{(control) => <input {...control} className="input" />}</Field>
// InputField, TextAreaField and SelectField are the usual controls in it, bound to a form by
// `{...form.field('name')}` (use-form-submit.ts) or given value/onValue/error.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FieldFrame {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** The label for assistive technology only (the control speaks for itself on screen, e.g. a composer). */
  hideLabel?: boolean;
  /** A fixed id for the control (to focus it from elsewhere); generated otherwise. */
  id?: string;
  /** The field's class (beside `field`), e.g. field-full. */
  className?: string;
}

interface FieldProps extends FieldFrame {
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under its control, with the id the control's aria-describedby names; nothing without one. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/** What a bound control takes besides its element's own attributes. */
interface Bound<T> extends FieldFrame {
  value: T;
  onValue: (value: T) => void;
  /** The control's class: `input` unless given. */
  inputClassName?: string;
}

type Native<E> = Omit<E, 'value' | 'onChange' | 'id' | 'className' | 'required'>;

/** A bound control's props split into its Field's, its binding and the element's own. */
function split<P extends Bound<string>>({ label, error, hint, required, hideLabel, id, className, value, onValue, inputClassName = 'input', ...element }: P) {
  return {
    frame: { label, error, hint, required, hideLabel, id, className },
    bind: { value, className: inputClassName, onChange: (e: { target: { value: string } }) => onValue(e.target.value) },
    element,
  };
}

export function InputField(props: Bound<string> & Native<InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, bind, element } = split(props);
  return <Field {...frame}>{(control) => <input {...control} {...element} {...bind} />}</Field>;
}

export function TextAreaField(props: Bound<string> & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, bind, element } = split(props);
  return <Field {...frame}>{(control) => <textarea {...control} {...element} {...bind} />}</Field>;
}

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

/** A select of `options`, after an empty first option when `placeholder` is given ('Choose a member'). */
export function SelectField({
  options,
  placeholder,
  ...props
}: Bound<string> & Native<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly SelectOption[]; placeholder?: string }) {
  const { frame, bind, element } = split(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select {...control} {...element} {...bind}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label after it, bound like the other fields: <CheckField label="..." {...binding} />. */
export function CheckField({ label, value, onValue }: { label: ReactNode; value: boolean; onValue: (checked: boolean) => void }) {
  return (
    <label className="check field">
      <input type="checkbox" checked={value} onChange={(e) => onValue(e.target.checked)} />
      {label}
    </label>
  );
}

/** A file field for an image (PNG, JPG or GIF): reports the file chosen, or null. */
export function ImageFileField({ onFile, ...frame }: FieldFrame & { onFile: (file: File | null) => void }) {
  return (
    <Field {...frame}>
      {(control) => (
        <input {...control} className="input" type="file" accept="image/png,image/jpeg,image/gif" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      )}
    </Field>
  );
}
