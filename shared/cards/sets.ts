// An athlete's card sets (docs/ARCHITECTURE.md "Quotas, editions and sets"): a set is open until the
// collective closes it; closing fixes its membership to its cards on sale (published or retired)
// at that moment, and a closed set takes no new card, so a completed set is never "spoiled". A
// buyer holding every card of a closed set is a Top Fan (an athlete without sets: every public card).
import type { Athlete, CardSet, DigitalCollectible } from '../catalog/catalog-types';
import { isPublic } from './lifecycle';

/** The card sets whose every card a buyer must hold to be the athlete's Top Fan: its closed sets
 * (their membership is fixed), or every card as one set for athletes without sets. */
export function topFanSetsOf(athlete: Pick<Athlete, 'digitalcollectibles' | 'sets'> | undefined): number[][] {
  if (!athlete) return [];
  if (athlete.sets?.length) return athlete.sets.filter((s) => s.closedAt !== null && s.cardIds.length > 0).map((s) => s.cardIds);
  const ids = athlete.digitalcollectibles.filter(isPublic).map((c) => c.id);
  return ids.length ? [ids] : [];
}

/** The cards a set keeps when it closes: its cards fans can see now (the others leave it). */
export function membersAtClose(set: CardSet, cards: readonly DigitalCollectible[]): number[] {
  return set.cardIds.filter((id) => {
    const card = cards.find((c) => c.id === id);
    return card !== undefined && isPublic(card);
  });
}

/** Puts a card in set `setId` and takes it out of the open sets it leaves (a closed set keeps it). */
export function moveToSet(sets: CardSet[], cardId: number, setId: number | null): CardSet[] {
  return sets.map((s) => {
    const has = s.cardIds.includes(cardId);
    if (s.id === setId && !has) return { ...s, cardIds: [...s.cardIds, cardId] };
    if (s.id !== setId && has && s.closedAt === null) return { ...s, cardIds: s.cardIds.filter((id) => id !== cardId) };
    return s;
  });
}
