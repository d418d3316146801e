// The notification settings form: an email on/off per kind of notice the account receives (in-app
// entries always appear: they are the record), the time zone quiet hours are read in, and the quiet
// hours (no email starts inside them; what is due waits for their end, in one digest). The shared
// validator (notifications-api.ts validatePreferences) runs first and the server's field errors show
// on their fields.
import { SUGGESTED_QUIET_HOURS, type Category } from '@shared/notifications/notification-rules';
import { COMMON_TIME_ZONES, validatePreferences, type PreferencesRequest, type PreferencesResponse } from '@shared/notifications/notifications-api';
import { CheckField, SelectField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { savePreferences } from '@/features/notifications/api/preferences';

interface Values {
  email: Partial<Record<Category, boolean>>;
  timeZone: string;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));

const valuesOf = (p: PreferencesResponse): Values => ({
  email: Object.fromEntries(p.categories.map((c) => [c.category, c.email])),
  timeZone: p.timeZone,
  quietOn: p.quietHours !== null,
  quietStart: String(p.quietHours?.start ?? SUGGESTED_QUIET_HOURS.start),
  quietEnd: String(p.quietHours?.end ?? SUGGESTED_QUIET_HOURS.end),
});

const requestOf = (v: Values): PreferencesRequest => ({
  email: v.email,
  timeZone: v.timeZone,
  quietHours: v.quietOn ? { start: Number(v.quietStart), end: Number(v.quietEnd) } : null,
});

export function NotificationSettings({ preferences, onSaved }: { preferences: PreferencesResponse; onSaved: (p: PreferencesResponse) => void }) {
  const form = useForm<Values, PreferencesRequest, PreferencesResponse>({
    initial: () => valuesOf(preferences),
    check: (values) => {
      const { value, errors } = validatePreferences(requestOf(values));
      const { quietHours, ...rest } = errors;
      return { value, errors: { ...rest, ...(quietHours ? { quietStart: quietHours } : {}) } };
    },
    serverFields: { quietHours: 'quietStart' },
    send: (request) => savePreferences(request),
    onSuccess: (saved) => {
      onSaved(saved);
      return 'Saved. Your next notifications follow these settings.';
    },
  });
  const zones = COMMON_TIME_ZONES.includes(form.values.timeZone) ? COMMON_TIME_ZONES : [form.values.timeZone, ...COMMON_TIME_ZONES];
  return (
    <Form form={form} aria-labelledby="notify-settings-title">
      <h2 id="notify-settings-title">Email settings</h2>
      <p className="muted">
        Emails go to <strong>{preferences.address ?? 'your account’s email'}</strong>. At most one email of each kind an hour: the rest wait and come together.
        Every notice also appears under the bell.
      </p>
      <fieldset className="notify-categories" aria-describedby={form.errors.email ? 'notify-email-error' : undefined}>
        <legend>Email me when</legend>
        {preferences.categories.map((c) => (
          <CheckField
            key={c.category}
            label={c.label}
            value={form.values.email[c.category] ?? false}
            onValue={(on) => form.setValues((v) => ({ ...v, email: { ...v.email, [c.category]: on } }))}
          />
        ))}
        {form.errors.email && (
          <p id="notify-email-error" className="field-error" role="alert">
            {form.errors.email}
          </p>
        )}
      </fieldset>
      <SelectField label="Your time zone" options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} {...form.field('timeZone')} />
      <CheckField label="Quiet hours: no email during these hours" {...form.field('quietOn')} />
      {form.values.quietOn && (
        <div className="notify-quiet">
          <SelectField label="From" options={HOURS} {...form.field('quietStart')} />
          <SelectField label="Until" options={HOURS} {...form.field('quietEnd')} />
        </div>
      )}
      <FormEnd form={form} busy="Saving...">
        Save settings
      </FormEnd>
    </Form>
  );
}
