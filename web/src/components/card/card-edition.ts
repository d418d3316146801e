// What a card's frame says about its rarity: the edition (Base, Gold, Signature or a collective's own
// name) and its size, never the athlete's tier. One place for the words, so the card page, the
// athlete page, My Collection, the card form's preview and the approval screen read alike.
import { NO_COPIES_SOLD, serialLabel, type SerialRange } from '@shared/cards/editions';
import { sportLabel } from '@shared/catalog/sports';

/** The frame's colour family: the three house editions, and one for any other name. */
export type EditionKey = 'base' | 'gold' | 'signature' | 'special';

const HOUSE: Record<string, EditionKey> = { base: 'base', gold: 'gold', signature: 'signature' };

export function editionKey(edition: string | null | undefined): EditionKey {
  const name = (edition ?? '').trim().toLowerCase();
  return name === '' ? 'base' : (HOUSE[name] ?? 'special');
}

/** 'Gold' ('Base' when the card names none). */
export const editionName = (edition: string | null | undefined): string => (edition ?? '').trim() || 'Base';

const count = new Intl.NumberFormat('en-US');

/** An edition of 0 is a moment drop that closed with no sale (its print run, 0, became its size;
 * a card request's size is at least 1): it has no edition to name, only that nothing sold. */
const noneSold = (editionSize: number | null): boolean => editionSize === 0;

/** The chip on the frame: 'Gold /100', an open edition 'Base · Open', a drop that sold nothing
 * 'Gold · None sold' (the words below say it whole). */
export function editionChip(edition: string | null | undefined, editionSize: number | null): string {
  if (noneSold(editionSize)) return `${editionName(edition)} · None sold`;
  return editionSize === null ? `${editionName(edition)} · Open` : `${editionName(edition)} /${count.format(editionSize)}`;
}

/** The same in words, for screen readers and prose: 'Gold edition of 100', 'Base open edition',
 * 'Gold drop: No copies sold in this drop'. */
export function editionWords(edition: string | null | undefined, editionSize: number | null): string {
  if (noneSold(editionSize)) return `${editionName(edition)} drop: ${NO_COPIES_SOLD}`;
  return editionSize === null ? `${editionName(edition)} open edition` : `${editionName(edition)} edition of ${count.format(editionSize)}`;
}

/** The serial stamp of an owned card: '#32 / 100'; several ranges '#3 / 100 +2'. */
export function serialStamp(serials: readonly SerialRange[] | null | undefined, editionSize: number | null): string | null {
  if (!serials || serials.length === 0) return null;
  const first = serialLabel(serials[0], editionSize);
  return serials.length > 1 ? `${first} +${serials.length - 1}` : first;
}

/** The line under the name on the frame: '#7 · Quarterback · Football' (what is known of it; the sport by its display name). */
export function athleteLine(athlete: { number?: string | null; position?: string | null; sport?: string | null }): string {
  return [athlete.number ? `#${athlete.number}` : '', athlete.position ?? '', athlete.sport ? sportLabel(athlete.sport) : ''].filter(Boolean).join(' · ');
}
