// The fields of each step of the card form (card-wizard.tsx), on the form kit: every field labelled,
// its error under it. Price and size say what the card would earn; the set step creates a set in
// place ("New set"); the review lists everything with a way back to each step.
import { useState, type ReactElement } from 'react';
import type { MemberSummary, CardSet } from '@shared/catalog/catalog-types';
import type { OwnerCard } from '@shared/cards/cards-api';
import { EDITION_NAMES, validateSet } from '@shared/cards/cards-api';
import { athleteShareCents, formatUsd } from '@shared/platform/money';
import { Button } from '@/components/button';
import { InputField, SelectField, TextAreaField } from '@/components/form/field';
import { centsOf, MoneyField } from '@/components/form/money-field';
import type { Form } from '@/components/form/use-form-submit';
import { describeFailure } from '@/components/form/form-errors';
import { useSetWrites } from '@/features/collective-panel/api/card-writes';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { ImagePicker, imagePickerOf } from '@/features/collective-panel/components/settings/form-parts';
import { OTHER_EDITION, STEPS, editionOf, sizeOf, type CardValues, type StepId } from '@/features/collective-panel/components/cards/card-wizard-model';

const EDITION_OPTIONS = [...EDITION_NAMES.map((n) => ({ value: n, label: n })), { value: OTHER_EDITION, label: 'Other…' }];

export interface StepProps {
  form: Form<CardValues, unknown>;
  collectiveId: number;
  members: MemberSummary[];
  /** The card being edited (its athlete is fixed), or null. */
  card: OwnerCard | null;
  /** The chosen athlete's other cards and sets. */
  others: OwnerCard[];
  sets: CardSet[];
  onStep: (index: number) => void;
}

/** "If all 100 sell at $25.00 ...": what the card would bring, and the athlete's 97% of it. */
export function revenueHint(values: Pick<CardValues, 'priceCents' | 'open' | 'editionSize'>): string | null {
  const price = centsOf(values.priceCents);
  if (!price || price <= 0) return null;
  const size = sizeOf(values);
  if (size === null || values.open)
    return `Each card sold at ${formatUsd(price)} earns the athlete ${formatUsd(athleteShareCents(price))} (97%); an open edition sells as many as fans buy.`;
  const total = price * size;
  return `If all ${size.toLocaleString('en-US')} sell at ${formatUsd(price)}: ${formatUsd(total)} in sales, ${formatUsd(athleteShareCents(total))} for the athlete (97%).`;
}

/** A set made in place, then chosen for the card. */
function NewSet({ collectiveId, athleteId, onCreated }: { collectiveId: number; athleteId: number; onCreated: (set: CardSet) => void }) {
  const writes = useSetWrites(collectiveId, athleteId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    const checked = validateSet({ name });
    if (checked.errors.name) return setError(checked.errors.name);
    setError(null);
    try {
      onCreated(await writes.trigger({ create: checked.value.name }));
      setName('');
    } catch (failure) {
      const { fields, message } = describeFailure(failure, WRITE_TEXTS, { fields: ['name'] });
      setError(fields.name ?? message ?? 'Could not create the set.');
    }
  };
  return (
    <div className="dash-assign cw-new-set">
      <InputField label="New set name" value={name} onValue={setName} error={error} />
      <Button size="sm" busy={writes.isMutating} busyLabel="Creating..." onClick={() => void create()}>
        Create set
      </Button>
    </div>
  );
}

function AthleteStep({ form, members, card }: StepProps) {
  return (
    <SelectField
      label="Athlete"
      placeholder="Choose an athlete"
      hint={card ? 'A card stays with its athlete.' : 'Whose card is it? The athlete approves it before it goes on sale.'}
      options={members.map((m) => ({ value: m.id, label: m.name }))}
      disabled={Boolean(card)}
      {...form.field('athleteId')}
      onValue={(id) => form.setValues((v) => ({ ...v, athleteId: id, setId: '', unlockCardId: '', locked: false }))}
    />
  );
}

