// Order attribution: which athlete and card a Shopify line belongs to.
// Product id first (catalog cards carry shopifyProductId); only an unknown product falls back to
// the spec's title rule; ambiguous or unmatched lines stay unattributed, never dropped.
import type { Athlete, CatalogIndex } from './catalog-types';

export type Attribution =
  | { kind: 'product'; athleteId: number; cardId: number }
  | { kind: 'title'; athleteId: number; cardId: number | null }
  | { kind: 'unattributed'; reason: 'unmatched' | 'ambiguous' };

/** The spec's title rule: the title (lowercased, trimmed) contains the athlete's full name or any
 * word of the name longer than 2 characters. A unique full-name match wins over word matches. */
export function athletesMatchingTitle(title: string, athletes: Iterable<Athlete>): { fullName: Athlete[]; word: Athlete[] } {
  const t = title.trim().toLowerCase();
  const fullName: Athlete[] = [];
  const word: Athlete[] = [];
  if (!t) return { fullName, word };
  for (const athlete of athletes) {
    const name = athlete.name.trim().toLowerCase();
    if (name && t.includes(name)) fullName.push(athlete);
    else if (name.split(/\s+/).some((w) => w.length > 2 && t.includes(w))) word.push(athlete);
  }
  return { fullName, word };
}

function cardFromTitle(title: string, athlete: Athlete): number | null {
  const match = /card\s*#\s*(\d+)/i.exec(title);
  if (!match) return null;
  const id = Number(match[1]);
  return athlete.digitalcollectibles.some((c) => c.id === id) ? id : null;
}

export function attributeLine(line: { productId: string | null; title: string }, index: CatalogIndex): Attribution {
  if (line.productId) {
    const card = index.cardByProductId.get(line.productId);
    if (card) return { kind: 'product', athleteId: card.athleteId, cardId: card.cardId };
  }
  const { fullName, word } = athletesMatchingTitle(line.title, index.athleteById.values());
  const candidates = fullName.length > 0 ? fullName : word;
  if (candidates.length === 1) {
    return { kind: 'title', athleteId: candidates[0].id, cardId: cardFromTitle(line.title, candidates[0]) };
  }
  return { kind: 'unattributed', reason: candidates.length === 0 ? 'unmatched' : 'ambiguous' };
}
