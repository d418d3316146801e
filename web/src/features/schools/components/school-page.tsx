// School page (/school/:id): header, description, a roster carousel per sport (View Team Roster,
// View More/View Less) and the School Merch carousel. An unknown school redirects to '/'.
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { Athlete } from '@shared/catalog-types';
import { formatUsd } from '@shared/money';
import { compareRoster } from '@shared/search';
import { Carousel } from '@/components/carousel';
import { AthleteCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { CATALOG_ERROR, findSchool, useCatalog } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';

function SportRoster({ schoolId, sport, athletes }: { schoolId: number; sport: string; athletes: Athlete[] }) {
  const [expanded, setExpanded] = useState(false);
  const headingId = `sport-${sport.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="section-title">
          {sport}
        </h2>
        <div className="row-actions">
          <Link className="btn btn-outline btn-sm" to={paths.sport.getHref(schoolId, sport)}>
            View Team Roster
          </Link>
          <button type="button" className="btn btn-ghost btn-sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'View Less' : 'View More'}
          </button>
        </div>
      </div>
      {expanded ? (
        <div className="grid">
          {athletes.map((a) => (
            <AthleteCard key={a.id} athlete={a} />
          ))}
        </div>
      ) : (
        <Carousel label={`${sport} roster`}>
          {athletes.map((a) => (
            <div className="carousel-item" key={a.id}>
              <AthleteCard athlete={a} />
            </div>
          ))}
        </Carousel>
      )}
    </section>
  );
}

export default function SchoolPage() {
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useCatalog();
  useDocumentTitle(data ? findSchool(data, id)?.name : undefined);
  if (error) return <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner label="Loading school..." />;
  const school = findSchool(data, id);
  if (!school) return <Navigate to="/" replace />;

  const athletes = data.athletes.filter((a) => a.schoolId === school.id).sort(compareRoster);
  const sports = [...new Set([...school.sports, ...athletes.map((a) => a.sport)])].filter((s) => athletes.some((a) => a.sport === s));
  const merch = data.merch.filter((m) => m.schoolId === school.id);

  return (
    <div className="school-page" style={{ ['--school' as string]: school.colors.primary, ['--school-accent' as string]: school.colors.accent }}>
      <header className="school-header" style={{ background: school.colors.primary }}>
        <FallbackImage className="school-banner" src={school.header} alt={`${school.name} banner`} width={1600} height={400} />
        <div className="school-header-inner container">
          <FallbackImage className="school-logo" src={school.logo} alt={`${school.name} logo`} width={96} height={96} />
          <h1 className="page-title">{school.name}</h1>
        </div>
      </header>
      <div className="page container">
        <p className="lead school-desc">{school.description}</p>
        {sports.length === 0 && <p className="muted">No athletes on the roster yet.</p>}
        {sports.map((sport) => (
          <SportRoster key={sport} schoolId={school.id} sport={sport} athletes={athletes.filter((a) => a.sport === sport)} />
        ))}
        {merch.length > 0 && (
          <section className="section" aria-labelledby="merch-title">
            <h2 id="merch-title" className="section-title">
              School Merch
            </h2>
            <Carousel label="School Merch">
              {merch.map((m) => (
                <div className="carousel-item" key={m.id}>
                  <article className="entity-card merch-card" aria-label={m.name}>
                    <div className="entity-media merch-media">
                      <FallbackImage src={m.image} alt={`${school.name} ${m.name}`} loading="lazy" width={300} height={300} />
                    </div>
                    <div className="entity-body">
                      <h3 className="entity-title">{m.name}</h3>
                      <p className="price">{formatUsd(m.priceCents)}</p>
                    </div>
                  </article>
                </div>
              ))}
            </Carousel>
          </section>
        )}
      </div>
    </div>
  );
}
