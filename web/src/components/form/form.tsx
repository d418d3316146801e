// The <form> of the form kit: not validated by the browser (the shared validator speaks, in the
// page's words), submitted by the kit's hook (use-form-submit.ts), which also finds the first
// invalid field in it to focus; its submit button, disabled while the submission is under way; and
// a form's end (its outcome line, the submit button and, for a form one can leave, Cancel).
import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormOutcome } from '@/components/form/form-outcome';
import type { FormSubmit } from '@/components/form/use-form-submit';

interface Props extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  form: Pick<FormSubmit<unknown>, 'formRef' | 'onSubmit'>;
  children: ReactNode;
}

export function Form({ form, children, ...rest }: Props) {
  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} {...rest}>
      {children}
    </form>
  );
}

interface SubmitProps {
  form: Pick<FormSubmit<unknown>, 'submitting'>;
  /** What the button says while the submission is under way ('Saving...'); its label otherwise. */
  busy?: string;
  /** `btn btn-primary` unless given. */
  className?: string;
  /** Disabled for another reason too (a prerendered page not hydrated yet). */
  disabled?: boolean;
  children: ReactNode;
}

export function SubmitButton({ form, busy, className = 'btn btn-primary', disabled = false, children }: SubmitProps) {
  return (
    <button type="submit" className={className} disabled={disabled || form.submitting}>
      {form.submitting && busy ? busy : children}
    </button>
  );
}

interface EndProps extends Omit<SubmitProps, 'form'> {
  form: Pick<FormSubmit<unknown>, 'submitting' | 'error' | 'success'>;
  /** Leaves the form (an edit opened from a list): a Cancel button beside the submit one. */
  onCancel?: () => void;
}

/** The end of a form: how its submission went, then its submit button (and Cancel). */
export function FormEnd({ form, onCancel, children, ...submit }: EndProps) {
  const button = (
    <SubmitButton form={form} {...submit}>
      {children}
    </SubmitButton>
  );
  return (
    <>
      <FormOutcome error={form.error} success={form.success} />
      {onCancel ? (
        <div className="dash-actions">
          {button}
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        button
      )}
    </>
  );
}
