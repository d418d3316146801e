// Create Athlete Profile (/create-profile): a signed-in account (verified email) asks the
// collectives of its school to create its athlete profile: name, sport, school (the schools with a
// collective on Drift), position, bio, profile image (uploaded as the signed-in user). The page shows
// the request's status: pending (sending again replaces it), accepted (the athlete panel opens after
// the session is refreshed) or declined with the collective's reason. Signed out, it says sign-in is
// needed and links to sign in / sign up; that is also what the prerendered HTML shows.
import { Link } from 'react-router-dom';
import type { ProfileRequest } from '@shared/onboarding/onboarding-api';
import { DateText } from '@/components/date-text';
import { DecidedOn, OpenWhenLinked } from '@/components/decision-outcome';
import { ImageFileField, InputField, SelectField, TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { SchoolSelect } from '@/components/form/school-select';
import { useForm } from '@/components/form/use-form-submit';
import { SignInOrSignUp } from '@/components/sign-in-required';
import { Loaded } from '@/components/loaded';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import {
  PROFILE_SPORTS,
  SERVER_FIELDS,
  useCreateProfile,
  useMyProfileRequest,
  useProfileSchools,
  validateProfile,
  type ProfileValues,
} from '@/features/auth/api/create-profile';
import { useHydrated } from '@/lib/use-hydrated';

const EMPTY: ProfileValues = { name: '', sport: '', school: '', position: '', bio: '', profileImage: null };
export const PROFILE_RECEIVED = 'Profile received. The collectives of your school will review it; this page shows their answer.';

function SignedOut() {
  return (
    <SignInOrSignUp back={paths.createProfile.getHref()} first="login">
      Sign in to send your profile: the collectives of your school create it from your request, linked to your account.
    </SignInOrSignUp>
  );
}

function Status({ request }: { request: ProfileRequest }) {
  if (request.state === 'accepted')
    return (
      <div className="form-success" role="status">
        <p>
          <strong>Accepted</strong>
          <DecidedOn iso={request.decidedAt} />: {request.name} is on Drift, with your account as the athlete&apos;s.
        </p>
        <OpenWhenLinked claim="custom:athleteId" href={paths.athleteAdmin.getHref()} what="the athlete">
          Open your athlete panel
        </OpenWhenLinked>
      </div>
    );
  if (request.state === 'declined')
    return (
      <div className="form-error" role="status">
        <p>
          <strong>Declined</strong>
          <DecidedOn iso={request.decidedAt} />
          {request.declineReason ? `: ${request.declineReason}` : '.'} You can change the details and send it again.
        </p>
      </div>
    );
  return (
    <p className="form-success" role="status">
      <strong>Pending</strong>: sent on <DateText iso={request.createdAt} /> to the collectives of {request.schoolName}. Sending the form again replaces it.
    </p>
  );
}

const valuesOf = (request: ProfileRequest | null): ProfileValues =>
  request
    ? { name: request.name, sport: request.sport, school: String(request.schoolId), position: request.position, bio: request.bio, profileImage: null }
    : EMPTY;

function ProfileForm({ request }: { request: ProfileRequest | null }) {
  const hydrated = useHydrated();
  const schools = useProfileSchools();
  const create = useCreateProfile();
  const form = useForm({
    initial: () => valuesOf(request),
    check: (values) => ({ value: values, errors: validateProfile(values) }),
    send: (values) => create.trigger({ values, image: request?.image ?? null }),
    onSuccess: () => PROFILE_RECEIVED,
    serverFields: SERVER_FIELDS,
    texts: { invalid: (error) => `${(error as Error).message}: check the fields marked.`, other: 'Sending failed. Please try again.' },
  });
  const { values } = form;

  return (
    <Form form={form} aria-label="Create Athlete Profile">
      <InputField label="Name" required name="name" maxLength={80} {...form.field('name')} />
      <SelectField label="Sport" required placeholder="Select a sport" options={PROFILE_SPORTS} {...form.field('sport')} />
      <SchoolSelect
        schools={schools}
        label="School"
        hint="Schools with a collective on Drift."
        empty={<p className="muted">No school on Drift takes profile requests yet.</p>}
        {...form.field('school')}
      />
      <InputField label="Position" required name="position" maxLength={40} {...form.field('position')} />
      <TextAreaField label="Bio" rows={4} maxLength={1000} {...form.field('bio')} />
      <ImageFileField
        label="Profile image"
        error={form.errors.profileImage}
        hint={request?.image && !values.profileImage ? 'Your earlier image is kept unless you choose another.' : 'PNG, JPG or GIF.'}
        onFile={form.set('profileImage')}
      />
      <SubmitButton form={form} busy="Sending..." className="btn btn-primary btn-block btn-lg" disabled={!hydrated}>
        {request ? 'Send again' : 'Create Profile'}
      </SubmitButton>
      <FormOutcome success={form.success} error={form.error} />
    </Form>
  );
}

/** An account already linked to an athlete (an accepted request or a claimed invite). */
function AlreadyAthlete() {
  return (
    <p className="form-success" role="status">
      This account already belongs to an athlete on Drift. <Link to={paths.athleteAdmin.getHref()}>Open your athlete panel</Link>
    </p>
  );
}

function SignedIn() {
  const mine = useMyProfileRequest(true);
  return (
    <Loaded read={mine} error={mine.error?.message || 'Failed to load your request.'} loading="Loading your request...">
      {({ request }) => (
        <>
          {request && <Status request={request} />}
          {request?.state !== 'accepted' && <ProfileForm request={request} />}
        </>
      )}
    </Loaded>
  );
}

export default function CreateProfile() {
  const session = useSession();
  const hydrated = useHydrated();
  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">For athletes</p>
        <h1 className="page-title">Create Athlete Profile</h1>
        <p className="muted">Tell fans who you are. You approve every image before a card goes on sale.</p>
        {!hydrated || !session ? <SignedOut /> : session.claims['custom:athleteId'] ? <AlreadyAthlete /> : <SignedIn />}
      </div>
    </div>
  );
}
