// The card form (create, or edit a draft or rejected card) on the form kit (components/form):
// title, edition (Base, Gold, Signature or free text), image (uploaded through the existing upload
// flow), description, price in dollars (the kit's money field, sent in cents), edition size or
// open, an optional unlock rule (another card of the athlete and a number of units) and the set.
// Checked with the server's rules (shared/cards/cards-api.ts) before sending; the server's field
// errors show on their fields; nothing typed is lost on an error.
import type { FieldErrors } from '@shared/catalog/admin-api';
import type { CardSet } from '@shared/catalog/catalog-types';
import type { CardRequest, OwnerCard } from '@shared/cards/cards-api';
import { checkUnlockRule, EDITION_NAMES, validateCardRequest } from '@shared/cards/cards-api';
import { rejectionOf } from '@shared/cards/lifecycle';
import { InputField, SelectField, TextAreaField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { centsOf, dollarsText, MoneyField } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { useSaveCard } from '@/features/collective-panel/api/card-writes';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { IMAGE_FIELDS, ImagePicker, imagePickerOf, pickerProblem } from '@/features/collective-panel/components/settings/form-parts';

const OTHER = 'other';

interface Values {
  name: string;
  editionChoice: string;
  editionText: string;
  description: string;
  /** The price as typed, in dollars (the money field's text). */
  priceCents: string;
  open: boolean;
  editionSize: string;
  locked: boolean;
  unlockCardId: string;
  unlockUnits: string;
  setId: string;
  image: File | null;
}

/** The server files every card in a set (cards-repo checkRequest); shared/cards/cards-api.ts allows null, so the rule is repeated here. */
export const SET_REQUIRED = 'Choose the set this card belongs to (or create one)';

/** The errors the form shows (by the request's names; the server's `file` is the image's). */
const SHOWN = ['name', 'edition', 'priceCents', 'editionSize', 'setId', 'description', 'unlock', 'unlock.cardId', 'unlock.units', 'image'];

const TEXTS = { ...WRITE_TEXTS, invalid: 'Please correct the highlighted fields.' };

function initial(card: OwnerCard | null, sets: CardSet[]): Values {
  const edition = card?.edition ?? 'Base';
  const known = (EDITION_NAMES as readonly string[]).includes(edition);
  return {
    name: card?.name ?? '',
    editionChoice: known ? edition : OTHER,
    editionText: known ? '' : edition,
    description: card?.description ?? '',
    priceCents: dollarsText(card?.priceCents),
    open: card ? !card.editionSize : false,
    editionSize: card?.editionSize ? String(card.editionSize) : '',
    locked: Boolean(card?.unlock),
    unlockCardId: card?.unlock ? String(card.unlock.cardId) : '',
    unlockUnits: card?.unlock ? String(card.unlock.units) : '',
    setId: card?.setId ? String(card.setId) : String(sets.find((s) => s.closedAt === null)?.id ?? ''),
    image: null,
  };
}

/** The typed price as the validator reads it: cents, or for text that is no amount a value it
 * names (a sign: not more than $0.00; anything else: not whole cents). */
function typedPrice(text: string): number | undefined {
  const cents = centsOf(text);
  if (cents !== null) return cents;
  return text.trim().startsWith('-') ? -1 : Number.NaN;
}

/** A placeholder upload URL: the chosen file passes the image rule here and is uploaded on save. */
const PENDING_UPLOAD = '/uploads/00000000-0000-4000-8000-000000000000.png';

const EDITION_OPTIONS = [...EDITION_NAMES.map((n) => ({ value: n, label: n })), { value: OTHER, label: 'Other…' }];

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
  const save = useSaveCard(collectiveId, athleteId);
  const others = cards.filter((c) => c.id !== card?.id);
  const openSets = sets.filter((s) => s.closedAt === null || s.id === card?.setId);
  const title = card ? `Edit ${card.name}` : 'New card';

  const form = useForm({
    initial: () => initial(card, sets),
    check: (v: Values, shown: FieldErrors) => {
      const checked = validateCardRequest({
        name: v.name,
        edition: v.editionChoice === OTHER ? v.editionText : v.editionChoice,
        image: v.image ? PENDING_UPLOAD : (card?.image ?? ''),
        description: v.description,
        priceCents: typedPrice(v.priceCents),
        editionSize: v.open ? null : v.editionSize.trim() === '' ? '' : Number(v.editionSize),
        unlock: v.locked
          ? { cardId: v.unlockCardId ? Number(v.unlockCardId) : undefined, units: v.unlockUnits.trim() === '' ? '' : Number(v.unlockUnits) }
          : null,
        setId: v.setId ? Number(v.setId) : null,
      });
      const imageProblem = pickerProblem(shown, v.image);
      const errors: FieldErrors = {
        ...checked.errors,
        ...(Object.keys(checked.errors).length === 0 ? checkUnlockRule(card?.id ?? 0, checked.value.unlock, athleteId, others) : {}),
        ...(imageProblem ? { image: imageProblem } : {}),
        ...(checked.value.setId === null && !checked.errors.setId ? { setId: SET_REQUIRED } : {}),
      };
      const request: CardRequest = { ...checked.value, image: card?.image ?? '' };
      return { value: { cardId: card?.id ?? null, card: request, file: v.image }, errors };
    },
    send: (request) => save.trigger(request),
    onSuccess: (saved) => onDone(card ? `${saved.name} was saved as a draft.` : `${saved.name} was created as a draft. Submit it for the athlete's approval.`),
    fields: SHOWN,
    serverFields: IMAGE_FIELDS,
    texts: TEXTS,
  });
  const { values, errors } = form;

  return (
    <Form form={form} className="panel" aria-label={title}>
      <h3 className="panel-title">{title}</h3>
      {card && rejectionOf(card) && (
        <p className="form-error">Rejected by the athlete: {rejectionOf(card)}. Saving sends it back to draft; submit it again for approval.</p>
      )}
      <div className="dash-form">
        <InputField label="Title" value={values.name} onValue={form.set('name')} error={errors.name} />
        <SelectField
          label="Edition"
          options={EDITION_OPTIONS}
          value={values.editionChoice}
          onValue={form.set('editionChoice')}
          error={values.editionChoice === OTHER ? undefined : errors.edition}
        />
        {values.editionChoice === OTHER && (
          <InputField label="Edition name" value={values.editionText} onValue={form.set('editionText')} error={errors.edition} />
        )}
        <MoneyField label="Price (USD)" hint="$1.00 to $10,000.00" placeholder="25.00" {...form.field('priceCents')} />
        <InputField
          label="Edition size"
          hint="Serials #1 to N; or an open edition"
          inputMode="numeric"
          disabled={values.open}
          value={values.open ? '' : values.editionSize}
          onValue={form.set('editionSize')}
          error={errors.editionSize}
        />
        <label className="field dash-check">
          <input type="checkbox" checked={values.open} onChange={(e) => form.set('open')(e.target.checked)} />
          Open edition (no size)
        </label>
        <SelectField
          label="Set"
          placeholder="Choose a set"
          options={openSets.map((s) => ({ value: s.id, label: s.name }))}
          hint={openSets.length === 0 ? 'Create a set under Sets first' : undefined}
          {...form.field('setId')}
        />
        <TextAreaField label="Description" className="field-full" rows={3} {...form.field('description')} />
        <label className="field field-full dash-check">
          <input type="checkbox" checked={values.locked} onChange={(e) => form.set('locked')(e.target.checked)} disabled={others.length === 0} />
          Locked until another card of this athlete sells{others.length === 0 ? ' (needs another card)' : ''}
        </label>
        {values.locked && (
          <>
            <SelectField
              label="Unlocks on sales of"
              placeholder="Choose a card"
              options={others.map((c) => ({ value: c.id, label: c.name }))}
              value={values.unlockCardId}
              onValue={form.set('unlockCardId')}
              error={errors['unlock.cardId'] ?? errors.unlock}
            />
            <InputField
              label="Units to unlock"
              inputMode="numeric"
              value={values.unlockUnits}
              onValue={form.set('unlockUnits')}
              error={errors['unlock.units']}
            />
          </>
        )}
        <ImagePicker label={card ? 'Card image (leave empty to keep the current one)' : 'Card image'} className="field-full" {...imagePickerOf(form)} />
        {card && !values.image && <img src={card.image} alt={`Current image of ${card.name}`} style={{ maxWidth: 120, borderRadius: 8 }} />}
      </div>
      <FormEnd form={form} busy="Saving..." onCancel={() => onDone(null)}>
        {card ? 'Save Card' : 'Create Card'}
      </FormEnd>
    </Form>
  );
}
