// The card form (create, or edit a draft or rejected card): title, edition (Base, Gold, Signature
// or free text), image (uploaded through the existing upload flow), description, price in dollars
// (sent in cents), edition size or open, an optional unlock rule (another card of the athlete and
// a number of units) and the set. Checked with the server's rules (shared/cards/cards-api.ts) before
// sending; the server's field errors show on their fields; nothing typed is lost on an error.
import { useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import type { CardSet } from '@shared/catalog/catalog-types';
import type { CardRequest, OwnerCard } from '@shared/cards/cards-api';
import { checkUnlockRule, EDITION_NAMES, validateCardRequest } from '@shared/cards/cards-api';
import { rejectionOf } from '@shared/cards/lifecycle';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useSaveCard } from '@/features/collective-panel/api/card-writes';
import { errorsFrom, ImagePicker } from '@/features/collective-panel/components/settings/form-parts';

const OTHER = 'other';

/** '12.50' -> 1250 cents; '' -> undefined (required); anything else a non-integer the validator names. */
export function dollarsToCents(value: string): number | undefined {
  const text = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!text) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.isFinite(Number(text)) && Number(text) <= 0 ? Math.round(Number(text) * 100) : 0.5;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

interface FormState {
  name: string;
  editionChoice: string;
  editionText: string;
  description: string;
  price: string;
  open: boolean;
  editionSize: string;
  locked: boolean;
  unlockCardId: string;
  unlockUnits: string;
  setId: string;
}

/** The server files every card in a set (cards-repo checkRequest); shared/cards/cards-api.ts allows null, so the rule is repeated here. */
export const SET_REQUIRED = 'Choose the set this card belongs to (or create one)';

function initial(card: OwnerCard | null, sets: CardSet[]): FormState {
  const edition = card?.edition ?? 'Base';
  const known = (EDITION_NAMES as readonly string[]).includes(edition);
  return {
    name: card?.name ?? '',
    editionChoice: known ? edition : OTHER,
    editionText: known ? '' : edition,
    description: card?.description ?? '',
    price: card ? centsToDollars(card.priceCents) : '',
    open: card ? !card.editionSize : false,
    editionSize: card?.editionSize ? String(card.editionSize) : '',
    locked: Boolean(card?.unlock),
    unlockCardId: card?.unlock ? String(card.unlock.cardId) : '',
    unlockUnits: card?.unlock ? String(card.unlock.units) : '',
    setId: card?.setId ? String(card.setId) : String(sets.find((s) => s.closedAt === null)?.id ?? ''),
  };
}

/** A placeholder upload URL: the chosen file passes the image rule here and is uploaded on save. */
const PENDING_UPLOAD = '/uploads/00000000-0000-4000-8000-000000000000.png';

