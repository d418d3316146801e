// The card lifecycle's API (docs/ARCHITECTURE.md "Card lifecycle"): the collective creates, edits,
// submits, publishes and retires its members' cards and closes their sets; the athlete approves or
// rejects each card; invites and profile requests bring athletes in without an operator. Request
// shapes and validation rules live here, shared, so the server enforces them and the web forms
// show the same errors inline. Prices are integer cents; edition sizes and quotas whole numbers.
import type { FieldErrors, Validated } from '../catalog/admin-api';
import { isImageUrl, textOf } from '../catalog/admin-api';
import type { CardView } from '../catalog/catalog-api';
import type { AthleteSummary, CardSet, CardState, DigitalCollectible } from '../catalog/catalog-types';
import { defaultDropEnd, dropWindowErrors } from './lifecycle';

/** $1.00 to $10,000.00 per card: below is a typo, above is not a trading card. */
export const CARD_PRICE_MIN_CENTS = 100;

export const CARD_PRICE_MAX_CENTS = 1_000_000;

/** Serials stay readable ('#1 / 100000'). */
export const EDITION_SIZE_MAX = 100_000;

export const UNLOCK_UNITS_MAX = 100_000;

export const CARD_TITLE_MAX = 100;

export const CARD_DESCRIPTION_MAX = 1000;

export const EDITION_NAME_MAX = 30;

export const SET_NAME_MAX = 60;

export const REJECTION_REASON_MAX = 500;

/** A card per athlete stays well inside one transaction of the athlete's items. */
export const CARDS_PER_ATHLETE_MAX = 40;

export const SETS_PER_ATHLETE_MAX = 20;

export const EDITION_NAMES = ['Base', 'Gold', 'Signature'] as const;

/** Card images are uploads (their bytes are fingerprinted for the athlete's approval). */
export const isUploadedImageUrl = (url: string) => /^\/(uploads|api\/uploads\/local)\/[0-9a-f-]{36}\.(png|jpg|gif)$/.test(url);

/** POST /api/collectives/{id}/athletes/{athleteId}/cards and PUT .../cards/{cardId} */
export interface CardRequest {
  name: string;
  /** 'Base', 'Gold', 'Signature' or free text. */
  edition: string;
  image: string;
  description: string;
  priceCents: number;
  /** null: an open edition. */
  editionSize: number | null;
  /** Locked until `units` of card `cardId` (same athlete) are sold. `athleteId`, when given, must be the card's athlete. */
  unlock: { athleteId?: number; cardId: number; units: number } | null;
  /** An open set of the athlete: required (null is refused, with the form's message). */
  setId: number | null;
}

/** POST .../cards/{cardId}/publish: a Shopify product id the collective created, or nothing to
 * have the product created (Admin API token configured) or a local product (local mode). */
export interface PublishRequest {
  shopifyProductId?: string;
}

/** POST .../cards/{cardId}/drop: a moment drop of an approved card (decision 0022): its window
 * (ISO-8601 times; `endsAt` defaults to 24 hours after the start) and, when publishing is manual,
 * the Shopify product that sells it. */
export interface ScheduleDropRequest {
  startsAt: string;
  endsAt: string;
  shopifyProductId?: string;
}

/** POST /api/athletes/{id}/cards/{cardId}/approve: the image version the athlete saw. */
export interface ApproveRequest {
  imageHash: string;
}

/** POST /api/athletes/{id}/cards/{cardId}/reject */
export interface RejectRequest {
  reason: string;
}

/** POST /api/collectives/{id}/athletes/{athleteId}/sets */
export interface SetRequest {
  name: string;
}

/** A card as its owners see it: every field, its state, and its sale state once public. */
export interface OwnerCard extends DigitalCollectible {
  state: CardState;
  /** The sale state (published or retired cards), else null. */
  sale: CardView | null;
}

