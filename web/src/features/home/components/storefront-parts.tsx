// The storefront's pieces: the hero (the spec's landing words, ENTER to the statement, the chooser
// and the pitch one link away), a row of cards in their frames, and placeholders of the same size.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { StorefrontCard } from '@shared/catalog/storefront-api';
import { formatUsd } from '@shared/platform/money';
import { athleteLine } from '@/components/card/card-edition';
import { CardFrame } from '@/components/card/card-frame';
import { paths } from '@/config/paths';
import { saleStatus } from '@/lib/card-sale';
import { DropCountdown } from '@/components/drop-countdown';

/** Pressing Enter with nothing focused enters the site (the spec's landing; a focused control keeps its own Enter). */
function useEnterToStatement() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const focused = document.activeElement;
      if (e.key === 'Enter' && (!focused || focused === document.body)) navigate(paths.statement.getHref());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}

export function StoreHero() {
  useEnterToStatement();
  return (
    <section className="store-hero" aria-labelledby="store-hero-title">
      <picture className="store-hero-bg" aria-hidden="true">
        <source media="(max-width: 767.98px)" srcSet="/images/landing-mobile.svg" />
        <img src="/images/landing-desktop.svg" alt="" width={1920} height={1080} fetchPriority="high" />
      </picture>
      <div className="store-hero-content container">
        <p className="eyebrow">Official NIL trading cards</p>
        <h1 id="store-hero-title" className="store-hero-title">
          Let Your Fans Elevate Your Program
        </h1>
        <p className="store-hero-sub">Official cards of the athletes you cheer for, approved by them. 97% of each sale goes to the athlete.</p>
        <div className="store-hero-links">
          {/* Links, so they work from the HTML before the app has hydrated. */}
          <Link className="btn btn-primary" to={paths.statement.getHref()}>
            ENTER
          </Link>
          <Link className="btn btn-outline" to={paths.main.getHref()}>
            Who it&apos;s for
          </Link>
          <Link className="btn btn-ghost" to={paths.pitch.getHref()}>
            Pitch
          </Link>
        </div>
      </div>
    </section>
  );
}

/** One card on sale: its frame, price and what is left, a link to its page. */
export function StoreCard({ item, priority = false }: { item: StorefrontCard; priority?: boolean }) {
  const { athlete, card } = item;
  const status = saleStatus(card, [card]);
  return (
    <li className="store-card">
      <Link
        to={paths.card.getHref(athlete.id, card.id)}
        state={{ card, athleteName: athlete.name, athleteId: athlete.id }}
        aria-label={`${card.name}, ${formatUsd(card.priceCents)}${status.text ? `, ${status.text}` : ''}`}
      >
        <CardFrame
          image={card.image}
          alt={`${card.name} trading card`}
          athleteName={athlete.name}
          meta={athleteLine(athlete)}
          school={athlete.school}
          edition={card.edition}
          editionSize={card.editionSize}
          cardNumber={card.id}
          priority={priority}
        />
        <span className="store-card-line">
          <span className="price">{formatUsd(card.priceCents)}</span>
          <span className="store-card-left">{status.text || 'On sale'}</span>
        </span>
      </Link>
      {card.drop && <DropCountdown drop={card.drop} compact />}
    </li>
  );
}

/** Cards the size of the real ones while the answer loads (hidden from screen readers). */
export function CardPlaceholders({ count }: { count: number }) {
  return (
    <ul className="store-row" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="store-card">
          <div className="store-card-placeholder" />
          <span className="store-card-line">
            <span className="price">{'\u00a0'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