export function CardForm({
  collectiveId,
  athleteId,
  card,
  cards,
  sets,
  onDone,
}: {
  collectiveId: number;
  athleteId: number;
  /** The card being edited, or null for a new card. */
  card: OwnerCard | null;
  cards: OwnerCard[];
  sets: CardSet[];
  onDone: (message: string | null) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initial(card, sets));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveCard(collectiveId, athleteId);
  const set = (field: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const others = cards.filter((c) => c.id !== card?.id);
  const openSets = sets.filter((s) => s.closedAt === null || s.id === card?.setId);
  const title = card ? `Edit ${card.name}` : 'New card';

  const request = (): Record<string, unknown> => ({
    name: form.name,
    edition: form.editionChoice === OTHER ? form.editionText : form.editionChoice,
    image: file ? PENDING_UPLOAD : (card?.image ?? ''),
    description: form.description,
    priceCents: dollarsToCents(form.price),
    editionSize: form.open ? null : form.editionSize.trim() === '' ? '' : Number(form.editionSize),
    unlock: form.locked
      ? { cardId: form.unlockCardId ? Number(form.unlockCardId) : undefined, units: form.unlockUnits.trim() === '' ? '' : Number(form.unlockUnits) }
      : null,
    setId: form.setId ? Number(form.setId) : null,
  });

  return (
    <form
      className="panel"
      aria-label={title}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setMessage(null);
        const checked = validateCardRequest(request());
        const imageProblem = errors.image && !file ? errors.image : undefined;
        const clientErrors: FieldErrors = {
          ...checked.errors,
          ...(Object.keys(checked.errors).length === 0 ? checkUnlockRule(card?.id ?? 0, checked.value.unlock, athleteId, others) : {}),
          ...(imageProblem ? { image: imageProblem } : {}),
          ...(checked.value.setId === null && !checked.errors.setId ? { setId: SET_REQUIRED } : {}),
        };
        setErrors(clientErrors);
        if (Object.keys(clientErrors).length) return;
        const body: CardRequest = { ...checked.value, image: card?.image ?? '' };
        try {
          const saved = await save.trigger({ cardId: card?.id ?? null, card: body, file });
          onDone(card ? `${saved.name} was saved as a draft.` : `${saved.name} was created as a draft. Submit it for the athlete's approval.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m ?? (Object.keys(fields).length ? 'Please correct the highlighted fields.' : null));
        }
      }}
    >
      <h3 className="panel-title">{title}</h3>
      {card && rejectionOf(card) && (
        <p className="form-error">Rejected by the athlete: {rejectionOf(card)}. Saving sends it back to draft; submit it again for approval.</p>
      )}
      <div className="dash-form">
        <Field label="Title" error={errors.name}>
          {(control) => <input {...control} className="input" value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Edition" error={form.editionChoice === OTHER ? undefined : errors.edition}>
          {(control) => (
            <select {...control} className="input" value={form.editionChoice} onChange={set('editionChoice')}>
              {EDITION_NAMES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
              <option value={OTHER}>Other…</option>
            </select>
          )}
        </Field>
        {form.editionChoice === OTHER && (
          <Field label="Edition name" error={errors.edition}>
            {(control) => <input {...control} className="input" value={form.editionText} onChange={set('editionText')} />}
          </Field>
        )}
        <Field label="Price (USD)" hint="$1.00 to $10,000.00" error={errors.priceCents}>
          {(control) => <input {...control} className="input" inputMode="decimal" placeholder="25.00" value={form.price} onChange={set('price')} />}
        </Field>
        <Field label="Edition size" hint="Serials #1 to N; or an open edition" error={errors.editionSize}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              disabled={form.open}
              value={form.open ? '' : form.editionSize}
              onChange={set('editionSize')}
            />
          )}
        </Field>
        <label className="field dash-check">
          <input type="checkbox" checked={form.open} onChange={(e) => setForm((f) => ({ ...f, open: e.target.checked }))} />
          Open edition (no size)
        </label>
        <Field label="Set" error={errors.setId} hint={openSets.length === 0 ? 'Create a set under Sets first' : undefined}>
          {(control) => (
            <select {...control} className="input" value={form.setId} onChange={set('setId')}>
              <option value="">Choose a set</option>
              {openSets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description" error={errors.description} className="field-full">
          {(control) => <textarea {...control} className="input" rows={3} value={form.description} onChange={set('description')} />}
        </Field>
        <label className="field field-full dash-check">
          <input type="checkbox" checked={form.locked} onChange={(e) => setForm((f) => ({ ...f, locked: e.target.checked }))} disabled={others.length === 0} />
          Locked until another card of this athlete sells{others.length === 0 ? ' (needs another card)' : ''}
        </label>
        {form.locked && (
          <>
            <Field label="Unlocks on sales of" error={errors['unlock.cardId'] ?? errors.unlock}>
              {(control) => (
                <select {...control} className="input" value={form.unlockCardId} onChange={set('unlockCardId')}>
                  <option value="">Choose a card</option>
                  {others.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Units to unlock" error={errors['unlock.units']}>
              {(control) => <input {...control} className="input" inputMode="numeric" value={form.unlockUnits} onChange={set('unlockUnits')} />}
            </Field>
          </>
        )}
        <ImagePicker
          label={card ? 'Card image (leave empty to keep the current one)' : 'Card image'}
          className="field-full"
          file={file}
          error={errors.image}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setErrors(({ image: _drop, ...rest }) => (problem ? { ...rest, image: problem } : rest));
          }}
        />
        {card && !file && <img src={card.image} alt={`Current image of ${card.name}`} style={{ maxWidth: 120, borderRadius: 8 }} />}
      </div>
      <FormOutcome error={message} />
      <div className="dash-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isMutating}>
          {save.isMutating ? 'Saving...' : card ? 'Save Card' : 'Create Card'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
