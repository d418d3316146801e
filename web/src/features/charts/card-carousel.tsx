// The 3-card carousel of the athlete panels: previous/next arrows and dots, wrapping around at both ends.
import { useState } from 'react';
import type { DigitalCollectible } from '../../../../shared/catalog-types';
import { formatUsd } from '../../../../shared/money';
import { FallbackImage } from '../../components/fallback-image';

export const CARDS_VISIBLE = 3;

export const wrapIndex = (index: number, length: number): number => (length === 0 ? 0 : ((index % length) + length) % length);

/** The cards on screen when the carousel starts at `start`: up to three, wrapping past the end. */
export function visibleCards<T>(cards: T[], start: number, count = CARDS_VISIBLE): T[] {
  if (cards.length <= count) return cards;
  return Array.from({ length: count }, (_, i) => cards[wrapIndex(start + i, cards.length)]);
}

interface Props {
  cards: DigitalCollectible[];
  soldByCard?: Record<string, number>;
  label: string;
}

export function CardCarousel({ cards, soldByCard, label }: Props) {
  const [start, setStart] = useState(0);
  if (cards.length === 0) return <p className="muted">No cards yet.</p>;
  const shown = visibleCards(cards, start);
  const canMove = cards.length > 1;
  return (
    <section className="dash-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="dash-carousel-row">
        <button type="button" className="carousel-arrow" aria-label="Previous card" disabled={!canMove} onClick={() => setStart((s) => wrapIndex(s - 1, cards.length))}>
          ‹
        </button>
        <ul className="dash-carousel-track" aria-live="polite">
          {shown.map((card) => (
            <li key={card.id} className="dash-card" aria-roledescription="slide">
              <FallbackImage src={card.image} alt={card.name} className="dash-card-img" loading="lazy" />
              <div className="dash-card-body">
                <strong>{card.name}</strong>
                <span>{formatUsd(card.priceCents)}</span>
                {soldByCard && <span className="muted small">{soldByCard[String(card.id)] ?? 0} sold</span>}
              </div>
            </li>
          ))}
        </ul>
        <button type="button" className="carousel-arrow" aria-label="Next card" disabled={!canMove} onClick={() => setStart((s) => wrapIndex(s + 1, cards.length))}>
          ›
        </button>
      </div>
      {canMove && (
        <div className="dash-dots" role="group" aria-label="Choose card">
          {cards.map((card, i) => (
            <button key={card.id} type="button" className={`dash-dot${i === start ? ' active' : ''}`} aria-label={`Show card ${i + 1}`} aria-pressed={i === start} onClick={() => setStart(i)} />
          ))}
        </div>
      )}
    </section>
  );
}
