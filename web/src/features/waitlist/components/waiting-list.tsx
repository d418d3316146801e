// The 'Get on the List' form (/waiting-list, /demo/waiting-list), posting to POST /api/waitlist.
// The outcome line is brought into view and focused (it sits below the fold on most screens).
import { useState, type FormEvent } from 'react';
import { WAITLIST_SCHOOLS, validateWaitlist, type WaitlistErrors, type WaitlistRequest } from '@shared/onboarding/onboarding-api';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useJoinWaitlist } from '@/features/waitlist/api/join-waitlist';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';

export const SUCCESS_TEXT = 'Thank you! Your submission has been sent successfully.';
export const ERROR_TEXT = 'Sorry, there was an error sending your submission. Please try again.';

const EMPTY: WaitlistRequest = { firstName: '', lastName: '', email: '', details: '', school: '' };

export default function WaitingList() {
  // Prerendered: the submit waits for the app (see lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const join = useJoinWaitlist();
  const [values, setValues] = useState<WaitlistRequest>(EMPTY);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  // Prerendered: what was typed before hydration is kept and sent (lib/use-typed-before-hydration.ts).
  const form = useTypedBeforeHydration(values, (typed) => setValues((v) => ({ ...v, ...typed })));

  const set = (name: keyof WaitlistRequest) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name as keyof WaitlistErrors]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWaitlist(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['firstName', 'lastName', 'email', 'school', 'details'] as const).find((k) => found[k]);
      if (first) document.getElementById(`wl-${first}`)?.focus();
      return;
    }
    setOutcome(null);
    const body: WaitlistRequest = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
    if (values.details?.trim()) body.details = values.details.trim();
    if (values.school) body.school = values.school;
    try {
      await join.trigger(body);
      setOutcome('success');
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) setErrors(error.fields as WaitlistErrors);
      setOutcome('error');
    }
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">Contact Us</p>
        <h1 className="page-title">Get on the List</h1>
        <p className="muted">Athletes, collectives and fans: tell us who you are and we will reach out as Drift opens at your school.</p>
        <form ref={form} noValidate onSubmit={(e) => void submit(e)} aria-label="Get on the List">
          <div className="field-row">
            <Field id="wl-firstName" label="First name" required error={errors.firstName}>
              {(control) => (
                <input {...control} className="input" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
              )}
            </Field>
            <Field id="wl-lastName" label="Last name" required error={errors.lastName}>
              {(control) => (
                <input {...control} className="input" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
              )}
            </Field>
          </div>
          <Field id="wl-email" label="Email" required error={errors.email}>
            {(control) => <input {...control} className="input" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />}
          </Field>
          <Field id="wl-school" label="School" error={errors.school}>
            {(control) => (
              <select {...control} className="input" name="school" value={values.school} onChange={set('school')}>
                <option value="">Select a school (optional)</option>
                {WAITLIST_SCHOOLS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="wl-details" label="Additional details" error={errors.details}>
            {(control) => (
              <textarea
                {...control}
                className="input"
                name="details"
                rows={4}
                value={values.details}
                onChange={set('details')}
                placeholder="Your sport, your collective, what you would like to see..."
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={!hydrated || join.isMutating}>
            {join.isMutating ? 'Submitting...' : 'Submit'}
          </button>
          <FormOutcome focus success={outcome === 'success' ? SUCCESS_TEXT : null} error={outcome === 'error' ? ERROR_TEXT : null} />
        </form>
      </div>
    </div>
  );
}
