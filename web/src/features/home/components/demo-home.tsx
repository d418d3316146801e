// Demo home: Featured Schools (up to 6) and Featured Athletes (the last 6 of the list) carousels,
// from GET /api/featured. A link to it is rendered on request with that answer (app/server-render.tsx),
// the first school's logo loading at once (the page's largest content on a phone); in the browser,
// until the answer arrives each carousel shows placeholder cards of the real cards' size, so
// nothing moves when they fill in.
import type { ReactNode } from 'react';
import { Carousel } from '@/components/carousel';
import { AthleteCard, SchoolCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FEATURED_ERROR, useFeatured } from '@/features/home/api/get-featured';

/** Cards the size of the real ones while the catalog loads (hidden from screen readers; the status says it) while the answer loads. */
function Placeholders({ kind }: { kind: 'school' | 'athlete' }) {
  return (
    <div className="carousel" aria-hidden="true">
      <div className="carousel-track">
        {[0, 1, 2].map((i) => (
          <div className="carousel-item" key={i}>
            <div className={`entity-card placeholder-card ${kind}-card`}>
              <div className={`entity-media${kind === 'school' ? ' school-media' : ''}`} />
              {/* The real card's text boxes, empty, so the heights match to the pixel. */}
              <div className="entity-body">
                <span className="entity-title placeholder-line">{'\u00a0'}</span>
                <span className="entity-meta placeholder-line short">{'\u00a0'}</span>
                {kind === 'athlete' && <span className="entity-sub placeholder-line short">{'\u00a0'}</span>}
                <span className="btn btn-block placeholder-button" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

interface FeaturedProps<T> {
  /** What it features: its title ('Featured Schools') and heading id (featured-schools) say it. */
  kind: 'school' | 'athlete';
  /** The items once the answer is here (undefined before it). */
  items: T[] | undefined;
  failed: boolean;
  card: (item: T, index: number) => ReactNode;
}

/** One featured carousel: its cards, a line when there are none, or placeholders until the answer (none after a failure: the error box speaks). */
function Featured<T extends { id: number }>({ kind, items, failed, card }: FeaturedProps<T>) {
  const id = `featured-${kind}s`;
  const title = kind === 'school' ? 'Featured Schools' : 'Featured Athletes';
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {items && items.length === 0 && <p className="muted">No {kind}s yet.</p>}
      {items
        ? items.length > 0 && (
            <Carousel label={title}>
              {items.map((item, i) => (
                <div className="carousel-item" key={item.id}>
                  {card(item, i)}
                </div>
              ))}
            </Carousel>
          )
        : !failed && <Placeholders kind={kind} />}
    </section>
  );
}

export default function DemoHome() {
  const { data, error, mutate } = useFeatured();
  return (
    <div className="page container">
      <section className="hero-strip">
        <p className="eyebrow">Official NIL trading cards</p>
        <h1 className="page-title">Collect the athletes you cheer for</h1>
        <p className="lead">Every card is approved by the athlete, and 97% of each sale goes to them.</p>
      </section>
      {error && <ErrorBox message={FEATURED_ERROR} onRetry={() => void mutate()} />}
      {!data && !error && (
        <p className="sr-only" role="status">
          Loading featured athletes...
        </p>
      )}
      <Featured kind="school" items={data?.schools} failed={Boolean(error)} card={(s, i) => <SchoolCard school={s} priority={i === 0} />} />
      <Featured kind="athlete" items={data?.athletes} failed={Boolean(error)} card={(a) => <AthleteCard athlete={a} />} />
    </div>
  );
}
