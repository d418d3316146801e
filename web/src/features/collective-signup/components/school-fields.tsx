// /collectives/join's school part: a school on Drift without a collective (chosen from the list) or
// a new school with its name, logo and colours (a picker beside each hex field).
import { ErrorBox } from '@/components/error-box';
import { Field, InputField, SelectField } from '@/components/form/field';
import type { Form as FormOf } from '@/components/form/use-form-submit';
import { Spinner } from '@/components/spinner';
import { EMPTY_APPLICATION, useApplicationSchools, type ApplicationValues } from '@/features/collective-signup/api/collective-applications';

const COLORS: Array<{ key: 'primary' | 'secondary' | 'accent'; label: string }> = [
  { key: 'primary', label: 'Primary colour' },
  { key: 'secondary', label: 'Secondary colour' },
  { key: 'accent', label: 'Accent colour' },
];
const HEX = /^#[0-9A-Fa-f]{6}$/;

export function SchoolFields({ form }: { form: FormOf<ApplicationValues, unknown> }) {
  const schools = useApplicationSchools(true);
  const { values } = form;
  const swatch = (key: 'primary' | 'secondary' | 'accent') => (HEX.test(values[key]) ? values[key] : EMPTY_APPLICATION[key]);

  return (
    <fieldset>
      <legend>Your school</legend>
      <fieldset className="join-choice" aria-describedby={form.errors.schoolKind ? 'school-kind-error' : 'school-kind-hint'}>
        <legend className="join-sublegend">
          School<span aria-hidden="true"> *</span>
        </legend>
        <p id="school-kind-hint" className="hint">
          Drift admits one collective per school.
        </p>
        <label>
          <input
            type="radio"
            name="schoolKind"
            aria-invalid={form.errors.schoolKind ? true : undefined}
            checked={values.schoolKind === 'existing'}
            onChange={() => form.set('schoolKind')('existing')}
          />{' '}
          My school is on Drift
        </label>
        <label>
          <input type="radio" name="schoolKind" checked={values.schoolKind === 'new'} onChange={() => form.set('schoolKind')('new')} /> Add my school
        </label>
        {form.errors.schoolKind && (
          <p id="school-kind-error" className="field-error">
            {form.errors.schoolKind}
          </p>
        )}
      </fieldset>
      {values.schoolKind === 'existing' &&
        (schools.error ? (
          <ErrorBox message="Failed to load the schools. Please try again." onRetry={() => void schools.mutate()} />
        ) : !schools.data ? (
          <Spinner label="Loading schools..." />
        ) : schools.data.items.length === 0 ? (
          <p className="muted" role="status">
            Every school on Drift has its collective. Choose &quot;Add my school&quot; if yours is not on Drift.
          </p>
        ) : (
          <SelectField
            label="Your school"
            required
            hint="Schools on Drift without a collective."
            placeholder="Select your school"
            options={schools.data.items.map((s) => ({ value: String(s.id), label: s.name }))}
            {...form.field('school')}
          />
        ))}
      {values.schoolKind === 'new' && (
        <>
          <InputField label="School name" required maxLength={80} {...form.field('schoolName')} />
          <Field label="School logo" required error={form.errors.schoolLogo} hint="PNG, JPG or GIF.">
            {(control) => (
              <input
                {...control}
                className="input"
                type="file"
                accept="image/png,image/jpeg,image/gif"
                onChange={(e) => form.set('schoolLogo')(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <div className="dash-colors">
            {COLORS.map(({ key, label }) => (
              <Field key={key} label={label} required error={form.errors[key]}>
                {(control) => (
                  <div className="dash-color-input">
                    <input
                      type="color"
                      aria-label={`${label} picker`}
                      value={swatch(key).toLowerCase()}
                      onChange={(e) => form.set(key)(e.target.value.toUpperCase())}
                    />
                    <input {...control} className="input" value={values[key]} maxLength={7} onChange={(e) => form.set(key)(e.target.value)} />
                  </div>
                )}
              </Field>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
