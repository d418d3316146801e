// The storefront, the front door (/): what a fan came for within the first screen at 375 px: the
// newest cards on sale, the limited editions close to selling out, then the featured schools and
// athletes, under a hero that keeps the spec's landing words (ENTER to the statement; the chooser
// and the pitch one link away). Rendered on request with GET /api/storefront (app/routes.tsx
// serverData), so a phone paints the cards from the HTML; the prerendered index.html carries the
// same page without data (placeholders of the cards' size), hydrated and filled in the browser.
import { Carousel } from '@/components/carousel';
import { AthleteCard, SchoolCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { STOREFRONT_ERROR, useStorefront } from '@/features/home/api/get-storefront';
import { CardPlaceholders, StoreCard, StoreHero } from '@/features/home/components/storefront-parts';
import '@/features/home/components/storefront.css';

export default function Storefront() {
  const { data, error, mutate } = useStorefront();
  return (
    <div className="page storefront">
      <StoreHero />
      <div className="container">
        {error && <ErrorBox message={STOREFRONT_ERROR} onRetry={() => void mutate()} />}
        {!data && !error && (
          <p className="sr-only" role="status">
            Loading the cards on sale...
          </p>
        )}
        {data?.drops && data.drops.length > 0 && (
          <section className="store-section" aria-labelledby="store-drops">
            <h2 id="store-drops" className="section-title">
              Moment drops
            </h2>
            <ul className="store-row">
              {data.drops.map((item, i) => (
                <StoreCard key={`${item.athlete.id}-${item.card.id}`} item={item} priority={i < 2} />
              ))}
            </ul>
          </section>
        )}
        <section className="store-section" aria-labelledby="store-live">
          <h2 id="store-live" className="section-title">
            New &amp; live
          </h2>
          {data ? (
            data.live.length > 0 ? (
              <ul className="store-row">
                {data.live.map((item, i) => (
                  <StoreCard key={`${item.athlete.id}-${item.card.id}`} item={item} priority={i < 2} />
                ))}
              </ul>
            ) : (
              <p className="muted">No cards on sale right now. New cards appear here the moment a collective publishes them.</p>
            )
          ) : (
            !error && <CardPlaceholders count={4} />
          )}
        </section>
        {data && data.almostGone.length > 0 && (
          <section className="store-section" aria-labelledby="store-almost">
            <h2 id="store-almost" className="section-title">
              Almost sold out
            </h2>
            <ul className="store-row">
              {data.almostGone.map((item) => (
                <StoreCard key={`${item.athlete.id}-${item.card.id}`} item={item} />
              ))}
            </ul>
          </section>
        )}
        <section className="store-section" aria-labelledby="featured-schools">
          <h2 id="featured-schools" className="section-title">
            Featured Schools
          </h2>
          {data && data.schools.length === 0 && <p className="muted">No schools yet.</p>}
          {data && data.schools.length > 0 && (
            <Carousel label="Featured Schools">
              {data.schools.map((s) => (
                <div className="carousel-item" key={s.id}>
                  <SchoolCard school={s} />
                </div>
              ))}
            </Carousel>
          )}
        </section>
        <section className="store-section" aria-labelledby="featured-athletes">
          <h2 id="featured-athletes" className="section-title">
            Featured Athletes
          </h2>
          {data && data.athletes.length === 0 && <p className="muted">No athletes yet.</p>}
          {data && data.athletes.length > 0 && (
            <Carousel label="Featured Athletes">
              {data.athletes.map((a) => (
                <div className="carousel-item" key={a.id}>
                  <AthleteCard athlete={a} />
                </div>
              ))}
            </Carousel>
          )}
        </section>
      </div>
    </div>
  );
}
