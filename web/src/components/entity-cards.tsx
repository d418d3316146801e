// Cards for athletes and schools, used by the home carousels, search results, rosters and related athletes:
// they take the summaries the list routes answer with (a full Athlete or School is one too). An
// athlete's tier is shown on the athlete's own profile only (TierBadge there and on the media page),
// never in lists beside cards, where it read as the cards' rarity.
import { Link } from 'react-router-dom';
import type { AthleteSummary, SchoolSummary } from '@shared/catalog/catalog-types';
import { tierFor } from '@shared/catalog/tiers';
import { paths } from '@/config/paths';
import { useCssVars } from '@/lib/use-css-vars';
import { FallbackImage } from '@/components/fallback-image';
import { sportLabel } from '@shared/catalog/sports';

export function TierBadge({ level }: { level: number | undefined }) {
  const tier = tierFor(level);
  return (
    <span className="tier-badge" data-tier={tier.name}>
      {tier.name}
    </span>
  );
}

/** `priority`: a card at the top of the page, whose portrait loads at once instead of lazily. */
export function AthleteCard({ athlete, compact = false, priority = false }: { athlete: AthleteSummary; compact?: boolean; priority?: boolean }) {
  return (
    <article className={`entity-card athlete-card${compact ? ' compact' : ''}`} aria-label={athlete.name}>
      <div className="entity-media">
        <FallbackImage
          src={athlete.image}
          alt={`Portrait of ${athlete.name}`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          width={300}
          height={300}
        />
        <span className="jersey-chip" aria-label={`Jersey number ${athlete.number}`}>
          #{athlete.number}
        </span>
      </div>
      <div className="entity-body">
        <h3 className="entity-title">{athlete.name}</h3>
        <p className="entity-meta">
          {sportLabel(athlete.sport)} · {athlete.position}
        </p>
        <p className="entity-sub">{athlete.school}</p>
        <Link className="btn btn-primary btn-block" to={paths.athlete.getHref(athlete.id)} aria-label={`View Profile of ${athlete.name}`}>
          View Profile
        </Link>
      </div>
    </article>
  );
}

export function SchoolCard({ school, priority = false }: { school: SchoolSummary; priority?: boolean }) {
  const colors = useCssVars<HTMLDivElement>({ '--school': school.colors.primary });
  return (
    <article className="entity-card school-card" aria-label={school.name}>
      <div className="entity-media school-media" ref={colors}>
        <FallbackImage
          src={school.logo}
          alt={`${school.name} logo`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          width={160}
          height={160}
        />
      </div>
      <div className="entity-body">
        <h3 className="entity-title">{school.name}</h3>
        <p className="entity-meta">{school.sports.map(sportLabel).join(' · ')}</p>
        <Link className="btn btn-primary btn-block" to={paths.school.getHref(school.id)} aria-label={`View School ${school.name}`}>
          View School
        </Link>
      </div>
    </article>
  );
}