function ArtStep({ form, card }: StepProps) {
  return (
    <>
      <ImagePicker label={card ? 'Card image (leave empty to keep the current one)' : 'Card image'} {...imagePickerOf(form)} />
      <InputField label="Title" placeholder="Marcus Reed - Card #4" {...form.field('name')} />
      <TextAreaField label="Description" rows={3} hint="Optional: what fans read on the card's page" {...form.field('description')} />
    </>
  );
}

function EditionStep({ form }: StepProps) {
  const { values, errors } = form;
  return (
    <>
      <SelectField
        label="Edition"
        hint="Base, Gold and Signature have their own frame colours; another name gets the special frame."
        options={EDITION_OPTIONS}
        value={values.editionChoice}
        onValue={form.set('editionChoice')}
        error={values.editionChoice === OTHER_EDITION ? undefined : errors.edition}
      />
      {values.editionChoice === OTHER_EDITION && (
        <InputField label="Edition name" value={values.editionText} onValue={form.set('editionText')} error={errors.edition} />
      )}
    </>
  );
}

function PriceStep({ form }: StepProps) {
  const { values, errors } = form;
  const hint = revenueHint(values);
  return (
    <>
      <MoneyField label="Price (USD)" hint="$1.00 to $10,000.00" placeholder="25.00" {...form.field('priceCents')} />
      <InputField
        label="Edition size"
        hint="Serials #1 to N, each sold once; or an open edition"
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
      <p className="cw-hint" role="status">
        {hint ?? 'Enter a price to see what the card would bring.'}
      </p>
    </>
  );
}

function SetStep({ form, collectiveId, others, sets, card }: StepProps) {
  const { values, errors } = form;
  const athleteId = Number(values.athleteId);
  const openSets = sets.filter((s) => s.closedAt === null || s.id === card?.setId);
  return (
    <>
      <SelectField
        label="Set"
        placeholder={openSets.length ? 'Choose a set' : 'No open set yet: create one below'}
        hint="Fans who own every card of a set are its Top Fans."
        options={openSets.map((s) => ({ value: s.id, label: s.name }))}
        {...form.field('setId')}
      />
      {athleteId > 0 && <NewSet collectiveId={collectiveId} athleteId={athleteId} onCreated={(set) => form.set('setId')(String(set.id))} />}
      <label className="field dash-check">
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
          <InputField label="Units to unlock" inputMode="numeric" value={values.unlockUnits} onValue={form.set('unlockUnits')} error={errors['unlock.units']} />
        </>
      )}
    </>
  );
}

function ReviewStep({ form, members, others, sets, onStep }: StepProps) {
  const v = form.values;
  const size = sizeOf(v);
  const rows: Array<[string, string, number]> = [
    ['Athlete', members.find((m) => String(m.id) === v.athleteId)?.name ?? '—', 0],
    ['Card image', v.image ? v.image.name : 'The current image', 1],
    ['Title', v.name.trim() || '—', 1],
    ['Edition', editionOf(v).trim() || '—', 2],
    ['Price', centsOf(v.priceCents) ? formatUsd(centsOf(v.priceCents)!) : '—', 3],
    ['Edition size', v.open ? 'Open edition' : size ? size.toLocaleString('en-US') : '—', 3],
    ['Set', sets.find((s) => String(s.id) === v.setId)?.name ?? '—', 4],
    ['Unlock rule', v.locked ? `After ${v.unlockUnits || '?'} of ${others.find((c) => String(c.id) === v.unlockCardId)?.name ?? '?'} sell` : 'None', 4],
  ];
  return (
    <dl className="cw-review">
      {rows.map(([label, value, step]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value}{' '}
            <Button intent="quiet" size="sm" aria-label={`Change ${label.toLowerCase()}`} onClick={() => onStep(step)}>
              Change
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const BODIES: Record<StepId, (props: StepProps) => ReactElement> = {
  athlete: AthleteStep,
  art: ArtStep,
  edition: EditionStep,
  price: PriceStep,
  set: SetStep,
  review: ReviewStep,
};

export function StepBody({ step, ...props }: StepProps & { step: number }) {
  const Body = BODIES[STEPS[step].id];
  return (
    <fieldset className="cw-step">
      <legend className="cw-step-title">
        Step {step + 1} of {STEPS.length}: {STEPS[step].label}
      </legend>
      <Body {...props} />
    </fieldset>
  );
}
