// Create Athlete Profile (/create-profile): name, sport, school, position, bio, profile image.
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { PROFILE_SPORTS, useCreateProfile, validateProfile, type ProfileErrors, type ProfileValues } from '@/features/auth/api/create-profile';
import { useHydrated } from '@/lib/use-hydrated';

const EMPTY: ProfileValues = { name: '', sport: '', school: '', position: '', bio: '', profileImage: null };
export const PROFILE_RECEIVED = 'Profile received. We will be in touch to verify your identity.';

export default function CreateProfile() {
  // Prerendered: the submit waits for the app (see lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const create = useCreateProfile();
  const [values, setValues] = useState<ProfileValues>(EMPTY);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [done, setDone] = useState(false);
  const set = (k: Exclude<keyof ProfileValues, 'profileImage'>) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    setDone(false);
    if (Object.keys(found).length > 0) return;
    await create.trigger(values);
    setDone(true);
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">For athletes</p>
        <h1 className="page-title">Create Athlete Profile</h1>
        <p className="muted">Tell fans who you are. You approve every image before a card goes on sale.</p>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Create Athlete Profile">
          <Field label="Name" required error={errors.name}>
            {(control) => <input {...control} className="input" name="name" value={values.name} onChange={set('name')} />}
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
          <Field label="School" required error={errors.school}>
            {(control) => <input {...control} className="input" name="school" value={values.school} onChange={set('school')} />}
          </Field>
          <Field label="Position" required error={errors.position}>
            {(control) => <input {...control} className="input" name="position" value={values.position} onChange={set('position')} />}
          </Field>
          <Field label="Bio">{(control) => <textarea {...control} className="input" rows={4} value={values.bio} onChange={set('bio')} />}</Field>
          <Field label="Profile image" error={errors.profileImage}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="file"
                accept="image/*"
                onChange={(e) => setValues((v) => ({ ...v, profileImage: e.target.files?.[0] ?? null }))}
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={!hydrated || create.isMutating}>
            Create Profile
          </button>
          <FormOutcome success={done ? PROFILE_RECEIVED : null} />
        </form>
      </div>
    </div>
  );
}
