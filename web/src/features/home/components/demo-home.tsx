// Demo home: Featured Schools (up to 6) and Featured Athletes (the last 6 of the list) carousels.
import { Carousel } from '@/components/carousel';
import { AthleteCard, SchoolCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { PageSpinner } from '@/components/spinner';
import { CATALOG_ERROR, useCatalog } from '@/lib/catalog';

export const FEATURED_COUNT = 6;

export default function DemoHome() {
  const { data, error, isLoading, mutate } = useCatalog();
  if (error) return <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner label="Loading featured athletes..." />;
  const schools = data.schools.slice(0, FEATURED_COUNT);
  const athletes = data.athletes.slice(-FEATURED_COUNT);
  return (
    <div className="page container">
      <section className="hero-strip">
        <p className="eyebrow">Official NIL trading cards</p>
        <h1 className="page-title">Collect the athletes you cheer for</h1>
        <p className="lead">Every card is approved by the athlete, and 97% of each sale goes to them.</p>
      </section>
      <section className="section" aria-labelledby="featured-schools">
        <h2 id="featured-schools" className="section-title">
          Featured Schools
        </h2>
        <Carousel label="Featured Schools">
          {schools.map((s) => (
            <div className="carousel-item" key={s.id}>
              <SchoolCard school={s} />
            </div>
          ))}
        </Carousel>
      </section>
      <section className="section" aria-labelledby="featured-athletes">
        <h2 id="featured-athletes" className="section-title">
          Featured Athletes
        </h2>
        <Carousel label="Featured Athletes">
          {athletes.map((a) => (
            <div className="carousel-item" key={a.id}>
              <AthleteCard athlete={a} />
            </div>
          ))}
        </Carousel>
      </section>
    </div>
  );
}
