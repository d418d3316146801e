// The card lifecycle's repository (docs/ARCHITECTURE.md "Card lifecycle"): it applies the moves of
// shared/cards/lifecycle.ts (draft -> pending, the athlete's approval -> approved or rejected ->
// published -> retired; the refusals are the table's) and keeps an athlete's sets. Every change
// is one transaction over the athlete's items it touches (the card, its set, the product index,
// the collective's member entry, and for an unlock reached before publication the athlete's
// total), guarded by the profile's version, so two editors never lose an update; every decision
// is kept in the card's history (who, when, which image version). Closing a set, or any change
// to which cards make a Top Fan, recomputes the athlete's Top Fans under the total's version.
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CardProductInput } from './shopify-products';
import { CARDS_PER_ATHLETE_MAX, SETS_PER_ATHLETE_MAX, checkUnlockRule } from '#shared/cards/cards-api';
import type { CardRequest, OwnerCard, OwnerCardsResponse, PublishRequest } from '#shared/cards/cards-api';
import { REFUSALS, can, check, draftCard, isPublic, next, stateOf } from '#shared/cards/lifecycle';
import type { CardFields, Mover, Request, Role, Step, Verdict } from '#shared/cards/lifecycle';
import { unlocksNow } from '#shared/cards/quota';
import { membersAtClose, moveToSet, topFanSetsOf } from '#shared/cards/sets';
import { athleteSummary } from '#shared/catalog/catalog-types';
import type { Athlete, CardSet, DigitalCollectible } from '#shared/catalog/catalog-types';
import { isTopFan } from '#shared/orders/aggregation';
import { cardItem, memberItem, productItem, setItem } from '#lambdas/catalog/catalog-items';
import type { Item } from '#lambdas/catalog/catalog-items';
import { cardView, saleTotalsOf } from '#lambdas/catalog/catalog-views';
import { milestoneWrite, type Milestone } from '#lambdas/catalog/collective-milestones';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { Conflict, Forbidden, HttpError, NotFound, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { toTransactItem } from '#lambdas/platform/store';

const ATTEMPTS = 5;
/** Fans whose Top Fan status one transaction changes (2 items each, plus the total). */
const TOP_FAN_CHUNK = 40;

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type PublishMode = OwnerCardsResponse['publishMode'];

export interface CardsDeps {
  now: () => Date;
  /** The image version (lambdas/cards/image-fingerprint.ts). */
  fingerprint: (url: string) => Promise<string>;
  publishMode: () => PublishMode;
  /** Creates (or, on a retry, finds) the card's Shopify product; its id. */
  createProduct: (input: CardProductInput) => Promise<string>;
}

/** Who acts: the account's subject. */
export interface Actor {
  sub: string;
}

const isConditionFailure = (error: unknown) =>
  ['ConditionalCheckFailedException', 'TransactionCanceledException', 'TransactionConflictException'].includes((error as { name?: string }).name ?? '');

/** A first card or a first publication of the collective: a step of its checklist (collective-milestones.ts). */
const milestone = (collectiveId: number, step: Milestone, at: string, by: string): TxItem =>
  toTransactItem(milestoneWrite(collectiveId, step, at, by), tableName());

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: key.PK, SK: key.SK }, ConsistentRead: true }))).Item;
}

interface Snapshot {
  athlete: Athlete;
  /** The profile's version (the lock of every athlete write). */
  version: number;
  total: Item | undefined;
}

async function snapshot(athleteId: number): Promise<Snapshot> {
  const [athlete, profile, total] = await Promise.all([
    getAthlete(athleteId, { consistent: true }),
    getItem(keys.catalogAthlete(athleteId)),
    getItem(keys.aggTotal(athleteId)),
  ]);
  if (!athlete || !profile) throw new NotFound(`Athlete ${athleteId}`);
  return { athlete, version: Number(profile.version ?? 1), total };
}

/** A local product id (local mode, where the local checkout stands in for Shopify): 9 + athlete + card. */
export const localProductId = (athleteId: number, cardId: number) => `9${String(athleteId).padStart(9, '0')}${String(cardId).padStart(4, '0')}`;

