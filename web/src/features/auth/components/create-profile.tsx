// Create Athlete Profile (/create-profile): a signed-in account (verified email) asks the
// collectives of its school to create its athlete profile: name, sport, school (the schools with a
// collective on Drift), position, bio, profile image (uploaded as the signed-in user). The page shows
// the request's status: pending (sending again replaces it), accepted (the athlete panel opens after
// the session is refreshed) or declined with the collective's reason. Signed out, it says sign-in is
// needed and links to sign in / sign up; that is also what the prerendered HTML shows.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProfileRequest } from '@shared/onboarding/onboarding-api';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { refreshSession, useSession } from '@/lib/auth/session-store';
import {
  formErrors,
  PROFILE_SPORTS,
  useCreateProfile,
  useMyProfileRequest,
  useProfileSchools,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from '@/features/auth/api/create-profile';
import { useHydrated } from '@/lib/use-hydrated';

const EMPTY: ProfileValues = { name: '', sport: '', school: '', position: '', bio: '', profileImage: null };
export const PROFILE_RECEIVED = 'Profile received. The collectives of your school will review it; this page shows their answer.';
const next = `?next=${encodeURIComponent(paths.createProfile.getHref())}`;

function SignedOut() {
  return (
    <>
      <p>Sign in to send your profile: the collectives of your school create it from your request, linked to your account.</p>
      <div className="dash-actions">
        <Link className="btn btn-primary" to={`${paths.login.getHref()}${next}`}>
          Sign in
        </Link>
        <Link className="btn btn-outline" to={`${paths.signup.getHref()}${next}`}>
          Sign up
        </Link>
      </div>
    </>
  );
}

function Status({ request }: { request: ProfileRequest }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [stale, setStale] = useState(false);
  const open = async () => {
    setOpening(true);
    const session = await refreshSession();
    setOpening(false);
    if (session?.claims['custom:athleteId']) navigate(paths.athleteAdmin.getHref());
    else setStale(true);
  };
  if (request.state === 'accepted')
    return (
      <div className="form-success" role="status">
        <p>
          <strong>Accepted</strong>
          {request.decidedAt ? (
            <>
              {' '}
              on <DateText iso={request.decidedAt} />
            </>
          ) : null}
          : {request.name} is on Drift, with your account as the athlete&apos;s.
        </p>
        <button type="button" className="btn btn-primary" disabled={opening} onClick={() => void open()}>
          Open your athlete panel
        </button>
        {stale && <p className="form-error">Your sign-in does not show the athlete yet. Sign out and in again.</p>}
      </div>
    );
  if (request.state === 'declined')
    return (
      <div className="form-error" role="status">
        <p>
          <strong>Declined</strong>
          {request.decidedAt ? (
            <>
              {' '}
              on <DateText iso={request.decidedAt} />
            </>
          ) : null}
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
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(request));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const set = (k: Exclude<keyof ProfileValues, 'profileImage'>) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    setDone(false);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await create.trigger({ values, image: request?.image ?? null });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(formErrors(err.fields));
        setFailure(Object.keys(err.fields).length ? `${err.message}: check the fields marked.` : err.message);
      } else setFailure('Sending failed. Please try again.');
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Create Athlete Profile">
      <Field label="Name" required error={errors.name}>
        {(control) => <input {...control} className="input" name="name" maxLength={80} value={values.name} onChange={set('name')} />}
      </Field>
      <Field label="Sport" required error={errors.sport}>
        {(control) => (
          <select {...control} className="input" value={values.sport} onChange={set('sport')}>
            <option value="">Select a sport</option>
            {PROFILE_SPORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {schools.error ? (
        <ErrorBox message="Failed to load the schools. Please try again." onRetry={() => void schools.mutate()} />
      ) : !schools.data ? (
        <Spinner label="Loading schools..." />
      ) : schools.data.items.length === 0 ? (
        <p className="muted">No school on Drift takes profile requests yet.</p>
      ) : (
        <Field label="School" required error={errors.school} hint="Schools with a collective on Drift.">
          {(control) => (
            <select {...control} className="input" value={values.school} onChange={set('school')}>
              <option value="">Select your school</option>
              {schools.data!.items.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label="Position" required error={errors.position}>
        {(control) => <input {...control} className="input" name="position" maxLength={40} value={values.position} onChange={set('position')} />}
      </Field>
      <Field label="Bio" error={errors.bio}>
        {(control) => <textarea {...control} className="input" rows={4} maxLength={1000} value={values.bio} onChange={set('bio')} />}
      </Field>
      <Field
        label="Profile image"
        error={errors.profileImage}
        hint={request?.image && !values.profileImage ? 'Your earlier image is kept unless you choose another.' : 'PNG, JPG or GIF.'}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept="image/png,image/jpeg,image/gif"
            onChange={(e) => setValues((v) => ({ ...v, profileImage: e.target.files?.[0] ?? null }))}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={!hydrated || create.isMutating}>
        {create.isMutating ? 'Sending...' : request ? 'Send again' : 'Create Profile'}
      </button>
      <FormOutcome success={done ? PROFILE_RECEIVED : null} error={failure} />
    </form>
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
  if (mine.error) return <ErrorBox message={mine.error.message || 'Failed to load your request.'} onRetry={() => void mine.mutate()} />;
  if (!mine.data) return <Spinner label="Loading your request..." />;
  const request = mine.data.request;
  return (
    <>
      {request && <Status request={request} />}
      {request?.state !== 'accepted' && <ProfileForm request={request} />}
    </>
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
