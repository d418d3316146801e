// /profile (signed in): the fan's display name and public collector profile (issue 26 item 1). The
// name is what Top Fans and leaderboards show instead of the pseudonym Drift gives; the profile
// (/collector/{name}) stays private until turned on, and a minor's always does. The shared
// validator runs first (with the name guard's staff words, decision 0026); the server's refusals
// (taken, too close to an athlete's, a school's or a collective's name) show on the field.
import { Link } from 'react-router-dom';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, validateProfile, type MyProfile, type ProfileRequest } from '@shared/community/display-names';
import '@/components/dashboard/dashboard.css';
import { ErrorBox } from '@/components/error-box';
import { CheckField, InputField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import { saveMyProfile, useMyProfile } from '@/features/collector/api/profile';
import '@/features/collector/components/collector.css';

function ProfileForm({ profile, onSaved }: { profile: MyProfile; onSaved: (p: MyProfile) => void }) {
  const form = useForm<{ displayName: string; public: boolean }, ProfileRequest, MyProfile>({
    initial: { displayName: profile.displayName ?? '', public: profile.public },
    check: (v) => validateProfile({ displayName: v.displayName.trim() || null, public: v.public }),
    send: (request) => saveMyProfile(request),
    onSuccess: (saved) => {
      onSaved(saved);
      return saved.public ? 'Saved. Your profile is public.' : 'Saved.';
    },
  });
  return (
    <Form form={form} className="panel profile-form" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">Your name on Drift</h2>
      <p className="muted">
        {profile.displayName ? (
          <>
            Public lists call you <strong>{profile.displayName}</strong>
          </>
        ) : (
          <>
            Until you choose a name, public lists call you <strong>{profile.pseudonym}</strong>
          </>
        )}
        . Never any part of your email.
      </p>
      <InputField
        label="Display name"
        hint={`${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters: letters, digits, spaces and . _ -, starting with a letter. Not an athlete's, a school's or a collective's name, nor a Drift staff word.`}
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX + 8}
        {...form.field('displayName')}
      />
      {profile.canBePublic ? (
        <CheckField label="Show my collector profile to everyone (my cards, sets and Top Fan badges)" {...form.field('public')} />
      ) : (
        <p className="muted" role="note">
          Your collector profile stays private, and your name stays off public lists, because you told us you are under 18.
        </p>
      )}
      {form.errors.public && (
        <p className="field-error" role="alert">
          {form.errors.public}
        </p>
      )}
      <FormEnd form={form} busy="Saving...">
        Save
      </FormEnd>
      {profile.public && profile.displayName && (
        <p>
          Your public profile: <Link to={paths.collector.getHref(profile.displayName)}>/collector/{profile.displayName}</Link>
        </p>
      )}
    </Form>
  );
}

export default function ProfileSettings() {
  const hydrated = useHydrated();
  const session = useSession();
  const profile = useMyProfile(hydrated && session !== null);
  return (
    <section className="page container collector-settings">
      <h1 className="page-title">Your collector profile</h1>
      {profile.error && !profile.data ? (
        <ErrorBox message="Failed to load your profile. Please try again later." onRetry={() => void profile.mutate()} />
      ) : !profile.data ? (
        <PageSpinner label="Loading your profile..." />
      ) : (
        <ProfileForm profile={profile.data} onSaved={(saved) => void profile.mutate(saved, { revalidate: false })} />
      )}
    </section>
  );
}
