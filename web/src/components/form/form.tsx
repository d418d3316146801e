// The <form> of the form kit: not validated by the browser (the shared validator speaks, in the
// page's words), submitted by the kit's hook (use-form-submit.ts), which also finds the first
// invalid field in it to focus.
import type { FormHTMLAttributes, ReactNode } from 'react';
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
