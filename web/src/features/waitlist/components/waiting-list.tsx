// The 'Get on the List' form (/waiting-list, /demo/waiting-list), posting to POST /api/waitlist.
// The outcome line is brought into view and focused (it sits below the fold on most screens).
import { WAITLIST_SCHOOLS, validateWaitlist, type WaitlistRequest } from '@shared/onboarding/onboarding-api';
import { InputField, SelectField, TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useJoinWaitlist } from '@/features/waitlist/api/join-waitlist';
import { useHydrated } from '@/lib/use-hydrated';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';

export const SUCCESS_TEXT = 'Thank you! Your submission has been sent successfully.';
export const ERROR_TEXT = 'Sorry, there was an error sending your submission. Please try again.';

const EMPTY: WaitlistRequest = { firstName: '', lastName: '', email: '', details: '', school: '' };
const SCHOOLS = WAITLIST_SCHOOLS.map((s) => ({ value: s, label: s }));

/** The request: trimmed names and email, details and school only when given. */
function requestOf(values: WaitlistRequest): WaitlistRequest {
  const body: WaitlistRequest = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
  if (values.details?.trim()) body.details = values.details.trim();
  if (values.school) body.school = values.school;
  return body;
}

export default function WaitingList() {
  // Prerendered: the submit waits for the app (see lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const join = useJoinWaitlist();
  // Prerendered: what was typed before hydration is kept and sent (lib/use-typed-before-hydration.ts).
  const formRef = useTypedBeforeHydration(EMPTY, (typed) => form.setValues((v) => ({ ...v, ...typed })));
  const form = useForm({
    initial: EMPTY,
    formRef,
    check: (values) => ({ value: requestOf(values), errors: validateWaitlist(values) }),
    send: (body) => join.trigger(body),
    onSuccess: () => {
      form.reset();
      return SUCCESS_TEXT;
    },
    texts: { failed: ERROR_TEXT },
    focusOutcome: true,
    clearErrorOnEdit: true,
  });
  const field = (name: keyof WaitlistRequest) => ({ ...form.field(name), value: form.values[name] ?? '', name });

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">Contact Us</p>
        <h1 className="page-title">Get on the List</h1>
        <p className="muted">Athletes, collectives and fans: tell us who you are and we will reach out as Drift opens at your school.</p>
        <Form form={form} aria-label="Get on the List">
          <div className="field-row">
            <InputField id="wl-firstName" label="First name" required autoComplete="given-name" {...field('firstName')} />
            <InputField id="wl-lastName" label="Last name" required autoComplete="family-name" {...field('lastName')} />
          </div>
          <InputField id="wl-email" label="Email" required type="email" autoComplete="email" {...field('email')} />
          <SelectField id="wl-school" label="School" placeholder="Select a school (optional)" options={SCHOOLS} {...field('school')} />
          <TextAreaField
            id="wl-details"
            label="Additional details"
            rows={4}
            placeholder="Your sport, your collective, what you would like to see..."
            {...field('details')}
          />
          <SubmitButton form={form} busy="Submitting..." className="btn btn-primary btn-block btn-lg" disabled={!hydrated}>
            Submit
          </SubmitButton>
          <FormOutcome focus success={form.success} error={form.error} />
        </Form>
      </div>
    </div>
  );
}
