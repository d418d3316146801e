// Order attribution: which athlete and card a Shopify line belongs to, decided once when the line is
// first seen and then kept with the order (so later catalog edits never move past sales).
//
// 1. A gift card is not a card sale ('other').
// 2. A known Shopify product id wins: its card, whatever the title says.
// 3. Otherwise the line's school is read from the product's vendor (a school's exact name) or a
//    school name in the title. Only then does the spec's title rule run, and only over that
//    school's athletes: the title (lowercased, trimmed) contains the athlete's full name or a word
//    of it longer than 2 characters; one athlete -> attributed, several -> ambiguous.
// 4. A line with no known school is never attributed by title: an athlete named after another
//    school's product must not capture its sales. It stays unattributed (unknown products) or, for
//    product-less lines that name no athlete (tips, custom lines), 'other' (not a card sale).
// Unattributed lines carry the schools they can belong to; only those schools' collectives see
// them and may assign them to a card.
import type { Athlete, CatalogIndex } from '../catalog/catalog-types';

export type LineAttribution =
  | { kind: 'card'; athleteId: number; cardId: number | null; via: 'product' | 'title' | 'assigned'; assignedAt?: string; assignedBy?: string }
  | {
      kind: 'unattributed';
      reason: 'unmatched' | 'ambiguous';
      schoolIds: number[];
      candidateAthleteIds?: number[];
      /** A line that named no school, sent by a platform operator to a collective's school. */
      routedAt?: string;
      routedBy?: string;
    }
  | { kind: 'other' };

export interface AttributableLine {
  productId: string | null;
  title: string;
  vendor?: string | null;
  giftCard?: boolean;
}

/** The spec's title rule over some athletes: full-name matches, and word matches of the others. */
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

/** The schools a line names: the vendor equal to a school's name, else school names in the title. */
export function schoolsOfLine(line: AttributableLine, index: CatalogIndex): number[] {
  const vendor = line.vendor?.trim().toLowerCase();
  if (vendor) {
    const school = index.schools.find((s) => s.name.trim().toLowerCase() === vendor);
    if (school) return [school.id];
  }
  const title = line.title.trim().toLowerCase();
  return index.schools.filter((s) => s.name.trim() && title.includes(s.name.trim().toLowerCase())).map((s) => s.id);
}

const isTip = (line: AttributableLine) => line.productId === null && /^\s*tips?\b/i.test(line.title);

export function attributeLine(line: AttributableLine, index: CatalogIndex): LineAttribution {
  if (line.giftCard || isTip(line)) return { kind: 'other' };
  if (line.productId) {
    const card = index.cardByProductId.get(line.productId);
    if (card) return { kind: 'card', athleteId: card.athleteId, cardId: card.cardId, via: 'product' };
  }
  const schoolIds = schoolsOfLine(line, index);
  if (schoolIds.length > 0) {
    const athletes = schoolIds.flatMap((id) => index.athletesBySchool.get(id) ?? []);
    const { fullName, word } = athletesMatchingTitle(line.title, athletes);
    const candidates = fullName.length > 0 ? fullName : word;
    if (candidates.length === 1) return { kind: 'card', athleteId: candidates[0].id, cardId: cardFromTitle(line.title, candidates[0]), via: 'title' };
    return {
      kind: 'unattributed',
      reason: candidates.length === 0 ? 'unmatched' : 'ambiguous',
      schoolIds,
      ...(candidates.length ? { candidateAthleteIds: candidates.map((a) => a.id) } : {}),
    };
  }
  // No school known: suggest athletes the title names (a hint for operators, never an attribution).
  const { fullName } = athletesMatchingTitle(line.title, index.athleteById.values());
  if (!line.productId && fullName.length === 0) return { kind: 'other' };
  return {
    kind: 'unattributed',
    reason: fullName.length > 1 ? 'ambiguous' : 'unmatched',
    schoolIds: [],
    ...(fullName.length ? { candidateAthleteIds: fullName.map((a) => a.id) } : {}),
  };
}
