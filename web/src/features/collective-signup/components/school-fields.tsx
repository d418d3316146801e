// /collectives/join's school part: a school on Drift without a collective (chosen from the list) or
// a new school with its name, state, logo and colours (a picker beside each hex field).
import { ColorFields } from '@/components/form/color-fields';
import { FieldError, ImageFileField, InputField, SelectField } from '@/components/form/field';
import type { Form as FormOf } from '@/components/form/use-form-submit';
import { SchoolSelect } from '@/components/form/school-select';
import { EMPTY_APPLICATION, useApplicationSchools, type ApplicationValues } from '@/features/collective-signup/api/collective-applications';
import { US_STATES } from '@shared/catalog/us-states';

const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

const COLORS: Array<{ key: 'primary' | 'secondary' | 'accent'; label: string }> = [
  { key: 'primary', label: 'Primary colour' },
  { key: 'secondary', label: 'Secondary colour' },
  { key: 'accent', label: 'Accent colour' },
];

export function SchoolFields({ form }: { form: FormOf<ApplicationValues, unknown> }) {
  const schools = useApplicationSchools(true);
  const { values } = form;

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
        <FieldError id="school-kind-error" error={form.errors.schoolKind} />
      </fieldset>
      {values.schoolKind === 'existing' && (
        <SchoolSelect
          schools={schools}
          label="Your school"
          hint="Schools on Drift without a collective."
          empty={
            <p className="muted" role="status">
              Every school on Drift has its collective. Choose &quot;Add my school&quot; if yours is not on Drift.
            </p>
          }
          {...form.field('school')}
        />
      )}
      {values.schoolKind === 'new' && (
        <>
          <InputField label="School name" required maxLength={80} {...form.field('schoolName')} />
          <SelectField
            label="State"
            required
            placeholder="Choose the state"
            hint="The school's state decides which state NIL disclosure rule applies."
            options={STATE_OPTIONS}
            {...form.field('schoolState')}
          />
          <ImageFileField label="School logo" required error={form.errors.schoolLogo} hint="PNG, JPG or GIF." onFile={form.set('schoolLogo')} />
          <ColorFields fields={COLORS} values={values} errors={form.errors} onValue={form.set} fallback={EMPTY_APPLICATION} required />
        </>
      )}
    </fieldset>
  );
}
