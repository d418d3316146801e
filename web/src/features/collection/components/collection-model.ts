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

// ---- the showcase: newest first, filters ------------------------------------------------------------

/** The newest purchase still held, across the pages read (the answer dates cards bought in the buyer's latest orders). */
export function newestHeld(athletes: CollectionAthlete[]): { athleteId: number; cardId: number; at: string } | null {
  let newest: { athleteId: number; cardId: number; at: string } | null = null;
  for (const a of athletes)
    for (const set of a.sets)
      for (const card of set.cards)
        if (card.held > 0 && card.acquiredAt && (!newest || card.acquiredAt > newest.at))
          newest = { athleteId: a.athlete.id, cardId: card.id, at: card.acquiredAt };
  return newest;
}

/** When the buyer last bought any card of an athlete ('' when none of its cards is dated). */
const lastBought = (a: CollectionAthlete): string =>
  a.sets.reduce((latest, set) => set.cards.reduce((l, c) => (c.held > 0 && c.acquiredAt && c.acquiredAt > l ? c.acquiredAt : l), latest), '');

/** Athletes newest purchase first (then by name); in each set the held cards newest first, then the set's order, missing cards last. */
export function newestFirst(athletes: CollectionAthlete[]): CollectionAthlete[] {
  const order = (cards: CollectionCard[]) =>
    cards
      .map((card, index) => ({ card, index }))
      .sort(
        (x, y) => Number(y.card.held > 0) - Number(x.card.held > 0) || (y.card.acquiredAt ?? '').localeCompare(x.card.acquiredAt ?? '') || x.index - y.index,
      )
      .map((x) => x.card);
  return [...athletes]
    .sort((a, b) => lastBought(b).localeCompare(lastBought(a)) || a.athlete.name.localeCompare(b.athlete.name))
    .map((a) => ({ ...a, sets: a.sets.map((set) => ({ ...set, cards: order(set.cards) })) }));
}

export interface CollectionFilter {
  /** A school's name, or '' for all. */
  school: string;
  /** A set's name, or '' for all. */
  set: string;
}

export const NO_FILTER: CollectionFilter = { school: '', set: '' };

/** The schools and set names of the athletes read, sorted (the filters' options). */
export function filterOptions(athletes: CollectionAthlete[]): { schools: string[]; sets: string[] } {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return { schools: sorted(athletes.map((a) => a.athlete.school)), sets: sorted(athletes.flatMap((a) => a.sets.map((s) => s.name))) };
}

/** The athletes of the chosen school with the chosen set only (athletes left without a set are left out). */
export function applyFilter(athletes: CollectionAthlete[], filter: CollectionFilter): CollectionAthlete[] {
  return athletes
    .filter((a) => !filter.school || a.athlete.school === filter.school)
    .map((a) => (filter.set ? { ...a, sets: a.sets.filter((s) => s.name === filter.set) } : a))
    .filter((a) => a.sets.length > 0);
}
