// Leaderboards on the athlete's and the school's pages (issue 26 item 2): the first places by cards
// held (then who reached that count first), a fan named only when their public profile is on (a
// link to it), a private collector shown without a name, minors never listed; the count is every fan.
// The athlete's board has one tab per closed set (its fans by cards of the set held).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LeaderboardResponse } from '@shared/community/community-api';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAthleteProfile } from '@/lib/athlete-profile';
import { parseId } from '@/lib/catalog';
import { useLeaderboard, type BoardKey } from '@/features/collector/api/leaderboard';
import '@/features/collector/components/collector.css';

const fansText = (n: number) => `${n.toLocaleString('en-US')} fan${n === 1 ? '' : 's'}`;

export function LeaderboardList({ data, unit }: { data: LeaderboardResponse; unit: 'cards' | 'set' }) {
  if (data.entries.length === 0) return <p className="muted">No collectors yet: the first card bought puts its owner here.</p>;
  return (
    <>
      <ol className="board-list">
        {data.entries.map((e) => (
          <li key={e.rank} className="board-row">
            <span className="board-rank" aria-hidden="true">
              {e.rank}
            </span>
            <span className="board-name">
              <span className="sr-only">Rank {e.rank}: </span>
              {e.name ? <Link to={paths.collector.getHref(e.name)}>{e.name}</Link> : <span className="muted">Private collector</span>}
              {e.complete && <span className="badge badge-gold">{unit === 'set' ? 'Full set' : 'Top Fan'}</span>}
            </span>
            <span className="board-cards">
              {e.cards} card{e.cards === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ol>
      <p className="muted small">{fansText(data.fans)} in all. Fans choose whether their name shows here (a public collector profile).</p>
    </>
  );
}

function Board({ board, unit, label }: { board: BoardKey; unit: 'cards' | 'set'; label: string }) {
  const { data, error, mutate } = useLeaderboard(board);
  if (error && !data) return <ErrorBox message={`Failed to load the ${label} leaderboard.`} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading the leaderboard..." />;
  return <LeaderboardList data={data} unit={unit} />;
}

/** The athlete's page: the athlete's board and one per closed set. */
export function AthleteLeaderboards() {
  const athleteId = parseId(useParams().id);
  const profile = useAthleteProfile(athleteId);
  const sets = (profile.data?.sets ?? []).filter((s) => s.closedAt !== null);
  const [tab, setTab] = useState<number | 'all'>('all');
  if (athleteId === null) return null;
  const board: BoardKey = tab === 'all' ? { kind: 'athlete', athleteId } : { kind: 'athlete', athleteId, setId: tab };
  return (
    <section className="section board" aria-labelledby="board-title">
      <h2 id="board-title" className="section-title">
        Leaderboard
      </h2>
      {sets.length > 0 && (
        <div className="board-tabs" role="group" aria-label="Leaderboard of">
          <button type="button" className="btn btn-sm btn-outline" aria-pressed={tab === 'all'} onClick={() => setTab('all')}>
            All cards
          </button>
          {sets.map((s) => (
            <button key={s.id} type="button" className="btn btn-sm btn-outline" aria-pressed={tab === s.id} onClick={() => setTab(s.id)}>
              {s.name}
            </button>
          ))}
        </div>
      )}
      <Board board={board} unit={tab === 'all' ? 'cards' : 'set'} label={tab === 'all' ? 'athlete' : 'set'} />
    </section>
  );
}

/** The school's page: fans by cards held of the school's athletes. */
export function SchoolLeaderboard() {
  const schoolId = parseId(useParams().id);
  if (schoolId === null) return null;
  return (
    <section className="section board" aria-labelledby="board-title">
      <h2 id="board-title" className="section-title">
        Top collectors
      </h2>
      <Board board={{ kind: 'school', schoolId }} unit="cards" label="school" />
    </section>
  );
}