const productHandle = (athleteId: number, cardId: number) => `drift-a${athleteId}-c${cardId}`;

function findCard(athlete: Athlete, cardId: number): DigitalCollectible {
  const card = athlete.digitalcollectibles.find((c) => c.id === cardId);
  if (!card) throw new NotFound(`Card ${cardId} of athlete ${athlete.id}`);
  return card;
}

function requireMember(athlete: Athlete, collectiveId: number): void {
  if (athlete.collectiveId !== collectiveId) throw new Forbidden(`${athlete.name} is not a member of this collective`);
}

function replaceCard(athlete: Athlete, card: DigitalCollectible): Athlete {
  return { ...athlete, digitalcollectibles: athlete.digitalcollectibles.map((c) => (c.id === card.id ? card : c)) };
}

const mover = (role: Role, actor: Actor, deps: Pick<CardsDeps, 'now'>): Mover => ({ role, sub: actor.sub, at: deps.now().toISOString() });

/** The lifecycle's refusal as the HTTP error it answers: 409, or 403 for a move of the other side. */
const refusal = ({ status, reason }: { status: 403 | 409; reason: string }) => (status === 403 ? new Forbidden(reason) : new Conflict(reason));

function refuseUnless(verdict: Verdict): void {
  if (!verdict.ok) throw refusal(verdict);
}

/** Throws the lifecycle's refusal of a request (before the image is read); true for a repeat. */
function admit(card: DigitalCollectible, request: Request, role: Role): boolean {
  const checked = check(card, request, role);
  if (!checked.ok) throw refusal(checked);
  return checked.repeat;
}

/** The card after a step (`changed` false for a repeat), or the lifecycle's refusal thrown. */
function moved(card: DigitalCollectible, step: Step, by: Mover): { card: DigitalCollectible; changed: boolean } {
  const outcome = next(card, step, by);
  if (!outcome.ok) throw refusal(outcome);
  return outcome;
}

// ---- writes ------------------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function update(
  key: { PK: string; SK: string },
  expression: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
  condition?: string,
): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: { PK: key.PK, SK: key.SK },
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  };
}

/** The writes that bring an athlete's cards, sets, product index and member entry from `before` to `after`. */
function athleteWrites(before: Athlete, after: Athlete, version: number): TxItem[] {
  const writes: TxItem[] = [
    update(
      keys.catalogAthlete(after.id),
      'SET #version = :next',
      { '#version': 'version' },
      { ':next': version + 1, ':version': version },
      '#version = :version',
    ),
  ];
  const put = (Item: Item): TxItem => ({ Put: { TableName: tableName(), Item } });
  const del = (key: { PK: string; SK: string }): TxItem => ({ Delete: { TableName: tableName(), Key: { PK: key.PK, SK: key.SK } } });
  const beforeCards = new Map(before.digitalcollectibles.map((c) => [c.id, c]));
  const afterCards = new Map(after.digitalcollectibles.map((c) => [c.id, c]));
  for (const card of after.digitalcollectibles) if (!same(beforeCards.get(card.id), card)) writes.push(put(cardItem(after.id, card)));
  for (const card of before.digitalcollectibles) if (!afterCards.has(card.id)) writes.push(del(keys.catalogCard(after.id, card.id)));
  const beforeSets = new Map((before.sets ?? []).map((s) => [s.id, s]));
  const afterSets = new Map((after.sets ?? []).map((s) => [s.id, s]));
  for (const set of after.sets ?? []) if (!same(beforeSets.get(set.id), set)) writes.push(put(setItem(after.id, set)));
  for (const set of before.sets ?? []) if (!afterSets.has(set.id)) writes.push(del(keys.catalogSet(after.id, set.id)));
  for (const card of after.digitalcollectibles) {
    if (!card.shopifyProductId || beforeCards.get(card.id)?.shopifyProductId === card.shopifyProductId) continue;
    // A product sells one card: never take over another card's product.
    writes.push({
      Put: {
        TableName: tableName(),
        Item: productItem(card.shopifyProductId, after.id, card.id),
        ConditionExpression: 'attribute_not_exists(PK) OR (athleteId = :athlete AND cardId = :card)',
        ExpressionAttributeValues: { ':athlete': after.id, ':card': card.id },
      },
    });
  }
  const publicCount = (a: Athlete) => a.digitalcollectibles.filter(isPublic).length;
  if (after.collectiveId != null && publicCount(before) !== publicCount(after)) writes.push(put(memberItem(after.collectiveId, after)));
  return writes;
}