/** GET /api/collectives/{id}/athletes/{athleteId}/cards and GET /api/athletes/{id}/cards */
export interface OwnerCardsResponse {
  athlete: AthleteSummary;
  cards: OwnerCard[];
  sets: CardSet[];
  /** How publishing works here: a product is created through the Admin API, a local product
   * is assigned (local mode), or the collective enters the id of a product it created. */
  publishMode: 'admin-api' | 'local' | 'manual';
}

// ---- validation ----------------------------------------------------------------------------------

function wholeNumber(input: unknown, field: string, errors: FieldErrors, label: string, max: number): number {
  if (input === undefined || input === null || input === '') {
    errors[field] = `${label} is required`;
    return 0;
  }
  if (typeof input !== 'number' || !Number.isFinite(input) || !Number.isInteger(input)) errors[field] = `${label} must be a whole number`;
  else if (input <= 0) errors[field] = `${label} must be at least 1`;
  else if (input > max) errors[field] = `${label} must be at most ${max.toLocaleString('en-US')}`;
  else return input;
  return 0;
}

export function validateCardRequest(body: Record<string, unknown>): Validated<CardRequest> {
  const errors: FieldErrors = {};
  const name = textOf(body.name, 'name', errors, 'Title', CARD_TITLE_MAX);
  const edition = textOf(body.edition, 'edition', errors, 'Edition', EDITION_NAME_MAX);
  const description = textOf(body.description, 'description', errors, 'Description', CARD_DESCRIPTION_MAX, false, true);
  const image = typeof body.image === 'string' ? body.image.trim() : '';
  if (!image) errors.image = 'Upload the card image';
  else if (!isImageUrl(image) || !isUploadedImageUrl(image)) errors.image = 'The card image must be an uploaded PNG, JPG or GIF';
  let priceCents = 0;
  const price = body.priceCents;
  if (price === undefined || price === null || price === '') errors.priceCents = 'Price is required';
  else if (typeof price !== 'number' || !Number.isInteger(price)) errors.priceCents = 'Price must be in whole cents';
  else if (price <= 0) errors.priceCents = 'Price must be more than $0.00';
  else if (price < CARD_PRICE_MIN_CENTS) errors.priceCents = 'Price must be at least $1.00';
  else if (price > CARD_PRICE_MAX_CENTS) errors.priceCents = 'Price must be at most $10,000.00';
  else priceCents = price;
  let editionSize: number | null = null;
  if (body.editionSize !== null && body.editionSize !== undefined)
    editionSize = wholeNumber(body.editionSize, 'editionSize', errors, 'Edition size', EDITION_SIZE_MAX) || null;
  let unlock: CardRequest['unlock'] = null;
  if (body.unlock !== null && body.unlock !== undefined) {
    const rule = body.unlock as Record<string, unknown>;
    if (typeof rule !== 'object' || Array.isArray(rule)) errors.unlock = 'The unlock rule must name a card and a number of units';
    else {
      const cardId = rule.cardId;
      if (typeof cardId !== 'number' || !Number.isSafeInteger(cardId) || cardId < 1) errors['unlock.cardId'] = 'Choose the card whose sales unlock this one';
      const units = wholeNumber(rule.units, 'unlock.units', errors, 'Units to unlock', UNLOCK_UNITS_MAX);
      const athleteId = rule.athleteId;
      if (athleteId !== undefined && (typeof athleteId !== 'number' || !Number.isSafeInteger(athleteId)))
        errors['unlock.cardId'] = 'Choose the card whose sales unlock this one';
      unlock = { cardId: Number(cardId), units, ...(typeof athleteId === 'number' ? { athleteId } : {}) };
    }
  }
  // Every card belongs to one of the athlete's sets (cards-repo checks it is open and the athlete's).
  let setId: number | null = null;
  if (body.setId === null || body.setId === undefined || body.setId === '') errors.setId = 'Choose the set this card belongs to (or create one)';
  else if (typeof body.setId !== 'number' || !Number.isSafeInteger(body.setId) || body.setId < 1) errors.setId = 'Choose one of the athlete’s open sets';
  else setId = body.setId;
  return { value: { name, edition, image, description, priceCents, editionSize, unlock, setId }, errors };
}

