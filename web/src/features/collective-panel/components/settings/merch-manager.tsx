// Merchandise: the school's items with edit and delete (confirmed), and Add New Merchandise.
import { useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { dollarsTextToCents, validateMerch } from '@shared/catalog/admin-api';
import type { MerchItem, School } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { ConfirmDialog } from '@/components/dialog';
import { FallbackImage } from '@/components/fallback-image';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useDeleteMerch } from '@/features/collective-panel/api/delete-merch';
import { useSaveMerch } from '@/features/collective-panel/api/save-merch';
import { errorsFrom, ImagePicker } from '@/features/collective-panel/components/settings/form-parts';

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
  const [name, setName] = useState(item?.name ?? '');
  const [price, setPrice] = useState(item ? (item.priceCents / 100).toFixed(2) : '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveMerch(collectiveId, school.id);
  const title = item ? `Edit ${item.name}` : 'Add New Merchandise';
  return (
    <form
      className="panel"
      aria-label={title}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setMessage(null);
        const cents = dollarsTextToCents(price);
        // Until an image is uploaded, the item keeps its image (or shows the school's logo).
        const checked = validateMerch({ name, priceCents: cents ?? -1, image: item?.image ?? school.logo });
        if (cents === null) checked.errors.priceCents = 'Enter a price like 25.00';
        if (errors.image && !file) checked.errors.image = errors.image;
        setErrors(checked.errors);
        if (Object.keys(checked.errors).length) return;
        try {
          const saved = await save.trigger({ merchId: item?.id ?? null, item: checked.value, image: file });
          onDone(item ? `${saved.name} was updated.` : `${saved.name} was added.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m);
        }
      }}
    >
      <h3 className="panel-title">{title}</h3>
      <div className="dash-form">
        <Field label="Item Name" error={errors.name}>
          {(control) => <input {...control} className="input" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Price (USD)" error={errors.priceCents}>
          {(control) => (
            <input {...control} className="input" inputMode="decimal" placeholder="25.00" value={price} onChange={(e) => setPrice(e.target.value)} />
          )}
        </Field>
        <ImagePicker
          label="Item Image"
          className="field-full"
          file={file}
          error={errors.image}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setErrors(({ image: _drop, ...rest }) => (problem ? { ...rest, image: problem } : rest));
          }}
        />
      </div>
      <FormOutcome error={message} />
      <div className="dash-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isMutating}>
          {save.isMutating ? 'Saving...' : item ? 'Save Item' : 'Add Item'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function MerchManager({ collectiveId, school, items }: { collectiveId: number; school: School; items: MerchItem[] }) {
  const [editing, setEditing] = useState<MerchItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MerchItem | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const remove = useDeleteMerch(collectiveId, school.id);
  const sorted = [...items].sort((a, b) => a.id - b.id);
  return (
    <div className="dash-main">
      <div className="dash-row">
        <p className="muted" style={{ margin: 0 }}>
          Merchandise shown on the {school.name} page.
        </p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Add New Merchandise
        </button>
      </div>
      <FormOutcome success={notice?.kind === 'ok' ? notice.text : null} error={notice?.kind === 'error' ? notice.text : null} />
      {editing && (
        <MerchForm
          key={editing === 'new' ? 'new' : editing.id}
          collectiveId={collectiveId}
          school={school}
          item={editing === 'new' ? null : editing}
          onDone={(text) => {
            setEditing(null);
            if (text) setNotice({ kind: 'ok', text });
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
                <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${item.name}`} onClick={() => setEditing(item)}>
                  Edit
                </button>
                <button type="button" className="btn btn-danger btn-sm" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Merchandise?"
          confirmLabel="Delete"
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const item = deleting;
            setDeleting(null);
            if (editing !== 'new' && editing?.id === item.id) setEditing(null);
            try {
              await remove.trigger({ merchId: item.id });
              setNotice({ kind: 'ok', text: `${item.name} was deleted.` });
            } catch (error) {
              setNotice({ kind: 'error', text: errorsFrom(error).message ?? 'The item could not be deleted.' });
            }
          }}
        >
          <p>{deleting.name} will be removed from the school page.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
