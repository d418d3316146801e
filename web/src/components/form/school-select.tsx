// A form's school, chosen from a list the server reads (the schools a profile request or a
// collective application may name): the list's failure with a retry, its spinner, `empty` when it
// has no school, else the select, bound like the kit's other fields.
import type { ReactNode } from 'react';
import { SelectField } from '@/components/form/field';
import type { FieldBinding } from '@/components/form/use-form-submit';
import { Loaded } from '@/components/loaded';

export function SchoolSelect({
  schools,
  label,
  hint,
  empty,
  ...binding
}: FieldBinding<string> & {
  schools: { data?: { items: Array<{ id: number; name: string }> }; error?: unknown; mutate: () => unknown };
  label: string;
  hint: string;
  empty: ReactNode;
}) {
  return (
    <Loaded read={schools} error="Failed to load the schools. Please try again." loading="Loading schools...">
      {(data) =>
        data.items.length === 0 ? (
          empty
        ) : (
          <SelectField
            label={label}
            required
            hint={hint}
            placeholder="Select your school"
            options={data.items.map((s) => ({ value: String(s.id), label: s.name }))}
            {...binding}
          />
        )
      }
    </Loaded>
  );
}
