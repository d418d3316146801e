// How much of a card's edition is left, as a bar and in words ('469 of 500 left', 'Sold out'); a
// locked card shows its way to the unlock instead ('18 of 25 Base sold to unlock'), an open edition
// how many are out, a moment drop where its window is ('Print run: 1,234' once closed; its
// countdown is the drop's own component). A native <progress> (no style attribute: server-rendered
// HTML runs under the CSP).
import type { CardView } from '@shared/catalog/catalog-api';
import { formatDateTime } from '@/lib/dates';
import { saleStatus, unlockProgress } from '@/lib/card-sale';

const count = new Intl.NumberFormat('en-US');

interface Bar {
  value: number;
  max: number;
  text: string;
  label: string;
}

/** What the bar shows for a card ('cards': the athlete's cards, for a quota card's name). */
export function editionBar(card: CardView, cards: readonly CardView[]): Bar | null {
  const status = saleStatus(card, cards);
  const drop = card.drop;
  if (drop) {
    if (drop.printRun !== null) return { value: 0, max: 0, text: `Print run: ${count.format(drop.printRun)}`, label: 'Print run' };
    if (drop.phase === 'scheduled') return { value: 0, max: 0, text: `Moment drop: on sale from ${formatDateTime(drop.startsAt)}`, label: 'Drop' };
    if (drop.phase === 'live')
      return { value: 0, max: 0, text: `Moment drop: ${count.format(card.sold)} sold so far, on sale until ${formatDateTime(drop.endsAt)}`, label: 'Drop' };
    return { value: 0, max: 0, text: 'The drop has ended: its print run is being counted', label: 'Drop' };
  }
  if (status.kind === 'locked' && card.unlock) {
    return { value: Math.min(card.unlock.sold, card.unlock.units), max: card.unlock.units, text: unlockProgress(card, cards), label: 'Sold toward the unlock' };
  }
  if (card.editionSize === null) {
    return status.kind === 'retired' ? null : { value: 0, max: 0, text: `Open edition · ${count.format(card.sold)} sold`, label: 'Sold' };
  }
  const issued = Math.min(card.issued, card.editionSize);
  return { value: issued, max: card.editionSize, text: status.text, label: 'Issued of the edition' };
}

export function EditionProgress({ card, cards, id }: { card: CardView; cards: readonly CardView[]; id?: string }) {
  const bar = editionBar(card, cards);
  if (!bar) return null;
  return (
    <div className="edition-progress" data-kind={saleStatus(card, cards).kind}>
      {bar.max > 0 && <progress value={bar.value} max={bar.max} aria-label={`${bar.label}: ${bar.text}`} />}
      <p className="edition-progress-text" id={id}>
        {bar.text}
      </p>
    </div>
  );
}
