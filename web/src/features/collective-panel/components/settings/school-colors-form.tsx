// School Colors: primary, secondary and accent with pickers and a live preview; Save Colors persists them.
import { validateSchoolColors } from '@shared/catalog/admin-api';
import type { School, SchoolColors } from '@shared/catalog/catalog-types';
import { DEFAULT_SCHOOL_COLORS } from '@shared/catalog/catalog-types';
import { ColorFields, shownColor } from '@/components/form/color-fields';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { useSaveSchoolColors } from '@/features/collective-panel/api/save-school-colors';
import { WRITE_TEXTS } from '@/features/collective-panel/config';

const FIELDS: Array<{ key: keyof SchoolColors; label: string }> = [
  { key: 'primary', label: 'Primary Color' },
  { key: 'secondary', label: 'Secondary Color' },
  { key: 'accent', label: 'Accent Color' },
];

export function SchoolColorsForm({ collectiveId, school }: { collectiveId: number; school: School }) {
  const save = useSaveSchoolColors(collectiveId, school.id);
  const form = useForm({
    initial: school.colors ?? DEFAULT_SCHOOL_COLORS,
    check: (colors) => validateSchoolColors({ ...colors }),
    send: (colors) => save.trigger(colors),
    onSuccess: (_saved, colors) => {
      form.setValues(() => colors);
      return `Colors saved for ${school.name}.`;
    },
    texts: WRITE_TEXTS,
  });
  const colors = form.values;
  const safe = (key: keyof SchoolColors) => shownColor(colors, DEFAULT_SCHOOL_COLORS, key);

  return (
    <Form form={form} className="panel" aria-label="School Colors">
      <h3 className="panel-title">School Colors — {school.name}</h3>
      <ColorFields fields={FIELDS} values={colors} errors={form.errors} onValue={form.set} fallback={DEFAULT_SCHOOL_COLORS} />
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
      <FormEnd form={form} busy="Saving...">
        Save Colors
      </FormEnd>
    </Form>
  );
}
