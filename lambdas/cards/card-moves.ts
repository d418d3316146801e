// The card lifecycle's moves but publishing (card-publishing.ts): the collective creates, edits,
// deletes, submits and retires its members' cards and manages their sets; the athlete approves or
// rejects its own. Each applies shared/cards/lifecycle.ts (`check` before the image is read, `next`
// for the card after the move) and keeps what is not the card's state: ownership, validation
// against the athlete's cards and sets, a dependent unlock rule blocking a delete. Each is one
// change of the athlete (card-transaction.ts: one transaction under the profile's version).
import { CARDS_PER_ATHLETE_MAX, SETS_PER_ATHLETE_MAX, checkUnlockRule } from '#shared/cards/cards-api';
import type { CardRequest, OwnerCard } from '#shared/cards/cards-api';
import { REFUSALS, can, draftCard } from '#shared/cards/lifecycle';
import type { CardFields } from '#shared/cards/lifecycle';
import { membersAtClose, moveToSet } from '#shared/cards/sets';
import type { Athlete, CardSet, DigitalCollectible } from '#shared/catalog/catalog-types';
import { Conflict, NotFound, ValidationError } from '#lambdas/platform/errors';
import { admit, findCard, moved, mover, ownerResult, refuseUnless, replaceCard, requireMember } from './card-transaction';
import type { Actor, CardTransactions, CardsDeps } from './card-transaction';
import { milestoneWrite } from '#lambdas/catalog/collective-milestones';

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

export function cardMoves({ mutate }: Pick<CardTransactions, 'mutate'>, recomputeTopFans: (athleteId: number) => Promise<unknown>) {
  // ---- the collective's edits ----------------------------------------------------------------------

  function createCard(collectiveId: number, athleteId: number, request: CardRequest, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
    return mutate(
      athleteId,
      (snap) => {
        const { athlete } = snap;
        requireMember(athlete, collectiveId);
        if (athlete.digitalcollectibles.length >= CARDS_PER_ATHLETE_MAX)
          throw new Conflict(`An athlete has at most ${CARDS_PER_ATHLETE_MAX} cards; retire or delete one first`);
        const id = athlete.digitalcollectibles.reduce((max, c) => Math.max(max, c.id), 0) + 1;
        checkRequest(athlete, id, request);
        const by = mover('collective', actor, deps);
        const card = draftCard(id, fieldsOf(request), by);
        const after: Athlete = {
          ...athlete,
          digitalcollectibles: [...athlete.digitalcollectibles, card],
          sets: moveToSet(athlete.sets ?? [], id, request.setId),
        };
        // A first card is a step of a new collective's checklist (collective-milestones.ts).
        return { after, extra: [milestoneWrite(collectiveId, 'firstCardAt', by.at, actor.sub)], result: ownerResult(id, snap) };
      },
      actor,
    );
  }

  /** Edits a card not yet on sale; any edit sends it back to draft (the athlete approves what fans will see). */
  function updateCard(
    collectiveId: number,
    athleteId: number,
    cardId: number,
    request: CardRequest,
    actor: Actor,
    deps: Pick<CardsDeps, 'now'>,
  ): Promise<OwnerCard> {
    return mutate(
      athleteId,
      (snap) => {
        const { athlete } = snap;
        requireMember(athlete, collectiveId);
        const card = findCard(athlete, cardId);
        refuseUnless(can(card, 'edit', 'collective'));
        checkRequest(athlete, cardId, request, card);
        const edit = moved(card, { move: 'edit', fields: fieldsOf(request) }, mover('collective', actor, deps));
        if (!edit.changed) return { after: null, result: ownerResult(cardId, snap) };
        const after: Athlete = { ...replaceCard(athlete, edit.card), sets: moveToSet(athlete.sets ?? [], cardId, request.setId) };
        return { after, result: ownerResult(cardId, snap) };
      },
      actor,
    );
  }

  /** Deletes a card that never went on sale (no other card may unlock on it). */
  function deleteCard(collectiveId: number, athleteId: number, cardId: number, actor?: Actor): Promise<void> {
    return mutate(
      athleteId,
      (snap) => {
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
      },
      actor,
    );
  }

  /** Sends a draft (or a rejected card) to the athlete, pinning the image version they will see. */
  function submitCard(collectiveId: number, athleteId: number, cardId: number, actor: Actor, deps: Pick<CardsDeps, 'now' | 'fingerprint'>): Promise<OwnerCard> {
    return mutate(
      athleteId,
      async (snap) => {
        const { athlete } = snap;
        requireMember(athlete, collectiveId);
        const card = findCard(athlete, cardId);
        if (admit(card, { move: 'submit' }, 'collective')) return { after: null, result: ownerResult(cardId, snap) };
        const imageHash = await deps.fingerprint(card.image);
        const submitted = moved(card, { move: 'submit', imageHash }, mover('collective', actor, deps)).card;
        return { after: replaceCard(athlete, submitted), result: ownerResult(cardId, snap) };
      },
      actor,
    );
  }

  /** Takes a published card off sale; its sales, serials and holders stay. */
  function retireCard(collectiveId: number, athleteId: number, cardId: number, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
    return mutate(
      athleteId,
      (snap) => {
        requireMember(snap.athlete, collectiveId);
        const retire = moved(findCard(snap.athlete, cardId), { move: 'retire' }, mover('collective', actor, deps));
        return { after: retire.changed ? replaceCard(snap.athlete, retire.card) : null, result: ownerResult(cardId, snap) };
      },
      actor,
    );
  }

  // ---- the athlete's decisions -----------------------------------------------------------------------

  function approveCard(
    athleteId: number,
    cardId: number,
    reviewedHash: string,
    actor: Actor,
    deps: Pick<CardsDeps, 'now' | 'fingerprint'>,
  ): Promise<OwnerCard> {
    return mutate(
      athleteId,
      async (snap) => {
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
      },
      actor,
    );
  }

  function rejectCard(athleteId: number, cardId: number, reason: string, actor: Actor, deps: Pick<CardsDeps, 'now'>): Promise<OwnerCard> {
    return mutate(
      athleteId,
      (snap) => {
        const reject = moved(findCard(snap.athlete, cardId), { move: 'reject', reason }, mover('athlete', actor, deps));
        return { after: reject.changed ? replaceCard(snap.athlete, reject.card) : null, result: ownerResult(cardId, snap) };
      },
      actor,
    );
  }

  // ---- sets --------------------------------------------------------------------------------------------

  function createSet(collectiveId: number, athleteId: number, name: string, actor?: Actor): Promise<CardSet> {
    return mutate(
      athleteId,
      (snap) => {
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
      },
      actor,
    );
  }

  /**
   * Closes a set: its membership becomes its cards on sale or retired now (cards not yet on sale
   * leave it and need another set), fixed for good, and the athlete's Top Fans are recomputed.
   * Closing a closed set only finishes an interrupted recomputation.
   */
  async function closeSet(collectiveId: number, athleteId: number, setId: number, deps: Pick<CardsDeps, 'now'>, actor?: Actor): Promise<CardSet> {
    const set = await mutate(
      athleteId,
      (snap) => {
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
      },
      actor,
    );
    await recomputeTopFans(athleteId);
    return set;
  }

  return { createCard, updateCard, deleteCard, submitCard, retireCard, approveCard, rejectCard, createSet, closeSet };
}
