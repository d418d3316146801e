// School Colors: primary, secondary and accent with pickers and a live preview; Save Colors persists them.
import { useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { validateSchoolColors } from '@shared/catalog/admin-api';
import type { School, SchoolColors } from '@shared/catalog/catalog-types';
import { DEFAULT_SCHOOL_COLORS } from '@shared/catalog/catalog-types';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useSaveSchoolColors } from '@/features/collective-panel/api/save-school-colors';
import { errorsFrom } from '@/features/collective-panel/components/settings/form-parts';

const FIELDS: Array<{ key: keyof SchoolColors; label: string }> = [
  { key: 'primary', label: 'Primary Color' },
  { key: 'secondary', label: 'Secondary Color' },
  { key: 'accent', label: 'Accent Color' },
];

export function SchoolColorsForm({ collectiveId, school }: { collectiveId: number; school: School }) {
  const [colors, setColors] = useState<SchoolColors>(school.colors ?? DEFAULT_SCHOOL_COLORS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const save = useSaveSchoolColors(collectiveId, school.id);
  const valid = (v: string) => /^#[0-9A-Fa-f]{6}$/.test(v);
  const safe = (key: keyof SchoolColors) => (valid(colors[key]) ? colors[key] : DEFAULT_SCHOOL_COLORS[key]);

  return (
    <form
      className="panel"
      aria-label="School Colors"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setSuccess(null);
        setMessage(null);
        const checked = validateSchoolColors({ ...colors });
        setErrors(checked.errors);
        if (Object.keys(checked.errors).length) return;
        try {
          await save.trigger(checked.value);
          setColors(checked.value);
          setSuccess(`Colors saved for ${school.name}.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m);
        }
      }}
    >
      <h3 className="panel-title">School Colors — {school.name}</h3>
      <div className="dash-colors">
        {FIELDS.map(({ key, label }) => (
          <Field key={key} label={label} error={errors[key]}>
            {(control) => (
              <div className="dash-color-input">
                <input
                  type="color"
                  aria-label={`${label} picker`}
                  value={safe(key).toLowerCase()}
                  onChange={(e) => setColors((c) => ({ ...c, [key]: e.target.value.toUpperCase() }))}
                />
                <input {...control} className="input" value={colors[key]} maxLength={7} onChange={(e) => setColors((c) => ({ ...c, [key]: e.target.value }))} />
              </div>
            )}
          </Field>
        ))}
      </div>
      <div className="dash-preview" aria-label="Preview">
        <div className="dash-preview-head" style={{ background: safe('primary'), color: safe('secondary') }}>
          {school.name}
        </div>
        <div className="dash-preview-body" style={{ background: safe('secondary'), color: safe('accent') }}>
          <span>Preview text in the accent color</span>
          <span className="dash-preview-btn" style={{ background: safe('primary'), color: safe('secondary'), borderColor: safe('accent') }}>
            Button
          </span>
        </div>
      </div>
      <FormOutcome error={message} success={success} />
      <button type="submit" className="btn btn-primary" disabled={save.isMutating}>
        {save.isMutating ? 'Saving...' : 'Save Colors'}
      </button>
    </form>
  );
}
