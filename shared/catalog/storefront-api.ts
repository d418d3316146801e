// The storefront's contract (GET /api/storefront, the front door at /): what a fan came for, read
// in a few bounded reads whatever the catalog holds (lambdas/catalog/storefront-repo.ts; decision 0017).
import type { CardView } from './catalog-api';
import type { AthleteSummary, SchoolSummary } from './catalog-types';

/** A card on the storefront with what its frame shows of the athlete. */
export interface StorefrontCard {
  athlete: Pick<AthleteSummary, 'id' | 'name' | 'schoolId' | 'school' | 'sport' | 'position' | 'number'>;
  card: CardView;
}

export interface StorefrontResponse {
  /** Moment drops coming or live among the newest cards, the soonest to open or close first (up to
   * STOREFRONT_LIMITS.drops; decision 0022). Absent from answers before drops. */
  drops?: StorefrontCard[];
  /** Cards on sale now, newest published first (up to STOREFRONT_LIMITS.live); drops are listed above. */
  live: StorefrontCard[];
  /** Limited editions close to selling out among the newest cards, fewest left (in proportion) first. */
  almostGone: StorefrontCard[];
  /** As GET /api/featured: the first schools and the last athletes (up to 6 each). */
  schools: SchoolSummary[];
  athletes: AthleteSummary[];
}

export const STOREFRONT_LIMITS = {
  /** The newest published cards one read considers (a GSI1 Query; their athletes in one BatchGet). */
  window: 24,
  live: 8,
  almostGone: 4,
  drops: 4,
} as const;

/** Almost sold out: a limited edition on sale with at most a quarter of its size left (at least 1 counts). */
export const ALMOST_GONE_SHARE = 0.25;

export function isAlmostGone(card: Pick<CardView, 'editionSize' | 'remaining' | 'buyable'>): boolean {
  if (!card.buyable || card.editionSize === null || card.remaining === null || card.remaining <= 0) return false;
  return card.remaining <= Math.max(1, Math.floor(card.editionSize * ALMOST_GONE_SHARE));
}
