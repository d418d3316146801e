// How a public card's sale state reads in the panel (docs/ARCHITECTURE.md "Editions, serials and
// unlocks", "Quotas, editions and sets"): retired, sold out, locked with its progress ("18 of 25
// Base sold to unlock", shared/cards/quota.ts), or on sale with how many of its edition are sold
// and left ("31 of 500 sold · 469 left": a count, never a serial's "#31") or its units sold; a
// closed moment drop its print run, or that it sold nothing (never "all 0 sold").
import type { CardView } from '@shared/catalog/catalog-api';
import { printRunText } from '@shared/cards/editions';
import { isRetired } from '@shared/cards/lifecycle';
import { unlockProgress } from '@shared/cards/quota';

const count = (n: number) => n.toLocaleString('en-US');

export function saleStateLabel(card: CardView, cards: CardView[]): string {
  if (isRetired(card)) return `Retired · ${count(card.sold)} sold`;
  if (card.drop?.phase === 'closed' && card.drop.printRun !== null) return `Drop closed · ${printRunText(card.drop.printRun)}`;
  if (card.soldOut) return `Sold out · ${card.editionSize === null ? `${count(card.sold)} sold` : `all ${count(card.editionSize)} sold`}`;
  if (card.locked && card.unlock)
    return `Locked · ${unlockProgress(
      card.unlock,
      cards.find((c) => c.id === card.unlock?.cardId),
    )}`;
  if (card.editionSize !== null)
    return `On sale · ${count(card.issued)} of ${count(card.editionSize)} sold · ${count(Math.max(0, card.editionSize - card.issued))} left`;
  return `On sale · ${count(card.sold)} sold`;
}
