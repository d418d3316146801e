// The school's US state (issue 23), beside its colours: the state decides which state NIL disclosure
// rule the disclosure record shows (shared/money/state-rules.ts). PUT /api/schools/{id}/state.
import type { School } from '@shared/catalog/catalog-types';
import { US_STATES, stateError } from '@shared/catalog/us-states';
import { SelectField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { WRITE_TEXTS } from '@/features/collective-panel/config';

const OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

export function SchoolStateForm({ collectiveId, school }: { collectiveId: number; school: School }) {
  const save = useCollectiveWrite(collectiveId, `/schools/${school.id}/state`, (state: string) =>
    apiSend<School>(`/schools/${school.id}/state`, 'PUT', { state }),
  );
  const form = useForm({
    initial: { state: school.state ?? '' },
    check: (values: { state: string }) => {
      const error = stateError(values.state, true);
      return { value: values.state, errors: error ? { state: error } : {} };
    },
    send: (state) => save.trigger(state),
    onSuccess: (_r, state) => `${school.name} is in ${US_STATES[state]}: its disclosure rule applies.`,
    texts: WRITE_TEXTS,
  });
  return (
    <Form form={form} className="panel" aria-label="School state">
      <h3 className="panel-title">School state</h3>
      <SelectField
        label="State"
        required
        placeholder="Choose the state"
        hint="Which state's NIL disclosure rule applies to your athletes' deals (shown in their disclosure record)."
        options={OPTIONS}
        {...form.field('state')}
      />
      <FormEnd form={form} busy="Saving...">
        Save state
      </FormEnd>
    </Form>
  );
}