interface Change<T> {
  /** The athlete after the change, or null for no change (an idempotent repeat). */
  after: Athlete | null;
  result: (after: Athlete) => T;
  /** Further writes in the same transaction (the total's unlock times). */
  extra?: TxItem[];
  /** Checked before writing (a product id already selling another card). */
  check?: () => Promise<void>;
}

/** Reads the athlete, applies `change`, writes it in one transaction; retries on a concurrent write. */
async function mutate<T>(athleteId: number, change: (snap: Snapshot) => Promise<Change<T>> | Change<T>): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const snap = await snapshot(athleteId);
    const { after, result, extra, check } = await change(snap);
    if (!after) return result(snap.athlete);
    await check?.();
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [...athleteWrites(snap.athlete, after, snap.version), ...(extra ?? [])] }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      continue;
    }
    catalogWritten();
    if (!same(topFanSetsOf(snap.athlete), topFanSetsOf(after))) await recomputeTopFans(athleteId);
    return result(after);
  }
  throw new Conflict('The athlete’s cards changed while saving; try again');
}

// ---- reads -------------------------------------------------------------------------------------

function ownerCard(card: DigitalCollectible, totals: ReturnType<typeof saleTotalsOf>): OwnerCard {
  return { ...card, state: stateOf(card), sale: isPublic(card) ? cardView(card, totals) : null };
}

/** Every card of an athlete in every state, with sale state once public (owner routes). */
export async function ownerCards(athleteId: number, deps: Pick<CardsDeps, 'publishMode'>): Promise<OwnerCardsResponse> {
  const [athlete, total] = await Promise.all([getAthlete(athleteId, { consistent: true }), getItem(keys.aggTotal(athleteId))]);
  if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
  const totals = saleTotalsOf(total);
  return {
    athlete: athleteSummary(athlete),
    cards: athlete.digitalcollectibles.map((c) => ownerCard(c, totals)),
    sets: athlete.sets ?? [],
    publishMode: deps.publishMode(),
  };
}

export async function requireMemberAthlete(collectiveId: number, athleteId: number): Promise<void> {
  const profile = await getItem(keys.catalogAthlete(athleteId));
  if (!profile) throw new NotFound(`Athlete ${athleteId}`);
  requireMember(profile.data as Athlete, collectiveId);
}

const ownerResult = (cardId: number, snap: Snapshot) => (after: Athlete) => ownerCard(findCard(after, cardId), saleTotalsOf(snap.total));

// ---- the collective's edits --------------------------------------------------------------------

