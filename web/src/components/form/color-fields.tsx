// A school's three colours as form fields: each a hex text field with a colour picker beside it
// (the picker shows `fallback`'s colour while the text is not a whole #RRGGBB).
import type { SchoolColors } from '@shared/catalog/catalog-types';
import { Field } from '@/components/form/field';

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** The colour a preview or picker can show: the value when it is a #RRGGBB, else the fallback's. */
export const shownColor = (colors: SchoolColors, fallback: SchoolColors, key: keyof SchoolColors) => (HEX.test(colors[key]) ? colors[key] : fallback[key]);

export function ColorFields({
  fields,
  values,
  errors,
  onValue,
  fallback,
  required,
}: {
  fields: Array<{ key: keyof SchoolColors; label: string }>;
  values: SchoolColors;
  errors: Readonly<Partial<Record<string, string>>>;
  onValue: (key: keyof SchoolColors) => (value: string) => void;
  fallback: SchoolColors;
  required?: boolean;
}) {
  return (
    <div className="dash-colors">
      {fields.map(({ key, label }) => (
        <Field key={key} label={label} required={required} error={errors[key]}>
          {(control) => (
            <div className="dash-color-input">
              <input
                type="color"
                aria-label={`${label} picker`}
                value={shownColor(values, fallback, key).toLowerCase()}
                onChange={(e) => onValue(key)(e.target.value.toUpperCase())}
              />
              <input {...control} className="input" value={values[key]} maxLength={7} onChange={(e) => onValue(key)(e.target.value)} />
            </div>
          )}
        </Field>
      ))}
    </div>
  );
}
