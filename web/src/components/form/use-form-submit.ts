// The form kit's submit hook (bulletproof-react's components/ui/form, without a form library):
// one submission runs the shared validator (the function the server runs, from shared/), stops on
// its errors and focuses the first invalid field, else sends with the submission's idempotency key
// and maps a failure to field errors and one form message (form-errors.ts). The key is made when a
// submission starts and kept while the same request is sent again after a failure (a retry); a
// success or a changed request starts the next submission with a new one. `useForm` adds the
// values (one state, a setter per field) for the forms that keep them nowhere else.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { describeFailure, type Failure, type FailureTexts, type FieldErrors, type FieldMapping } from '@/components/form/form-errors';

/** What the validator made of the input: the request to send, or why not (field errors, a form message). */
export interface Checked<T> {
  value: T;
  errors?: Readonly<Partial<Record<string, string>>>;
  message?: string | null;
}

export interface SubmitOptions<Req, Res> extends FieldMapping {
  /** Runs first, at once (no await before it): the shared validator's verdict and the request. */
  check: () => Checked<Req>;
  /** The write. A submission's retries get the same key. */
  send: (request: Req, submission: { idempotencyKey: string }) => Promise<Res>;
  /** After the write: the success line to show, if any. */
  onSuccess?: (result: Res, request: Req) => string | null | void;
  /** After a failure (the form's own check or the write): for a form whose messages live elsewhere (the login steps). */
  onFailure?: (failure: Failure, error: unknown) => void;
  texts?: FailureTexts;
  /** The <form> element, when something else needs it too (lib/use-typed-before-hydration.ts). */
  formRef?: RefObject<HTMLFormElement | null>;
  /** The outcome line takes focus on a failure with a message (FormOutcome `focus`), not the first invalid field. */
  focusOutcome?: boolean;
}

export type SubmitStatus = 'idle' | 'submitting' | 'success' | 'error';

interface State<Res> {
  status: SubmitStatus;
  errors: FieldErrors;
  error: string | null;
  success: string | null;
  result: Res | null;
}

export interface FormSubmit<Res> extends State<Res> {
  formRef: RefObject<HTMLFormElement | null>;
  submitting: boolean;
  /** For <form onSubmit>: prevents the browser's submit and runs one submission. */
  onSubmit: (event?: FormEvent) => void;
  /** Runs one submission; true when it was sent and succeeded. */
  submit: () => Promise<boolean>;
  /** Puts (or with null takes away) one field's error, e.g. a file picker's verdict. */
  setFieldError: (name: string, message: string | null) => void;
  /** Shows `message` as the form's (a side action's failure, such as Resend code), or none. */
  setError: (message: string | null) => void;
  /** Back to no errors, no message, no outcome. */
  clear: () => void;
}

const IDLE: State<never> = { status: 'idle', errors: {}, error: null, success: null, result: null };
const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

export function useFormSubmit<Req, Res>(options: SubmitOptions<Req, Res>): FormSubmit<Res> {
  const ownRef = useRef<HTMLFormElement>(null);
  const formRef = options.formRef ?? ownRef;
  const [state, setState] = useState<State<Res>>(IDLE);
  const busy = useRef(false);
  /** The submission under way or last failed: its request (as JSON) and its key. */
  const submission = useRef<{ request: string; key: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);

  const fail = (failure: Failure, error: unknown, focusField: boolean) => {
    setState({ status: 'error', errors: failure.fields, error: failure.message, success: null, result: null });
    if (focusField && hasErrors(failure.fields)) setFocusRequest((n) => n + 1);
    options.onFailure?.(failure, error);
  };

  const submit = async (): Promise<boolean> => {
    if (busy.current) return false;
    const checked = options.check();
    const errors = Object.fromEntries(Object.entries(checked.errors ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])));
    if (hasErrors(errors) || checked.message) {
      fail({ fields: errors, message: checked.message ?? null }, null, true);
      return false;
    }
    const request = JSON.stringify(checked.value ?? null);
    if (submission.current?.request !== request) submission.current = { request, key: newIdempotencyKey() };
    const idempotencyKey = submission.current.key;
    busy.current = true;
    setState({ ...IDLE, status: 'submitting' });
    try {
      const result = await options.send(checked.value, { idempotencyKey });
      submission.current = null;
      const success = options.onSuccess?.(result, checked.value) ?? null;
      setState({ status: 'success', errors: {}, error: null, success, result });
      return true;
    } catch (error) {
      const failure = describeFailure(error, options.texts, options);
      fail(failure, error, !(options.focusOutcome && failure.message));
      return false;
    } finally {
      busy.current = false;
    }
  };

  return {
    ...state,
    formRef,
    submitting: state.status === 'submitting',
    submit,
    onSubmit: (event) => {
      event?.preventDefault();
      void submit();
    },
    setFieldError: (name, message) =>
      setState((s) => {
        const { [name]: _old, ...rest } = s.errors;
        return { ...s, errors: message ? { ...rest, [name]: message } : rest };
      }),
    setError: (message) => setState((s) => ({ ...s, error: message, success: message ? null : s.success })),
    clear: () => setState(IDLE),
  };
}

export interface FormOptions<V, Req, Res> extends Omit<SubmitOptions<Req, Res>, 'check'> {
  initial: V | (() => V);
  /** The values' verdict; `shown` is what the fields show now (a file picker's refusal, say). */
  check: (values: V, shown: FieldErrors) => Checked<Req>;
  /** Editing a field takes its error away (the waiting list); otherwise errors stay until the next submit. */
  clearErrorOnEdit?: boolean;
}

export interface FieldBinding<T> {
  value: T;
  onValue: (value: T) => void;
  error: string | undefined;
}

export interface Form<V, Res> extends FormSubmit<Res> {
  values: V;
  setValues: (update: (values: V) => V) => void;
  /** The setter of one field. */
  set: <K extends keyof V>(name: K) => (value: V[K]) => void;
  /** A field's value, setter and error, for the kit's field components: <InputField {...form.field('name')} />. */
  field: <K extends keyof V & string>(name: K) => FieldBinding<V[K]>;
  /** The values the form started with. */
  reset: () => void;
}

/** useFormSubmit with the form's values: the fields the form shows are the values' names. */
export function useForm<V extends object, Req, Res>({ initial, check, clearErrorOnEdit, ...options }: FormOptions<V, Req, Res>): Form<V, Res> {
  const [start] = useState(initial);
  const [values, setValues] = useState<V>(start);
  const form: FormSubmit<Res> = useFormSubmit<Req, Res>({ fields: Object.keys(start), ...options, check: () => check(values, form.errors) });
  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      if (clearErrorOnEdit && form.errors[name as string]) form.setFieldError(name as string, null);
    };
  return {
    ...form,
    values,
    setValues,
    set,
    field: (name) => ({ value: values[name], onValue: set(name), error: form.errors[name] }),
    reset: () => setValues(start),
  };
}
