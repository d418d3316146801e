// The 'Get on the List' form (/waiting-list, /demo/waiting-list), posting to POST /api/waitlist.
// The outcome line is brought into view and focused (it sits below the fold on most screens).
import { useHydrated } from '@/lib/use-hydrated';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { WAITLIST_SCHOOLS, type WaitlistRequest } from '@shared/api';
import { TextField } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { joinWaitlist, validateWaitlist, type WaitlistErrors } from '@/features/waitlist/api/join-waitlist';

export const SUCCESS_TEXT = 'Thank you! Your submission has been sent successfully.';
export const ERROR_TEXT = 'Sorry, there was an error sending your submission. Please try again.';

const EMPTY: WaitlistRequest = { firstName: '', lastName: '', email: '', details: '', school: '' };

export default function WaitingList() {
  // Prerendered: the submit waits for the app (see lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const [values, setValues] = useState<WaitlistRequest>(EMPTY);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const outcome = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const el = outcome.current;
    if (!el) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [status]);

  const set = (name: keyof WaitlistRequest) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name as keyof WaitlistErrors]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWaitlist(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['firstName', 'lastName', 'email'] as const).find((k) => found[k]);
      if (first) document.getElementById(`wl-${first}`)?.focus();
      return;
    }
    setStatus('submitting');
    try {
      const body: WaitlistRequest = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
      if (values.details?.trim()) body.details = values.details.trim();
      if (values.school) body.school = values.school;
      await joinWaitlist(body);
      setStatus('success');
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) setErrors(error.fields as WaitlistErrors);
      setStatus('error');
    }
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">Contact Us</p>
        <h1 className="page-title">Get on the List</h1>
        <p className="muted">Athletes, collectives and fans: tell us who you are and we will reach out as Drift opens at your school.</p>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Get on the List">
          <div className="field-row">
            <TextField
              id="wl-firstName"
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
            />
            <TextField
              id="wl-lastName"
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
            />
          </div>
          <TextField
            id="wl-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <div className="field">
            <label htmlFor="wl-school">School</label>
            <select id="wl-school" className="input" value={values.school} onChange={set('school')}>
              <option value="">Select a school (optional)</option>
              {WAITLIST_SCHOOLS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="wl-details">Additional details</label>
            <textarea
              id="wl-details"
              className="input"
              rows={4}
              value={values.details}
              onChange={set('details')}
              placeholder="Your sport, your collective, what you would like to see..."
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={!hydrated || status === 'submitting'}>
            {status === 'submitting' ? 'Submitting...' : 'Submit'}
          </button>
          <div role="status" aria-live="polite">
            {status === 'success' && (
              <p ref={outcome} tabIndex={-1} className="form-success">
                {SUCCESS_TEXT}
              </p>
            )}
          </div>
          {status === 'error' && (
            <p ref={outcome} tabIndex={-1} role="alert" className="form-error">
              {ERROR_TEXT}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
