// Athlete media page (/athlete-media/:id): profile card, bio excerpt, achievements (GET /api/athletes/{id}),
// Recent Posts newest first (GET /api/athletes/{id}/posts).
import { Link, Navigate, useParams } from 'react-router-dom';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner, Spinner } from '@/components/spinner';
import { TierBadge } from '@/components/entity-cards';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ATHLETE_ERROR, useAthleteProfile } from '@/lib/athlete-profile';
import { parseId } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAthletePosts } from '@/features/athletes/api/get-athlete-posts';
import { AboutBlock, AchievementsBlock, StatsBlock, VerifiedBadge } from '@/features/athletes/components/athlete-parts';
import { Panel } from '@/components/panel';

export default function AthleteMedia() {
  const { id } = useParams();
  const athleteId = parseId(id);
  const profile = useAthleteProfile(athleteId);
  const athlete = profile.data?.athlete;
  // Posts are read alongside the profile: both are keyed by the id in the URL.
  const posts = useAthletePosts(athleteId);
  useDocumentTitle(athlete ? `${athlete.name} · Posts & Media` : undefined);

  if (athleteId === null || (profile.error instanceof ApiError && profile.error.status === 404)) return <Navigate to="/" replace />;
  if (profile.error) return <ErrorBox message={ATHLETE_ERROR} onRetry={() => void profile.mutate()} />;
  if (!athlete) return <PageSpinner label="Loading athlete..." />;

  const items = [...(posts.data?.items ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <div className="page container media-page">
      <aside className="panel media-card">
        <FallbackImage className="profile-photo" src={athlete.image} alt={`Portrait of ${athlete.name}`} width={160} height={160} />
        <h1 className="entity-title profile-name">
          {athlete.name} <VerifiedBadge />
        </h1>
        <p className="muted">@{athlete.handle}</p>
        <TierBadge level={athlete.level} />
        <Link className="btn btn-outline btn-sm" to={paths.athlete.getHref(athlete.id)}>
          View Profile
        </Link>
      </aside>
      <div className="media-main">
        <StatsBlock athlete={athlete} />
        <AboutBlock bio={athlete.bio} />
        <AchievementsBlock achievements={athlete.achievements} />
        <Panel id="posts-title" title="Recent Posts">
          {posts.error && <ErrorBox message="Failed to load posts. Please try again later." onRetry={() => void posts.mutate()} />}
          {posts.isLoading && <Spinner label="Loading posts..." />}
          {posts.data && items.length === 0 && <p className="muted">No posts yet.</p>}
          <ul className="post-list">
            {items.map((p) => (
              <li key={p.id} className="post">
                <DateText iso={p.date} />
                <p>{p.content}</p>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}
