// Athlete profile (/athlete/:id): tier banner, photo, verified name, About, stats, achievements,
// Digital Collectibles and Related Athletes. An unknown id redirects to '/'.
import { Link, Navigate, useParams } from 'react-router-dom';
import { formatUsd } from '@shared/money';
import { tierFor } from '@shared/tiers';
import { AthleteCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { CATALOG_ERROR, findAthlete, useCatalog } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AboutBlock, AchievementsBlock, StatsBlock, VerifiedBadge } from './athlete-parts';

export default function AthleteProfile() {
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useCatalog();
  useDocumentTitle(findAthlete(data, id)?.name);
  if (error) return <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner label="Loading athlete..." />;
  const athlete = findAthlete(data, id);
  if (!athlete) return <Navigate to="/" replace />;
  const tier = tierFor(athlete.level);
  const related = data.athletes.filter((a) => a.schoolId === athlete.schoolId && a.id !== athlete.id);

  return (
    <div className="page container">
      <div className="level-banner" style={{ background: `linear-gradient(90deg, ${tier.hex}, ${tier.hex}cc 60%, transparent)` }} data-tier={tier.name}>
        <span className="level-name">{tier.name}</span>
        <span className="level-num">Level {athlete.level ?? 1}</span>
      </div>
      <div className="profile-head">
        <FallbackImage
          className="profile-photo"
          src={athlete.image}
          alt={`Portrait of ${athlete.name}`}
          width={220}
          height={220}
          style={{ borderColor: tier.hex }}
        />
        <div className="profile-id">
          <h1 className="page-title profile-name">
            {athlete.name} <VerifiedBadge />
          </h1>
          <p className="lead">
            #{athlete.number} · {athlete.position} · {athlete.sport}
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
        {athlete.digitalcollectibles.length === 0 ? (
          <p className="muted">No cards released yet.</p>
        ) : (
          <div className="grid cards-grid">
            {athlete.digitalcollectibles.map((card) => (
              <article key={card.id} className="collectible" aria-label={card.name}>
                <Link
                  to={paths.card.getHref(athlete.id, card.id)}
                  state={{ card, athleteName: athlete.name, athleteId: athlete.id }}
                  className="collectible-link"
                  aria-label={`Open ${card.name}, ${formatUsd(card.priceCents)}`}
                >
                  <FallbackImage src={card.image} alt={`${card.name} trading card`} loading="lazy" width={240} height={336} />
                </Link>
                <div className="collectible-body">
                  <h3 className="entity-title">{card.name}</h3>
                  <p className="price">{formatUsd(card.priceCents)}</p>
                  <Link
                    className="btn btn-primary btn-block"
                    to={paths.card.getHref(athlete.id, card.id)}
                    state={{ card, athleteName: athlete.name, athleteId: athlete.id }}
                  >
                    Buy Now
                  </Link>
                </div>
              </article>
            ))}
          </div>
        )}
      </section>

      {related.length > 0 && (
        <section className="section" aria-labelledby="related-title">
          <h2 id="related-title" className="section-title">
            Related Athletes
          </h2>
          <div className="grid">
            {related.map((a) => (
              <AthleteCard key={a.id} athlete={a} compact />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
