// The one Drift card: the app draws the frame around any image (a seeded one or a collective's
// upload), so every card of an edition looks alike. Frame and foil in the edition's colour, the
// DRIFT mark, the edition and its size (the card's rarity: never the athlete's tier), the art,
// the name strip, the school and the card number; an owned card carries its serial ('#32 / 100').
// HTML and CSS only, no style attribute (the CSP blocks those in server-rendered HTML): the colour
// comes from data-edition in card-frame.css, and text scales with the card's width (container units).
import type { SerialRange } from '@shared/cards/editions';
import { FallbackImage } from '@/components/fallback-image';
import { editionChip, editionKey, editionWords, serialStamp } from '@/components/card/card-edition';
import '@/components/card/card-frame.css';

export interface CardFrameProps {
  /** The card's art: any image URL (the frame crops it to its window). */
  image: string;
  /** The art's alt text ('Marcus Reed - Card #2 trading card'). */
  alt: string;
  athleteName: string;
  /** '#7 · Quarterback · Football' under the name (optional). */
  meta?: string | null;
  school?: string | null;
  edition: string | null;
  /** null: an open edition. */
  editionSize: number | null;
  /** The card's number within the athlete's cards. */
  cardNumber: number;
  /** The serials the viewer owns (a stamp on the art); none: not owned. */
  serials?: readonly SerialRange[] | null;
  /** The art loads at once (the page's main card) instead of lazily. */
  priority?: boolean;
  /** Greys the art (a missing, locked, sold-out or retired card). */
  muted?: boolean;
  className?: string;
}

export function CardFrame({
  image,
  alt,
  athleteName,
  meta,
  school,
  edition,
  editionSize,
  cardNumber,
  serials,
  priority = false,
  muted = false,
  className,
}: CardFrameProps) {
  const stamp = serialStamp(serials, editionSize);
  return (
    <figure className={`drift-card${muted ? ' drift-card-muted' : ''}${className ? ` ${className}` : ''}`} data-edition={editionKey(edition)}>
      <div className="drift-card-frame">
        <div className="drift-card-inner">
          <div className="drift-card-top">
            <span className="drift-card-brand" aria-hidden="true">
              DRIFT<span className="drift-card-dot">.</span>
            </span>
            <span className="drift-card-chip">
              <span aria-hidden="true">{editionChip(edition, editionSize)}</span>
              <span className="sr-only">{editionWords(edition, editionSize)}</span>
            </span>
          </div>
          <div className="drift-card-art">
            <FallbackImage src={image} alt={alt} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} width={500} height={500} />
            {stamp && (
              <span className="drift-card-serial">
                <span className="sr-only">Serial </span>
                {stamp}
              </span>
            )}
          </div>
          <figcaption className="drift-card-strip">
            <span className="drift-card-name">{athleteName}</span>
            {meta && <span className="drift-card-meta">{meta}</span>}
          </figcaption>
          <div className="drift-card-foot">
            <span className="drift-card-school">{school ?? ''}</span>
            <span className="drift-card-number">Card #{cardNumber}</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
