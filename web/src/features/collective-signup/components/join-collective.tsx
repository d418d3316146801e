// Join as a collective (/collectives/join): an account (signed out, the page links to sign up and
// sign in and comes back here) applies for its organisation (name, legal name, website, contact
// email and phone) and its school (one on Drift without a collective, or a new school with its
// name, logo and colours), after reading and accepting the terms shown on the page. A Drift
// operator reviews it (/operator); the page shows the application's state: under review, declined
// with the operator's reason (the form opens again to apply anew) or approved (the collective's
// dashboard opens once the session carries the new collective).
import { Link } from 'react-router-dom';
import type { CollectiveApplication } from '@shared/onboarding/collective-signup-api';
import { COLLECTIVE_TERMS } from '@shared/onboarding/collective-terms';
import { DateText } from '@/components/date-text';
import { DecidedOn, OpenWhenLinked } from '@/components/decision-outcome';
import { FieldError, InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { SignInOrSignUp } from '@/components/sign-in-required';
import { Loaded } from '@/components/loaded';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import {
  EMPTY_APPLICATION,
  SERVER_FIELDS,
  useMyApplication,
  useSubmitApplication,
  validateApplication,
  type ApplicationValues,
} from '@/features/collective-signup/api/collective-applications';
import { SchoolFields } from '@/features/collective-signup/components/school-fields';
import '@/components/dashboard/dashboard.css';
import '@/features/collective-signup/components/join-collective.css';

export const APPLICATION_RECEIVED = 'Application received. A Drift operator reviews it; this page shows the answer.';

function SignedOut() {
  return (
    <SignInOrSignUp back={paths.collectiveJoin.getHref()} first="signup">
      Create an account (or sign in) to apply: the account you apply with becomes your collective&apos;s sign-in once Drift approves it.
    </SignInOrSignUp>
  );
}

function Approved({ application }: { application: CollectiveApplication }) {
  return (
    <div className="form-success" role="status">
      <p>
        <strong>Approved</strong>
        <DecidedOn iso={application.decidedAt} />: {application.organisation.name} is the collective of {application.school.name} on Drift, with this account as
        its sign-in.
      </p>
      <OpenWhenLinked claim="custom:collectiveId" href={paths.collectiveAdmin.getHref()} what="the collective">
        Open your collective dashboard
      </OpenWhenLinked>
    </div>
  );
}

function Status({ application }: { application: CollectiveApplication }) {
  if (application.state === 'approved') return <Approved application={application} />;
  if (application.state === 'declined')
    return (
      <div className="form-error" role="status">
        <p>
          <strong>Declined</strong>
          <DecidedOn iso={application.decidedAt} />
          {application.declineReason ? `: ${application.declineReason}` : '.'}
        </p>
        <p>You can correct the application below and send it again.</p>
      </div>
    );
  return (
    <p className="form-success" role="status">
      <strong>Under review</strong>: {application.organisation.name} for {application.school.name}, sent on <DateText iso={application.submittedAt} />. A Drift
      operator reviews it; this page shows the answer.
    </p>
  );
}

function Terms() {
  return (
    <div className="join-terms" tabIndex={0} role="region" aria-label={COLLECTIVE_TERMS.title}>
      <h3>{COLLECTIVE_TERMS.title}</h3>
      <p className="muted">Version {COLLECTIVE_TERMS.version}</p>
      {COLLECTIVE_TERMS.sections.map((section) => (
        <section key={section.heading}>
          <h4>{section.heading}</h4>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

const valuesOf = (application: CollectiveApplication | null): ApplicationValues => {
  if (!application) return EMPTY_APPLICATION;
  const { organisation, school } = application;
  return {
    ...EMPTY_APPLICATION,
    ...organisation,
    schoolKind: school.kind,
    school: school.kind === 'existing' ? String(school.schoolId) : '',
    schoolName: school.kind === 'new' ? school.name : '',
    schoolState: school.kind === 'new' ? (school.state ?? '') : '',
    ...(school.kind === 'new' ? school.colors : {}),
  };
};

function ApplicationForm({ application, signedInEmail }: { application: CollectiveApplication | null; signedInEmail: string }) {
  const hydrated = useHydrated();
  const submit = useSubmitApplication();
  const form = useForm({
    initial: () => ({ ...valuesOf(application), contactEmail: application?.organisation.contactEmail ?? signedInEmail }),
    check: (values) => ({ value: values, errors: validateApplication(values) }),
    send: (values, { idempotencyKey }) => submit.trigger({ values, idempotencyKey }),
    onSuccess: () => APPLICATION_RECEIVED,
    serverFields: SERVER_FIELDS,
    texts: {
      invalid: 'Check the fields marked.',
      conflict: (error) => (error as Error).message,
      other: 'Sending failed. Please try again.',
    },
  });
  const { values } = form;

  return (
    <Form form={form} aria-label="Apply as a collective" className="join-form">
      <fieldset>
        <legend>Your organisation</legend>
        <InputField label="Organisation name" required maxLength={80} autoComplete="organization" {...form.field('name')} />
        <InputField label="Legal name" required maxLength={120} hint="As registered, e.g. Harbor NIL Collective, Inc." {...form.field('legalName')} />
        <InputField label="Website" required type="url" maxLength={200} placeholder="https://" {...form.field('website')} />
        <InputField label="Contact email" required type="email" maxLength={254} autoComplete="email" {...form.field('contactEmail')} />
        <InputField label="Phone" required type="tel" maxLength={30} autoComplete="tel" {...form.field('phone')} />
      </fieldset>

      <SchoolFields form={form} />

      <fieldset>
        <legend>Terms</legend>
        <Terms />
        <div className="field">
          <label className="join-accept">
            <input
              type="checkbox"
              aria-invalid={form.errors.acceptTerms ? true : undefined}
              aria-describedby={form.errors.acceptTerms ? 'accept-terms-error' : undefined}
              checked={values.acceptTerms}
              onChange={(e) => form.set('acceptTerms')(e.target.checked)}
            />{' '}
            I have read the terms and accept them for my organisation
          </label>
          <FieldError id="accept-terms-error" error={form.errors.acceptTerms} />
        </div>
      </fieldset>

      <SubmitButton form={form} busy="Sending..." className="btn btn-primary btn-block btn-lg" disabled={!hydrated}>
        {application ? 'Apply again' : 'Apply'}
      </SubmitButton>
      <FormOutcome success={form.success} error={form.error} />
    </Form>
  );
}

function SignedIn({ email }: { email: string }) {
  const mine = useMyApplication(true);
  return (
    <Loaded read={mine} error={mine.error?.message || 'Failed to load your application.'} loading="Loading your application...">
      {({ application }) => (
        <>
          {application && <Status application={application} />}
          {(!application || application.state === 'declined') && <ApplicationForm application={application} signedInEmail={email} />}
        </>
      )}
    </Loaded>
  );
}

export default function JoinCollective() {
  const session = useSession();
  const hydrated = useHydrated();
  const runs = session?.claims['custom:collectiveId'];
  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">For collectives</p>
        <h1 className="page-title">Join Drift as a collective</h1>
        <p className="muted">
          Sell your athletes&apos; official digital cards, pay them from one ledger and take donations. Tell us who you are; a Drift operator reviews each
          application.
        </p>
        {!hydrated || !session ? (
          <SignedOut />
        ) : runs ? (
          <p className="form-success" role="status">
            This account already runs a collective on Drift. <Link to={paths.collectiveAdmin.getHref()}>Open your collective dashboard</Link>
          </p>
        ) : (
          <SignedIn email={String(session.claims.email ?? '')} />
        )}
      </div>
    </div>
  );
}
