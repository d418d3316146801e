// School page (/school/:id, GET /api/schools/{id}): header, description, a roster carousel per sport
// (its first athletes; View Team Roster for the whole roster, View More/View Less) and the School
// Merch carousel; a link to its collective's support page (gifts and memberships) once the collective
// has set it up. An unknown school redirects to '/'.
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { AthleteSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { Carousel } from '@/components/carousel';
import { AthleteCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { parseId } from '@/lib/catalog';
import { useCssVars } from '@/lib/use-css-vars';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SCHOOL_ERROR, useSchool } from '@/features/schools/api/get-school';
import { sportLabel } from '@shared/catalog/sports';

function SportRoster({ schoolId, sport, count, athletes }: { schoolId: number; sport: string; count: number; athletes: AthleteSummary[] }) {
  const [expanded, setExpanded] = useState(false);
  const headingId = `sport-${sport.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="section-title">
          {sportLabel(sport)}
        </h2>
        <span id={`${headingId}-count`} className="muted small">
          {count} athlete{count === 1 ? '' : 's'}
        </span>
        <div className="row-actions">
          <Link className="btn btn-outline btn-sm" to={paths.sport.getHref(schoolId, sport)} aria-describedby={`${headingId}-count`}>
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
        <Carousel label={`${sportLabel(sport)} roster`}>
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

/** `community`: what the route table adds below the rosters (the follow button and the school's leaderboard). */
export default function SchoolPage({ community }: { community?: ReactNode } = {}) {
  const { id } = useParams();
  const schoolId = parseId(id);
  const { data, error, mutate } = useSchool(schoolId);
  useDocumentTitle(data?.school.name);
  const colors = useCssVars<HTMLDivElement>({ '--school': data?.school.colors.primary ?? '', '--school-accent': data?.school.colors.accent ?? '' });
  if (schoolId === null || (error instanceof ApiError && error.status === 404)) return <Navigate to="/" replace />;
  if (error) return <ErrorBox message={SCHOOL_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner label="Loading school..." />;
  const { school, sports, merch } = data;

  return (
    <div className="school-page" ref={colors}>
      <header className="school-header">
        <FallbackImage className="school-banner" src={school.header} alt={`${school.name} banner`} width={1600} height={400} fetchPriority="high" />
        <div className="school-header-inner container">
          <FallbackImage className="school-logo" src={school.logo} alt={`${school.name} logo`} width={96} height={96} />
          <h1 className="page-title">{school.name}</h1>
        </div>
      </header>
      <div className="page container">
        <p className="lead school-desc">{school.description}</p>
        {data.support && (
          <p className="school-support">
            <Link className="btn btn-primary" to={paths.support.getHref(data.support.collectiveId)}>
              Support {data.support.collectiveName}
            </Link>
          </p>
        )}
        {sports.length === 0 && <p className="muted">No athletes on the roster yet.</p>}
        {sports.map((s) => (
          <SportRoster key={s.sport} schoolId={school.id} sport={s.sport} count={s.count} athletes={s.athletes} />
        ))}
        {/* Below the rosters, as on the athlete's page below the cards: it appears only once the page
            has hydrated, so above them it pushed the rosters down (a layout shift, CLS 0.083). */}
        {community}
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
