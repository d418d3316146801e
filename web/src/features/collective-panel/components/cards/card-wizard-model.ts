// The card form's steps and rules (card-wizard.tsx): athlete, art, edition, price and size, set and
// unlock rule, review. The values as typed, the request they make, and every field's problem in the
// server's own words (shared/cards/cards-api.ts validateCardRequest and checkUnlockRule) plus the
// two the form adds (the athlete, and the set the server requires), each field belonging to one
// step, so an empty Create names every field and leads to its step.
import type { FieldErrors } from '@shared/catalog/admin-api';
import type { CardSet } from '@shared/catalog/catalog-types';
import type { CardRequest, OwnerCard } from '@shared/cards/cards-api';
import { EDITION_NAMES, checkUnlockRule, validateCardRequest } from '@shared/cards/cards-api';
import { centsOf, dollarsText } from '@/components/form/money-field';

export const OTHER_EDITION = 'other';

export interface CardValues {
  athleteId: string;
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

export type StepId = 'athlete' | 'art' | 'edition' | 'price' | 'set' | 'review';

export const STEPS: ReadonlyArray<{ id: StepId; label: string; fields: readonly string[] }> = [
  { id: 'athlete', label: 'Athlete', fields: ['athleteId'] },
  { id: 'art', label: 'Art', fields: ['image', 'name', 'description'] },
  { id: 'edition', label: 'Edition', fields: ['edition'] },
  { id: 'price', label: 'Price & size', fields: ['priceCents', 'editionSize'] },
  { id: 'set', label: 'Set & unlock', fields: ['setId', 'unlock', 'unlock.cardId', 'unlock.units'] },
  { id: 'review', label: 'Review', fields: [] },
];

/** Every field the form shows an error on (the server's names; its `file` is the image's). */
export const SHOWN_FIELDS = STEPS.flatMap((s) => s.fields);

/** The field's name in the list of problems. */
export const FIELD_LABEL: Record<string, string> = {
  athleteId: 'Athlete',
  image: 'Card image',
  name: 'Title',
  description: 'Description',
  edition: 'Edition',
  priceCents: 'Price',
  editionSize: 'Edition size',
  setId: 'Set',
  unlock: 'Unlock rule',
  'unlock.cardId': 'Unlocks on sales of',
  'unlock.units': 'Units to unlock',
};

export const ATHLETE_REQUIRED = 'Choose the athlete this card is of';
/** The server files every card in a set (cards-repo checkRequest); shared/cards/cards-api.ts allows null, so the rule is repeated here. */
export const SET_REQUIRED = 'Choose the set this card belongs to (or create one)';

/** The index of the step a field is on (the first step for an unknown field). */
export const stepOf = (field: string): number =>
  Math.max(
    0,
    STEPS.findIndex((s) => s.fields.includes(field)),
  );

/** The first step holding one of these errors, or null. */
export function firstStepWith(errors: FieldErrors): number | null {
  const steps = Object.keys(errors)
    .filter((f) => errors[f])
    .map(stepOf);
  return steps.length ? Math.min(...steps) : null;
}

export function initialValues(card: OwnerCard | null, athleteId: number | null, sets: CardSet[]): CardValues {
  const edition = card?.edition ?? 'Base';
  const known = (EDITION_NAMES as readonly string[]).includes(edition);
  return {
    athleteId: athleteId === null ? '' : String(athleteId),
    name: card?.name ?? '',
    editionChoice: known ? edition : OTHER_EDITION,
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
export function typedPrice(text: string): number | undefined {
  const cents = centsOf(text);
  if (cents !== null) return cents;
  return text.trim().startsWith('-') ? -1 : Number.NaN;
}

/** A placeholder upload URL: a chosen file passes the image rule here and is uploaded on save. */
const PENDING_UPLOAD = '/uploads/00000000-0000-4000-8000-000000000000.png';

export const editionOf = (v: Pick<CardValues, 'editionChoice' | 'editionText'>) => (v.editionChoice === OTHER_EDITION ? v.editionText : v.editionChoice);

/** The edition size as it will be saved (null: open, or not a number yet). */
export const sizeOf = (v: Pick<CardValues, 'open' | 'editionSize'>): number | null =>
  v.open || !/^\d+$/.test(v.editionSize.trim()) ? null : Number(v.editionSize.trim());

export interface CheckContext {
  /** The card being edited, or null for a new one. */
  card: OwnerCard | null;
  /** The athlete's other cards (the unlock rule names one of them). */
  others: OwnerCard[];
  /** A picker's problem kept until another file is chosen. */
  imageProblem?: string;
}

/** The request the values make, and every problem of every step. */
export function checkCard(v: CardValues, context: CheckContext): { value: { athleteId: number; card: CardRequest; file: File | null }; errors: FieldErrors } {
  const { card, others } = context;
  const checked = validateCardRequest({
    name: v.name,
    edition: editionOf(v),
    image: v.image ? PENDING_UPLOAD : (card?.image ?? ''),
    description: v.description,
    priceCents: typedPrice(v.priceCents),
    editionSize: v.open ? null : v.editionSize.trim() === '' ? '' : Number(v.editionSize),
    unlock: v.locked ? { cardId: v.unlockCardId ? Number(v.unlockCardId) : undefined, units: v.unlockUnits.trim() === '' ? '' : Number(v.unlockUnits) } : null,
    setId: v.setId ? Number(v.setId) : null,
  });
  const athleteId = Number(v.athleteId);
  const errors: FieldErrors = {
    ...checked.errors,
    ...(checked.errors['unlock.cardId'] || checked.errors['unlock.units'] ? {} : checkUnlockRule(card?.id ?? 0, checked.value.unlock, athleteId, others)),
    ...(context.imageProblem ? { image: context.imageProblem } : {}),
    ...(checked.value.setId === null && !checked.errors.setId ? { setId: SET_REQUIRED } : {}),
    ...(v.athleteId ? {} : { athleteId: ATHLETE_REQUIRED }),
  };
  return { value: { athleteId, card: { ...checked.value, image: card?.image ?? '' }, file: v.image }, errors };
}

/** The errors of one step only. */
export function stepErrors(errors: FieldErrors, step: number): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field, message]) => message && STEPS[step].fields.includes(field)));
}
