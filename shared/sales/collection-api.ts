// My Collection's contract (GET /api/me/collection): a buyer's holdings by athlete, with sets and serials.
import type { AthleteSummary } from '../catalog/catalog-types';

// ---- My Collection ---------------------------------------------------------------------------------

/** One card of an athlete as the buyer's collection shows it: held or missing. */
export interface CollectionCard {
  id: number;
  name: string;
  image: string;
  edition: string | null;
  editionSize: number | null;
  priceCents: number;
  state: 'published' | 'retired';
  /** Units the buyer holds (counted: paid, net of refunds). 0: missing. */
  held: number;
  /** The serials the buyer holds ([from, to] ranges). */
  serials: Array<[number, number]>;
  /** When the buyer last bought this card, if among their latest orders (RECENT_ORDERS_READ); else null. */
  acquiredAt: string | null;
}

export interface CollectionSet {
  /** null: the athlete's cards outside any set, or every card of an athlete without sets. */
  id: number | null;
  name: string;
  /** Whether completing it makes a Top Fan (a closed set, or all cards of an athlete without sets). */
  countsForTopFan: boolean;
  cards: CollectionCard[];
  held: number;
  total: number;
  complete: boolean;
}

export interface CollectionAthlete {
  athlete: AthleteSummary;
  /** The athlete's Top Fan status of the buyer (the same flag the athlete's Top Fans list reads). */
  topFan: boolean;
  sets: CollectionSet[];
}

/** GET /api/me/collection: the buyer's athletes (12 per page), their sets, held and missing cards. */
export interface MeCollectionResponse {
  items: CollectionAthlete[];
  nextCursor: string | null;
  /** The buyer's newest purchase of a card they still hold (from their latest orders), or null. */
  latest: { athleteId: number; cardId: number; at: string } | null;
}

/** How many of the buyer's latest orders a collection page reads to date its cards (newest first). */
export const RECENT_ORDERS_READ = 20;
