// Create Athlete Profile (/create-profile): name, sport, school, position, bio, profile image.
import { useHydrated } from '@/lib/use-hydrated';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/form-field';
import { PROFILE_SPORTS, submitProfile, validateProfile, type ProfileErrors, type ProfileValues } from '@/features/auth/api/create-profile';

const EMPTY: ProfileValues = { name: '', sport: '', school: '', position: '', bio: '', profileImage: null };

export default function CreateProfile() {
  // Prerendered: the submit waits for the app (see lib/use-hydrated.ts).
  const hydrated = useHydrated();
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
    await submitProfile(values);
    setDone(true);
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">For athletes</p>
        <h1 className="page-title">Create Athlete Profile</h1>
        <p className="muted">Tell fans who you are. You approve every image before a card goes on sale.</p>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Create Athlete Profile">
          <TextField label="Name" name="name" required value={values.name} onChange={set('name')} error={errors.name} />
          <div className="field">
            <label htmlFor="profile-sport">
              Sport<span aria-hidden="true"> *</span>
            </label>
            <select
              id="profile-sport"
              className="input"
              value={values.sport}
              onChange={set('sport')}
              aria-invalid={errors.sport ? true : undefined}
              aria-describedby={errors.sport ? 'profile-sport-error' : undefined}
            >
              <option value="">Select a sport</option>
              {PROFILE_SPORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {errors.sport && (
              <p id="profile-sport-error" className="field-error">
                {errors.sport}
              </p>
            )}
          </div>
          <TextField label="School" name="school" required value={values.school} onChange={set('school')} error={errors.school} />
          <TextField label="Position" name="position" required value={values.position} onChange={set('position')} error={errors.position} />
          <div className="field">
            <label htmlFor="profile-bio">Bio</label>
            <textarea id="profile-bio" className="input" rows={4} value={values.bio} onChange={set('bio')} />
          </div>
          <div className="field">
            <label htmlFor="profile-image">Profile image</label>
            <input
              id="profile-image"
              className="input"
              type="file"
              accept="image/*"
              aria-describedby={errors.profileImage ? 'profile-image-error' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, profileImage: e.target.files?.[0] ?? null }))}
            />
            {errors.profileImage && (
              <p id="profile-image-error" className="field-error">
                {errors.profileImage}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={!hydrated}>
            Create Profile
          </button>
          {done && (
            <p className="form-success" role="status">
              Profile received. We will be in touch to verify your identity.
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
