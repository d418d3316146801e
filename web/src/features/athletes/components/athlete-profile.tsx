// Athlete profile (/athlete/:id): level banner (the athlete's tier, said in words: it is the
// athlete's standing, never a card's rarity, and shows on this profile only), photo, verified name,
// About, stats, achievements, Digital Collectibles (GET /api/athletes/{id}: each card in the Drift
// frame with its sale state, grouped by set) and Related Athletes (GET /api/athletes/{id}/related).
// An unknown id redirects to '/'.
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { tierFor } from '@shared/catalog/tiers';
import { AthleteCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner, Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ATHLETE_ERROR, useAthleteProfile } from '@/lib/athlete-profile';
import { parseId } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRelatedAthletes } from '@/features/athletes/api/get-related-athletes';
import { AboutBlock, AchievementsBlock, StatsBlock, VerifiedBadge } from '@/features/athletes/components/athlete-parts';
import { CollectibleGrid } from '@/features/athletes/components/collectible-grid';
import { sportLabel } from '@shared/catalog/sports';

export const RELATED_ERROR = 'Failed to load related athletes. Please try again later.';

/** What the level banner means: the athlete's standing on Drift, not a card's rarity (the edition and its size are). */
export function levelMeaning(level: number | undefined): string {
  const tier = tierFor(level);
  return `Level ${level ?? 1} puts this athlete in the ${tier.name} tier, their standing on Drift (9 and up Legendary, 7 Rare, 5 Uncommon, 3 Common, below that Basic). It is not a card's rarity: each card's edition and its size are.`;
}

function RelatedAthletes({ athleteId }: { athleteId: number }) {
  const related = useRelatedAthletes(athleteId);
  const items = related.data?.items ?? [];
  if (related.data && items.length === 0) return null;
  return (
    <section className="section" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        Related Athletes
      </h2>
      {related.error && <ErrorBox message={RELATED_ERROR} onRetry={() => void related.mutate()} />}
      {!related.data && !related.error && <Spinner label="Loading related athletes..." />}
      {items.length > 0 && (
        <div className="grid">
          {items.map((a) => (
            <AthleteCard key={a.id} athlete={a} compact />
          ))}
        </div>
      )}
    </section>
  );
}

/** `community`: what the route table adds below the cards (the follow button and the leaderboard, other features'). */
export default function AthleteProfile({ community }: { community?: ReactNode } = {}) {
  const { id } = useParams();
  const athleteId = parseId(id);
  const { data, error, mutate } = useAthleteProfile(athleteId);
  useDocumentTitle(data?.athlete.name);
  if (athleteId === null || (error instanceof ApiError && error.status === 404)) return <Navigate to="/" replace />;
  if (error) return <ErrorBox message={ATHLETE_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner label="Loading athlete..." />;
  const { athlete } = data;
  const tier = tierFor(athlete.level);

  return (
    <div className="page container" data-tier={tier.name}>
      <div className="level-banner">
        <span className="level-name">{tier.name}</span>
        <span className="level-num">Level {athlete.level ?? 1}</span>
      </div>
      <p className="level-meaning muted small">{levelMeaning(athlete.level)}</p>
      <div className="profile-head">
        <FallbackImage className="profile-photo" src={athlete.image} alt={`Portrait of ${athlete.name}`} width={220} height={220} />
        <div className="profile-id">
          <h1 className="page-title profile-name">
            {athlete.name} <VerifiedBadge />
          </h1>
          <p className="lead">
            #{athlete.number} · {athlete.position} · {sportLabel(athlete.sport)}
          </p>
          <p>
            <Link to={paths.school.getHref(athlete.schoolId)} className="link">
              {athlete.school}
            </Link>
          </p>
          <div className="row-actions">
            <Link className="btn btn-outline btn-sm" to={paths.athleteMedia.getHref(athlete.id)}>
              Posts &amp; Media
            </Link>
          </div>
        </div>
      </div>
      <div className="profile-grid">
        <AboutBlock bio={athlete.bio} />
        <StatsBlock athlete={athlete} />
        <AchievementsBlock achievements={athlete.achievements} />
      </div>

      <section className="section" aria-labelledby="collectibles-title">
        <h2 id="collectibles-title" className="section-title">
          Digital Collectibles
        </h2>
        <CollectibleGrid cards={data.cards} sets={data.sets} athleteId={athlete.id} athleteName={athlete.name} athlete={athlete} />
      </section>

      {community}

      <RelatedAthletes athleteId={athlete.id} />
    </div>
  );
}