/** The unlock rule checked against the athlete's cards: same athlete, an existing card, not itself, no cycle. */
export function checkUnlockRule(
  cardId: number,
  unlock: CardRequest['unlock'],
  athleteId: number,
  cards: Pick<DigitalCollectible, 'id' | 'name' | 'unlock'>[],
): FieldErrors {
  if (!unlock) return {};
  if (unlock.athleteId !== undefined && unlock.athleteId !== athleteId) return { 'unlock.cardId': 'A card unlocks on sales of a card of the same athlete' };
  if (unlock.cardId === cardId) return { 'unlock.cardId': 'A card cannot unlock on its own sales' };
  const byId = new Map(cards.map((c) => [c.id, c]));
  if (!byId.has(unlock.cardId)) return { 'unlock.cardId': `This athlete has no card ${unlock.cardId}` };
  // Follow the chain of rules from the quota card: reaching this card again is a cycle.
  const seen = new Set<number>([cardId]);
  const path = [cardId];
  for (let next: number | undefined = unlock.cardId; next !== undefined; next = byId.get(next)?.unlock?.cardId) {
    path.push(next);
    if (seen.has(next))
      return {
        'unlock.cardId': `This rule would make the cards unlock each other (${path.map((id) => byId.get(id)?.name ?? `card ${id}`).join(' → ')}), so none could ever be bought`,
      };
    seen.add(next);
  }
  return {};
}

export function validatePublish(body: Record<string, unknown>): Validated<PublishRequest> {
  const errors: FieldErrors = {};
  const id = body.shopifyProductId;
  if (id === undefined || id === null || id === '') return { value: {}, errors };
  const value = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim().replace(/^gid:\/\/shopify\/Product\//, '') : '';
  if (!/^\d{1,20}$/.test(value)) errors.shopifyProductId = 'Enter the Shopify product id (digits, as in the product page URL)';
  return { value: { shopifyProductId: value }, errors };
}

/** A drop's request checked at `now` (ISO): its window (shared/cards/lifecycle.ts dropWindowErrors)
 * and the product id, as publish checks it. Times are kept as ISO-8601 UTC. */
export function validateScheduleDrop(body: Record<string, unknown>, now: string): Validated<ScheduleDropRequest> {
  const iso = (v: unknown) => (typeof v === 'string' && v.trim() && Number.isFinite(Date.parse(v)) ? new Date(Date.parse(v)).toISOString() : '');
  const startsAt = iso(body.startsAt);
  const endsAt = body.endsAt === undefined || body.endsAt === null || body.endsAt === '' ? (startsAt ? defaultDropEnd(startsAt) : '') : iso(body.endsAt);
  const product = validatePublish(body);
  const errors: FieldErrors = { ...dropWindowErrors(startsAt, endsAt, now), ...product.errors };
  return { value: { startsAt, endsAt, ...product.value }, errors };
}

export function validateReject(body: Record<string, unknown>): Validated<RejectRequest> {
  const errors: FieldErrors = {};
  const reason = textOf(body.reason, 'reason', errors, 'A reason', REJECTION_REASON_MAX, true, true);
  return { value: { reason }, errors };
}

export function validateApprove(body: Record<string, unknown>): Validated<ApproveRequest> {
  const errors: FieldErrors = {};
  const imageHash = typeof body.imageHash === 'string' ? body.imageHash : '';
  if (!imageHash || imageHash.length > 200) errors.imageHash = 'Approve the image you reviewed (its version is missing)';
  return { value: { imageHash }, errors };
}

export function validateSet(body: Record<string, unknown>): Validated<SetRequest> {
  const errors: FieldErrors = {};
  return { value: { name: textOf(body.name, 'name', errors, 'Set name', SET_NAME_MAX) }, errors };
}
