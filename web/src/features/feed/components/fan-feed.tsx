// The fan's feed (issue 26 item 3), on My Collection: news of the athletes and schools they follow
// (new cards, unlocks, drops, posts), newest first, a page at a time, and what they follow with a
// link to each. Shown to a signed-in fan only (the demo's My Collection has no feed).
import { Link } from 'react-router-dom';
import { ErrorBox } from '@/components/error-box';
import { ShowMore } from '@/components/show-more';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import { formatDateTime } from '@/lib/dates';
import { useFeed } from '@/features/feed/api/feed';
import { useFollows } from '@/features/feed/api/follows';
import '@/features/feed/components/feed.css';

const KIND: Record<string, string> = { 'new-card': 'New card', unlock: 'Unlocked', drop: 'Drop', post: 'Post' };

export function FanFeed() {
  const session = useSession();
  const feed = useFeed(session !== null);
  const follows = useFollows(session !== null);
  if (!session) return null;
  const items = feed.data?.flatMap((p) => p.items) ?? [];
  return (
    <section className="section fan-feed" aria-labelledby="feed-title">
      <div className="feed-head">
        <h2 id="feed-title" className="section-title">
          From who you follow
        </h2>
        <Link to={paths.profile.getHref()} className="small">
          Your collector profile
        </Link>
      </div>
      {follows.data && follows.data.items.length > 0 && (
        <ul className="feed-follows" aria-label="You follow">
          {follows.data.items.map((f) => (
            <li key={`${f.kind}-${f.id}`}>
              <Link className="badge badge-muted" to={f.kind === 'athlete' ? paths.athlete.getHref(f.id) : paths.school.getHref(f.id)}>
                {f.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {feed.error && !feed.data ? (
        <ErrorBox message="Failed to load your feed. Please try again later." onRetry={() => void feed.mutate()} />
      ) : !feed.data ? (
        <Spinner label="Loading your feed..." />
      ) : items.length === 0 ? (
        <p className="muted">
          {feed.data[0]?.following
            ? 'No news yet from who you follow.'
            : 'Follow athletes and schools (the Follow button on their pages) to see their new cards and unlocks here.'}
        </p>
      ) : (
        <>
          <ol className="feed-list">
            {items.map((item) => (
              <li key={item.id} className="feed-item">
                <span className="badge badge-muted">{KIND[item.kind] ?? item.kind}</span> {item.link ? <Link to={item.link}>{item.title}</Link> : item.title}{' '}
                <time className="muted small" dateTime={item.at}>
                  {formatDateTime(item.at)}
                </time>
              </li>
            ))}
          </ol>
          <ShowMore list={feed} more={Boolean(feed.data[feed.data.length - 1]?.nextCursor)} />
        </>
      )}
    </section>
  );
}

export default FanFeed;
