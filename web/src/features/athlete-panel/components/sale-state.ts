// How a public card's sale state reads in the panel (docs/ARCHITECTURE.md "Editions, serials and
// unlocks", "Quotas, editions and sets"): retired, sold out, locked with its progress ("18 of 25
// Base sold to unlock", shared/cards/quota.ts), or on sale with its serials issued ("#12 of 100") or
// its units sold.
import type { CardView } from '@shared/catalog/catalog-api';
import { isRetired } from '@shared/cards/lifecycle';
import { unlockProgress } from '@shared/cards/quota';

export function saleStateLabel(card: CardView, cards: CardView[]): string {
  if (isRetired(card)) return `Retired · ${card.sold} sold`;
  if (card.soldOut) return `Sold out · ${card.editionSize === null ? card.sold : `${card.issued} of ${card.editionSize}`}`;
  if (card.locked && card.unlock)
    return `Locked · ${unlockProgress(
      card.unlock,
      cards.find((c) => c.id === card.unlock?.cardId),
    )}`;
  if (card.editionSize !== null) return `On sale · #${card.issued} of ${card.editionSize}`;
  return `On sale · ${card.sold} sold`;
}
