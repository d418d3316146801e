// The 3-card carousel of the athlete panels: previous/next arrows and dots, wrapping around at both
// ends. Every step moves the cards (the order rotates, so even with three cards the arrows visibly
// move them); on phones one card shows at a time and the arrows stay.
import { useState } from 'react';
import type { DigitalCollectible } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { FallbackImage } from '@/components/fallback-image';

export const CARDS_VISIBLE = 3;

export const wrapIndex = (index: number, length: number): number => (length === 0 ? 0 : ((index % length) + length) % length);

/** The cards on screen when the carousel starts at `start`: up to three, wrapping past the end. */
export function visibleCards<T>(cards: T[], start: number, count = CARDS_VISIBLE): T[] {
  return Array.from({ length: Math.min(count, cards.length) }, (_, i) => cards[wrapIndex(start + i, cards.length)]);
}

interface Props {
  cards: Array<Pick<DigitalCollectible, 'id' | 'name' | 'image' | 'priceCents'>>;
  soldByCard?: Record<string, number>;
  label: string;
}

export function CardCarousel({ cards, soldByCard, label }: Props) {
  const [start, setStart] = useState(0);
  const [direction, setDirection] = useState<'next' | 'prev' | null>(null);
  if (cards.length === 0) return <p className="muted">No cards yet.</p>;
  const shown = visibleCards(cards, start);
  const canMove = cards.length > 1;
  const go = (to: number, dir: 'next' | 'prev') => {
    setDirection(dir);
    setStart(wrapIndex(to, cards.length));
  };
  return (
    <section className="dash-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="dash-carousel-row">
        <button type="button" className="dash-carousel-arrow" aria-label="Previous card" disabled={!canMove} onClick={() => go(start - 1, 'prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        {/* Keyed by the start card so each move replays the slide-in animation. */}
        <ul key={start} className={`dash-carousel-track${direction ? ` slide-${direction}` : ''}`} aria-live="polite">
          {shown.map((card, i) => (
            <li key={card.id} className="dash-card" aria-roledescription="slide" aria-label={`${wrapIndex(start + i, cards.length) + 1} of ${cards.length}`}>
              <FallbackImage src={card.image} alt={card.name} className="dash-card-img" loading="lazy" />
              <div className="dash-card-body">
                <strong>{card.name}</strong>
                <span>{formatUsd(card.priceCents)}</span>
                {soldByCard && <span className="muted small">{soldByCard[String(card.id)] ?? 0} sold</span>}
              </div>
            </li>
          ))}
        </ul>
        <button type="button" className="dash-carousel-arrow" aria-label="Next card" disabled={!canMove} onClick={() => go(start + 1, 'next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {canMove && (
        <div className="dash-dots" role="group" aria-label="Choose card">
          {cards.map((card, i) => (
            <button
              key={card.id}
              type="button"
              className={`dash-dot${i === start ? ' active' : ''}`}
              aria-label={`Show card ${i + 1}`}
              aria-pressed={i === start}
              onClick={() => go(i, i < start ? 'prev' : 'next')}
            />
          ))}
        </div>
      )}
    </section>
  );
}