function checkRequest(athlete: Athlete, cardId: number, request: CardRequest, current?: DigitalCollectible): void {
  const errors = checkUnlockRule(
    cardId,
    request.unlock,
    athlete.id,
    athlete.digitalcollectibles.filter((c) => c.id !== cardId),
  );
  if (request.setId === null) errors.setId = 'Choose the set this card belongs to (or create one)';
  else {
    const set = (athlete.sets ?? []).find((s) => s.id === request.setId);
    if (!set) errors.setId = 'Choose one of the athlete’s sets';
    else if (set.closedAt !== null && current?.setId !== set.id)
      errors.setId = `The set ${set.name} is closed: its cards are fixed, so new cards go into a new set`;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

const fieldsOf = (request: CardRequest): CardFields => ({
  name: request.name,
  edition: request.edition,
  image: request.image,
  description: request.description,
  priceCents: request.priceCents,
  editionSize: request.editionSize,
  unlock: request.unlock ? { cardId: request.unlock.cardId, units: request.unlock.units } : null,
  setId: request.setId,
});

export function createCard(collectiveId: number, athleteId: number, request: CardRequest, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
  return mutate(athleteId, (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    if (athlete.digitalcollectibles.length >= CARDS_PER_ATHLETE_MAX)
      throw new Conflict(`An athlete has at most ${CARDS_PER_ATHLETE_MAX} cards; retire or delete one first`);
    const id = athlete.digitalcollectibles.reduce((max, c) => Math.max(max, c.id), 0) + 1;
    checkRequest(athlete, id, request);
    const by = mover('collective', actor, deps);
    const card = draftCard(id, fieldsOf(request), by);
    const after: Athlete = { ...athlete, digitalcollectibles: [...athlete.digitalcollectibles, card], sets: moveToSet(athlete.sets ?? [], id, request.setId) };
    return { after, extra: [milestone(collectiveId, 'firstCardAt', by.at, actor.sub)], result: ownerResult(id, snap) };
  });
}

/** Edits a card not yet on sale; any edit sends it back to draft (the athlete approves what fans will see). */
export function updateCard(
  collectiveId: number,
  athleteId: number,
  cardId: number,
  request: CardRequest,
  actor: Actor,
  deps: Pick<CardsDeps, 'now'>,
): Promise<OwnerCard> {
  return mutate(athleteId, (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    const card = findCard(athlete, cardId);
    refuseUnless(can(card, 'edit', 'collective'));
    checkRequest(athlete, cardId, request, card);
    const edit = moved(card, { move: 'edit', fields: fieldsOf(request) }, mover('collective', actor, deps));
    if (!edit.changed) return { after: null, result: ownerResult(cardId, snap) };
    const after: Athlete = { ...replaceCard(athlete, edit.card), sets: moveToSet(athlete.sets ?? [], cardId, request.setId) };
    return { after, result: ownerResult(cardId, snap) };
  });
}

/** Deletes a card that never went on sale (no other card may unlock on it). */
export function deleteCard(collectiveId: number, athleteId: number, cardId: number): Promise<void> {
  return mutate(athleteId, (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    refuseUnless(can(findCard(athlete, cardId), 'delete', 'collective'));
    const dependent = athlete.digitalcollectibles.find((c) => c.unlock?.cardId === cardId);
    if (dependent) throw new Conflict(`${dependent.name} unlocks on this card’s sales: change its unlock rule first`);
    const after: Athlete = {
      ...athlete,
      digitalcollectibles: athlete.digitalcollectibles.filter((c) => c.id !== cardId),
      sets: (athlete.sets ?? []).map((s) => (s.cardIds.includes(cardId) ? { ...s, cardIds: s.cardIds.filter((id) => id !== cardId) } : s)),
    };
    return { after, result: () => undefined };
  });
}

/** Sends a draft (or a rejected card) to the athlete, pinning the image version they will see. */
export async function submitCard(
  collectiveId: number,
  athleteId: number,
  cardId: number,
  actor: Actor,
  deps: Pick<CardsDeps, 'now' | 'fingerprint'>,
): Promise<OwnerCard> {
  return mutate(athleteId, async (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    const card = findCard(athlete, cardId);
    if (admit(card, { move: 'submit' }, 'collective')) return { after: null, result: ownerResult(cardId, snap) };
    const imageHash = await deps.fingerprint(card.image);
    const submitted = moved(card, { move: 'submit', imageHash }, mover('collective', actor, deps)).card;
    return { after: replaceCard(athlete, submitted), result: ownerResult(cardId, snap) };
  });
}

/**
 * Publishes an approved card: its image must still be the approved version (else the card goes
 * back to the athlete), its product id comes from the collective, the Admin API or local mode,
 * and a quota already reached is unlocked now (recorded on the athlete's total).
 */
export async function publishCard(
  collectiveId: number,
  athleteId: number,
  cardId: number,
  request: PublishRequest,
  actor: Actor,
  deps: CardsDeps,
  /** The site's https origin, so Shopify can fetch the card's image (null: no image on the product). */
  siteOrigin: string | null = null,
): Promise<OwnerCard> {
  const first = await snapshot(athleteId);
  requireMember(first.athlete, collectiveId);
  const card = findCard(first.athlete, cardId);
  if (admit(card, { move: 'publish', shopifyProductId: request.shopifyProductId }, 'collective')) return ownerCard(card, saleTotalsOf(first.total));
  const current = await deps.fingerprint(card.image);
  if (current !== card.approval?.imageHash) {
    await mutate(athleteId, (snap) => {
      const now = findCard(snap.athlete, cardId);
      // Only a card still waiting for publication goes back to the athlete.
      if (!can(now, 'publish').ok) return { after: null, result: () => undefined };
      const back = moved(now, { move: 'image-changed', imageHash: current }, mover('collective', actor, deps)).card;
      return { after: replaceCard(snap.athlete, back), result: () => undefined };
    });
    throw new Conflict(REFUSALS.imageChangedAfterApproval);
  }
  let productId = request.shopifyProductId;
  const mode = deps.publishMode();
  if (!productId) {
    if (mode === 'local') productId = localProductId(athleteId, cardId);
    else if (mode === 'admin-api') {
      try {
        productId = await deps.createProduct({
          handle: productHandle(athleteId, cardId),
          title: card.name,
          descriptionHtml: escapeHtml(card.description),
          vendor: first.athlete.school,
          priceCents: card.priceCents,
          editionSize: card.editionSize ?? null,
          imageUrl: siteOrigin ? `${siteOrigin}${card.image}` : null,
          sku: `DRIFT-${athleteId}-${cardId}`,
        });
      } catch (error) {
        throw new HttpError(502, 'shopify_unavailable', `Shopify did not create the product: ${(error as Error).message}. Nothing was published; try again.`);
      }
    } else throw new ValidationError({ shopifyProductId: 'Enter the id of the Shopify product that sells this card' });
  }
  return mutate(athleteId, (snap) => {
    const now = findCard(snap.athlete, cardId);
    const by = mover('collective', actor, deps);
    const outcome = next(now, { move: 'publish', shopifyProductId: productId!, imageHash: current }, by);
    // Checked before reading the image and choosing the product: a refusal now means the card moved since.
    if (!outcome.ok) throw new Conflict(REFUSALS.changedWhilePublishing);
    if (!outcome.changed) return { after: null, result: ownerResult(cardId, snap) };
    const { at } = by;
    const published = outcome.card;
    const extra: TxItem[] = [milestone(collectiveId, 'firstPublishedAt', at, actor.sub)];
    // A quota reached before publication unlocks now (ingestion only decides when sales move).
    const totals = saleTotalsOf(snap.total);
    if (unlocksNow(now.unlock, totals.cards, totals.unlockedAt[String(cardId)]) && snap.total) {
      const version = Number(snap.total.version ?? 0);
      extra.push(
        update(
          keys.aggTotal(athleteId),
          'SET #unlockedAt = :unlockedAt, #version = :next',
          { '#unlockedAt': 'unlockedAt', '#version': 'version' },
          { ':unlockedAt': { ...totals.unlockedAt, [String(cardId)]: at }, ':next': version + 1, ':version': version },
          '#version = :version',
        ),
      );
      snap.total = { ...snap.total, unlockedAt: { ...totals.unlockedAt, [String(cardId)]: at } };
    }
    return {
      after: replaceCard(snap.athlete, published),
      extra,
      result: ownerResult(cardId, snap),
      check: async () => {
        const owner = await getItem(keys.catalogProduct(productId!));
        if (owner && (Number(owner.athleteId) !== athleteId || Number(owner.cardId) !== cardId))
          throw new Conflict(`Shopify product ${productId} already sells another card`);
      },
    };
  });
}

/** Takes a published card off sale; its sales, serials and holders stay. */
export function retireCard(collectiveId: number, athleteId: number, cardId: number, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
  return mutate(athleteId, (snap) => {
    requireMember(snap.athlete, collectiveId);
    const retire = moved(findCard(snap.athlete, cardId), { move: 'retire' }, mover('collective', actor, deps));
    return { after: retire.changed ? replaceCard(snap.athlete, retire.card) : null, result: ownerResult(cardId, snap) };
  });
}

// ---- the athlete's decisions -------------------------------------------------------------------

export async function approveCard(
  athleteId: number,
  cardId: number,
  reviewedHash: string,
  actor: Actor,
  deps: Pick<CardsDeps, 'now' | 'fingerprint'>,
): Promise<OwnerCard> {
  return mutate(athleteId, async (snap) => {
    const card = findCard(snap.athlete, cardId);
    if (admit(card, { move: 'approve', reviewedHash }, 'athlete')) return { after: null, result: ownerResult(cardId, snap) };
    const current = await deps.fingerprint(card.image);
    const by = mover('athlete', actor, deps);
    if (current !== card.imageHash) {
      // The bytes behind the image changed since it was submitted: show the athlete the new ones.
      const changed = moved(card, { move: 'image-changed', imageHash: current }, by).card;
      return {
        after: replaceCard(snap.athlete, changed),
        result: () => {
          throw new Conflict(REFUSALS.imageChangedInReview);
        },
      };
    }
    const approved = moved(card, { move: 'approve', reviewedHash }, by).card;
    return { after: replaceCard(snap.athlete, approved), result: ownerResult(cardId, snap) };
  });
}

export function rejectCard(athleteId: number, cardId: number, reason: string, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
  return mutate(athleteId, (snap) => {
    const reject = moved(findCard(snap.athlete, cardId), { move: 'reject', reason }, mover('athlete', actor, deps));
    return { after: reject.changed ? replaceCard(snap.athlete, reject.card) : null, result: ownerResult(cardId, snap) };
  });
}

// ---- sets ----------------------------------------------------------------------------------------

export function createSet(collectiveId: number, athleteId: number, name: string): Promise<CardSet> {
  return mutate(athleteId, (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    const sets = athlete.sets ?? [];
    const existing = sets.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (existing.closedAt === null) return { after: null, result: () => existing };
      throw new Conflict(`${athlete.name} already has a closed set named ${existing.name}; choose another name`);
    }
    if (sets.length >= SETS_PER_ATHLETE_MAX) throw new Conflict(`An athlete has at most ${SETS_PER_ATHLETE_MAX} sets`);
    const set: CardSet = { id: sets.reduce((max, s) => Math.max(max, s.id), 0) + 1, name, cardIds: [], closedAt: null };
    return { after: { ...athlete, sets: [...sets, set] }, result: () => set };
  });
}

/**
 * Closes a set: its membership becomes its cards on sale or retired now (cards not yet on sale
 * leave it and need another set), fixed for good, and the athlete's Top Fans are recomputed.
 * Closing a closed set only finishes an interrupted recomputation.
 */
export async function closeSet(collectiveId: number, athleteId: number, setId: number, deps: Pick<CardsDeps, 'now'>): Promise<CardSet> {
  const set = await mutate(athleteId, (snap) => {
    const { athlete } = snap;
    requireMember(athlete, collectiveId);
    const set = (athlete.sets ?? []).find((s) => s.id === setId);
    if (!set) throw new NotFound(`Set ${setId} of athlete ${athleteId}`);
    if (set.closedAt !== null) return { after: null, result: () => set };
    const members = membersAtClose(set, athlete.digitalcollectibles);
    if (members.length === 0) throw new Conflict('A set needs at least one published card before it closes');
    const closed: CardSet = { ...set, cardIds: members, closedAt: deps.now().toISOString() };
    const after: Athlete = {
      ...athlete,
      sets: (athlete.sets ?? []).map((s) => (s.id === setId ? closed : s)),
      digitalcollectibles: athlete.digitalcollectibles.map((c) => (c.setId === setId && !members.includes(c.id) ? { ...c, setId: null } : c)),
    };
    return { after, result: () => closed };
  });
  await recomputeTopFans(athleteId);
  return set;
}

// ---- Top Fans ------------------------------------------------------------------------------------

async function queryPartition(pk: string, prefix: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Brings every fan's Top Fan status (its `top` flag, its TOPFAN item and the total's count) in
 * line with the athlete's current sets, a chunk of fans per transaction under the total's
 * version: a concurrent settle step makes a chunk retry, never double-count. Reads the athlete's
 * fans: run only when the sets that make a Top Fan change (an owner action, not a page view).
 */
export async function recomputeTopFans(athleteId: number): Promise<{ changed: number }> {
  let changed = 0;
  // Each committed chunk is progress; only conflicts without progress give up.
  for (let stalls = 0; stalls < 10;) {
    const [athlete, total, fans, tops] = await Promise.all([
      getAthlete(athleteId, { consistent: true }),
      getItem(keys.aggTotal(athleteId)),
      queryPartition(keys.aggTotal(athleteId).PK, keys.fanPrefix),
      queryPartition(keys.aggTotal(athleteId).PK, keys.topFanPrefix),
    ]);
    const sets = topFanSetsOf(athlete ?? undefined);
    const stored = new Set(tops.map((t) => String(t.SK).slice(keys.topFanPrefix.length)));
    const work = fans
      .map((fan) => ({
        fan,
        buyerKey: String(fan.buyerKey ?? String(fan.SK).slice(keys.fanPrefix.length)),
        want: isTopFan((fan.cards as Record<string, number>) ?? {}, sets),
      }))
      .filter(({ fan, buyerKey, want }) => fan.top !== want || stored.has(buyerKey) !== want);
    // TOPFAN items without a fan (never written by ingestion) would be counted wrongly: drop them.
    const orphans = [...stored].filter((key) => !fans.some((f) => String(f.buyerKey ?? String(f.SK).slice(keys.fanPrefix.length)) === key));
    if (work.length === 0 && orphans.length === 0) {
      const count = stored.size;
      if (!total || Number(total.topFanCount ?? 0) === count) return { changed };
    }
    if (!total) return { changed };
    const version = Number(total.version ?? 0);
    const chunk = work.slice(0, TOP_FAN_CHUNK);
    const writes: TxItem[] = [];
    let count = stored.size;
    for (const { fan, buyerKey, want } of chunk) {
      const fanVersion = Number(fan.version ?? 0);
      writes.push(
        update(
          keys.fan(athleteId, buyerKey),
          'SET #top = :top, #version = :next',
          { '#top': 'top', '#version': 'version' },
          { ':top': want, ':next': fanVersion + 1, ':version': fanVersion },
          '#version = :version',
        ),
      );
      if (want && !stored.has(buyerKey)) {
        writes.push({ Put: { TableName: tableName(), Item: { ...keys.topFan(athleteId, buyerKey), athleteId, buyerAlias: fan.buyerAlias ?? '' } } });
        count += 1;
      } else if (!want && stored.has(buyerKey)) {
        writes.push({ Delete: { TableName: tableName(), Key: keys.topFan(athleteId, buyerKey) } });
        count -= 1;
      }
    }
    for (const key of orphans.slice(0, Math.max(0, TOP_FAN_CHUNK - chunk.length))) {
      writes.push({ Delete: { TableName: tableName(), Key: keys.topFan(athleteId, key) } });
      count -= 1;
    }
    writes.push(
      update(
        keys.aggTotal(athleteId),
        'SET #count = :count, #version = :next',
        { '#count': 'topFanCount', '#version': 'version' },
        { ':count': count, ':next': version + 1, ':version': version },
        '#version = :version',
      ),
    );
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: writes }));
      changed += chunk.length;
      stalls = 0;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      stalls += 1;
    }
  }
  throw new Conflict('The athlete’s Top Fans are changing too fast to recompute; try again');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
