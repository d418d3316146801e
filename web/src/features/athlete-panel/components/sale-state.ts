// How a public card's sale state reads in the panel (docs/ARCHITECTURE.md "Editions, serials and
// unlocks", "Quotas, editions and sets"): retired, sold out, locked with its progress ("18 of 25
// Base sold to unlock"), or on sale with its serials issued ("#12 of 100") or its units sold.
import type { CardView } from '@shared/catalog/catalog-api';

export function saleStateLabel(card: CardView, cards: CardView[]): string {
  if (card.state === 'retired') return `Retired · ${card.sold} sold`;
  if (card.soldOut) return `Sold out · ${card.editionSize === null ? card.sold : `${card.issued} of ${card.editionSize}`}`;
  if (card.locked && card.unlock) {
    const quota = cards.find((c) => c.id === card.unlock?.cardId);
    const name = quota ? (quota.edition ?? quota.name) : `card ${card.unlock.cardId}`;
    return `Locked · ${Math.min(card.unlock.sold, card.unlock.units)} of ${card.unlock.units} ${name} sold to unlock`;
  }
  if (card.editionSize !== null) return `On sale · #${card.issued} of ${card.editionSize}`;
  return `On sale · ${card.sold} sold`;
}

/** A serial range as fans see it: '#7 / 100', '#3-5 / 100'. */
export const serialLabel = (s: { from: number; to: number; editionSize: number }): string =>
  `#${s.from === s.to ? s.from : `${s.from}-${s.to}`} / ${s.editionSize}`;
