// Add Athlete Profile: name, sport, position, player number, optional bio and profile image.
// Checked here with the server's rules, then the image is uploaded and the profile created.
import { useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { PROFILE_SPORTS, validateCreateAthlete } from '@shared/catalog/admin-api';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useCreateAthlete } from '@/features/collective-panel/api/create-athlete';
import { sportLabel } from '@/features/collective-panel/components/settings/athletes-management';
import { errorsFrom, ImagePicker } from '@/features/collective-panel/components/settings/form-parts';

const EMPTY = { name: '', sport: '', position: '', number: '', bio: '' };

export function AddAthleteForm({ collectiveId }: { collectiveId: number }) {
  const [form, setForm] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const create = useCreateAthlete(collectiveId);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <form
      className="panel"
      aria-label="Add Athlete Profile"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setSuccess(null);
        setMessage(null);
        const checked = validateCreateAthlete(form);
        const imageError = errors.image && !file ? errors.image : undefined;
        const clientErrors = { ...checked.errors, ...(imageError ? { image: imageError } : {}) };
        setErrors(clientErrors);
        if (Object.keys(clientErrors).length) return;
        try {
          const created = await create.trigger({ profile: checked.value, image: file });
          setForm(EMPTY);
          setFile(null);
          setFileKey((k) => k + 1);
          setErrors({});
          setSuccess(`${created.name} was added to the collective.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m);
        }
      }}
    >
      <h3 className="panel-title">Add Athlete Profile</h3>
      <div className="dash-form">
        <Field label="Athlete Name" error={errors.name}>
          {(control) => <input {...control} className="input" autoComplete="off" value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Sport" error={errors.sport}>
          {(control) => (
            <select {...control} className="input" value={form.sport} onChange={set('sport')}>
              <option value="">Select a sport</option>
              {PROFILE_SPORTS.map((s) => (
                <option key={s} value={s}>
                  {sportLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Position" error={errors.position}>
          {(control) => <input {...control} className="input" value={form.position} onChange={set('position')} />}
        </Field>
        <Field label="Player Number" error={errors.number}>
          {(control) => <input {...control} className="input" inputMode="numeric" value={form.number} onChange={set('number')} />}
        </Field>
        <Field label="Bio (optional)" error={errors.bio} className="field-full">
          {(control) => <textarea {...control} className="input" rows={3} value={form.bio} onChange={set('bio')} />}
        </Field>
        <ImagePicker
          key={fileKey}
          label="Profile Image"
          className="field-full"
          file={file}
          error={errors.image}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setErrors(({ image: _drop, ...rest }) => (problem ? { ...rest, image: problem } : rest));
          }}
        />
      </div>
      <FormOutcome error={message} success={success} />
      <button type="submit" className="btn btn-primary" disabled={create.isMutating}>
        {create.isMutating ? 'Adding...' : 'Add Athlete'}
      </button>
    </form>
  );
}
