// Merchandise: the school's items with edit and delete (confirmed), and Add New Merchandise.
import { useState } from 'react';
import { validateMerch } from '@shared/catalog/admin-api';
import type { MerchItem, School } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { Button } from '@/components/button';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { FallbackImage } from '@/components/fallback-image';
import { InputField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { centsOf, dollarsText, MoneyField } from '@/components/form/money-field';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useDeleteMerch } from '@/features/collective-panel/api/delete-merch';
import { useSaveMerch } from '@/features/collective-panel/api/save-merch';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { IMAGE_FIELDS, ImagePicker, imagePickerOf, pickerProblem } from '@/features/collective-panel/components/settings/form-parts';

function MerchForm({
  collectiveId,
  school,
  item,
  onDone,
}: {
  collectiveId: number;
  school: School;
  item: MerchItem | null;
  onDone: (message: string | null) => void;
}) {
  const save = useSaveMerch(collectiveId, school.id);
  const form = useForm({
    initial: { name: item?.name ?? '', priceCents: dollarsText(item?.priceCents), image: null as File | null },
    check: ({ name, priceCents, image }, shown) => {
      const cents = centsOf(priceCents) ?? null;
      // Until an image is uploaded, the item keeps its image (or shows the school's logo).
      const checked = validateMerch({ name, priceCents: cents ?? -1, image: item?.image ?? school.logo });
      if (cents === null) checked.errors.priceCents = 'Enter a price like 25.00';
      return { value: { merchId: item?.id ?? null, item: checked.value, image }, errors: { ...checked.errors, image: pickerProblem(shown, image) } };
    },
    send: (request) => save.trigger(request),
    onSuccess: (saved) => onDone(item ? `${saved.name} was updated.` : `${saved.name} was added.`),
    serverFields: IMAGE_FIELDS,
    texts: WRITE_TEXTS,
  });
  const title = item ? `Edit ${item.name}` : 'Add New Merchandise';
  return (
    <Form form={form} className="panel" aria-label={title}>
      <h3 className="panel-title">{title}</h3>
      <div className="dash-form">
        <InputField label="Item Name" {...form.field('name')} />
        <MoneyField label="Price (USD)" placeholder="25.00" {...form.field('priceCents')} />
        <ImagePicker label="Item Image" className="field-full" {...imagePickerOf(form)} />
      </div>
      <FormEnd form={form} busy="Saving..." onCancel={() => onDone(null)}>
        {item ? 'Save Item' : 'Add Item'}
      </FormEnd>
    </Form>
  );
}

export function MerchManager({ collectiveId, school, items }: { collectiveId: number; school: School; items: MerchItem[] }) {
  const [editing, setEditing] = useState<MerchItem | 'new' | null>(null);
  const deleting = useConfirmation<MerchItem>();
  const notice = useAction(WRITE_TEXTS);
  const remove = useDeleteMerch(collectiveId, school.id);
  const sorted = [...items].sort((a, b) => a.id - b.id);
  const deleteItem = (item: MerchItem) => {
    if (editing !== 'new' && editing?.id === item.id) setEditing(null);
    void notice.run(() => remove.trigger({ merchId: item.id }), `${item.name} was deleted.`);
  };
  return (
    <div className="dash-main">
      <div className="dash-row">
        <p className="muted flush">Merchandise shown on the {school.name} page.</p>
        <Button
          intent="primary"
          onClick={() => {
            notice.show(null);
            setEditing('new');
          }}
        >
          Add New Merchandise
        </Button>
      </div>
      <FormOutcome success={notice.success} error={notice.error} />
      {editing && (
        <MerchForm
          key={editing === 'new' ? 'new' : editing.id}
          collectiveId={collectiveId}
          school={school}
          item={editing === 'new' ? null : editing}
          onDone={(text) => {
            setEditing(null);
            if (text) notice.show(text);
          }}
        />
      )}
      {sorted.length === 0 ? (
        <p className="muted">No merchandise yet.</p>
      ) : (
        <ul className="dash-merch" aria-label="Merchandise">
          {sorted.map((item) => (
            <li key={item.id}>
              <FallbackImage src={item.image} alt="" loading="lazy" />
              <strong>{item.name}</strong>
              <span>{formatUsd(item.priceCents)}</span>
              <div className="dash-actions">
                <Button size="sm" aria-label={`Edit ${item.name}`} onClick={() => setEditing(item)}>
                  Edit
                </Button>
                <Button intent="destructive" size="sm" aria-label={`Delete ${item.name}`} onClick={() => deleting.ask(item)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmAbout about={deleting} title="Delete Merchandise?" confirmLabel="Delete" danger onConfirm={deleteItem}>
        {(item) => <p>{item.name} will be removed from the school page.</p>}
      </ConfirmAbout>
    </div>
  );
}
