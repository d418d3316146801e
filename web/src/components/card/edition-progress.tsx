// How much of a card's edition is left, as a bar and in words ('469 of 500 left', 'Sold out'); a
// locked card shows its way to the unlock instead ('18 of 25 Base sold to unlock'), an open edition
// how many are out, a live moment drop what it has sold (its countdown and print run are the drop's
// own component). A native <progress> (no style attribute: server-rendered HTML runs under the CSP).
import type { CardView } from '@shared/catalog/catalog-api';
import { saleStatus, unlockProgress } from '@/lib/card-sale';

const count = new Intl.NumberFormat('en-US');

interface Bar {
  value: number;
  max: number;
  text: string;
  label: string;
  /** Said to screen readers only (another component shows it). */
  hidden?: boolean;
}

/** What the bar shows for a card ('cards': the athlete's cards, for a quota card's name). */
export function editionBar(card: CardView, cards: readonly CardView[]): Bar | null {
  const status = saleStatus(card, cards);
  // A moment drop's window and print run are its countdown's (components/drop-countdown.tsx); the
  // bar says what a live drop has sold, and otherwise only what the Buy button's description reads.
  if (card.drop) {
    return card.drop.phase === 'live'
      ? { value: 0, max: 0, text: `Moment drop: ${count.format(card.sold)} sold so far`, label: 'Drop' }
      : { value: 0, max: 0, text: status.text, label: 'Drop', hidden: true };
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
      <p className={bar.hidden ? 'sr-only' : 'edition-progress-text'} id={id}>
        {bar.text}
      </p>
    </div>
  );
}
