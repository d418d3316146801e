// What a fan is told about a card's sale state (GET /api/athletes/{id} CardView): locked with its
// progress, how many of an edition are left, sold out, retired, a moment drop coming or closed. The athlete pages and the card
// page say it with the same words.
import type { CardView } from '@shared/catalog/catalog-api';
import { printRunText } from '@shared/cards/editions';
import { isRetired } from '@shared/cards/lifecycle';
import { unlockProgress as progressLabel } from '@shared/cards/quota';

export type SaleKind = 'locked' | 'retired' | 'upcoming' | 'closed' | 'sold-out' | 'limited' | 'open';

export interface SaleStatus {
  kind: SaleKind;
  /** The line shown on the card ('' for an open edition on sale). */
  text: string;
  buyable: boolean;
}

/** '18 of 25 Base sold to unlock' (shared/cards/quota.ts), the quota card found among `cards`. */
export function unlockProgress(card: CardView, cards: readonly CardView[]): string {
  const { unlock } = card;
  if (!unlock) return '';
  const quota = cards.find((c) => c.id === unlock.cardId);
  return progressLabel(unlock, quota);
}

export function saleStatus(card: CardView, cards: readonly CardView[]): SaleStatus {
  if (isRetired(card)) return { kind: 'retired', text: 'Retired: no longer on sale', buyable: false };
  if (card.locked) return { kind: 'locked', text: unlockProgress(card, cards), buyable: false };
  // A moment drop sells during its window only (decision 0022; its countdown says when).
  if (card.drop?.phase === 'scheduled') return { kind: 'upcoming', text: 'Drop opens soon', buyable: false };
  if (card.drop && card.drop.phase !== 'live')
    return { kind: 'closed', text: card.drop.printRun === null ? 'Drop closed' : printRunText(card.drop.printRun), buyable: false };
  if (card.soldOut) return { kind: 'sold-out', text: 'Sold out', buyable: false };
  if (card.editionSize !== null && card.remaining !== null) {
    return { kind: 'limited', text: `${card.remaining} of ${card.editionSize} left`, buyable: card.buyable };
  }
  return { kind: 'open', text: '', buyable: card.buyable };
}

/** The short label of a state that stops a purchase (a badge on the card). */
export const SALE_BADGE: Partial<Record<SaleKind, string>> = {
  locked: 'Locked',
  retired: 'Retired',
  upcoming: 'Coming soon',
  closed: 'Drop closed',
  'sold-out': 'Sold out',
};
