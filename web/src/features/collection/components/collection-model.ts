// My Collection's rules over the server's answer (GET /api/me/collection) and the cards kept in this
// browser (lib/purchased-cards.ts): a local card shows until the collection holds that card.
import type { CollectionAthlete, CollectionCard } from '@shared/sales/collection-api';
import type { LocalCollectible } from '@/lib/purchased-cards';

/** 'athleteId:cardId' of every card the buyer holds at least one unit of. */
export function heldCards(athletes: CollectionAthlete[]): Set<string> {
  const held = new Set<string>();
  for (const a of athletes) for (const set of a.sets) for (const card of set.cards) if (card.held > 0) held.add(`${a.athlete.id}:${card.id}`);
  return held;
}

/** Cards bought in this browser that the collection does not show yet (newest first). */
export function localOnly(local: LocalCollectible[], athletes: CollectionAthlete[]): LocalCollectible[] {
  const held = heldCards(athletes);
  return local.filter((e) => !held.has(`${e.athleteId}:${e.cardId}`)).sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));
}

/** Storefront purchases of the last `windowMs` not in the collection yet: poll while there are any. */
export function pendingLocalOrders(entries: LocalCollectible[], now: number, windowMs = 30_000): number {
  return entries.filter((e) => e.orderId && now - Date.parse(e.purchaseDate) < windowMs).length;
}

/** Distinct cards held across the athletes. */
export const heldCount = (athletes: CollectionAthlete[]): number => heldCards(athletes).size;

export const isHeld = (card: CollectionCard) => card.held > 0;
