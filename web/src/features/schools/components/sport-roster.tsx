// Sport roster (/school/:schoolId/sport/:sport): search, Position filter, Reset Filters, grid/list toggle
// (list by default), the count and Load more. GET /api/schools/{id}/sports/{sport}/athletes answers a
// page at a time: the name/jersey search (debounced) and the position run on the server, and the
// Position options come from the answer. Unknown school -> '/'; a sport without athletes -> the school page.
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { AthleteCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner, Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { parseId } from '@/lib/catalog';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ROSTER_ERROR, useSportRoster } from '@/features/schools/api/get-sport-roster';
import { sportLabel } from '@shared/catalog/sports';

export const ALL_POSITIONS = 'All Positions';
/** How long the search box waits for typing to pause before it asks the server. */
export const ROSTER_SEARCH_DEBOUNCE_MS = 250;

export default function SportRosterPage() {
  const { schoolId: rawSchoolId, sport = '' } = useParams();
  const schoolId = parseId(rawSchoolId);
  const [query, setQuery] = useState('');
  const [position, setPosition] = useState(ALL_POSITIONS);
  const [view, setView] = useState<'list' | 'grid'>('list');
  const settledQuery = useDebouncedValue(query, ROSTER_SEARCH_DEBOUNCE_MS);
  const roster = useSportRoster(schoolId, sport, { position: position === ALL_POSITIONS ? null : position, query: settledQuery });
  const first = roster.data?.[0];
  useDocumentTitle(first ? `${first.school.name} ${sportLabel(first.sport)} Roster` : undefined);

  if (schoolId === null || (roster.error instanceof ApiError && roster.error.status === 404)) return <Navigate to="/" replace />;
  if (!first) {
    if (roster.error) return <ErrorBox message={ROSTER_ERROR} onRetry={() => void roster.mutate()} />;
    return <PageSpinner label="Loading roster..." />;
  }
  if (first.total === 0) return <Navigate to={paths.school.getHref(schoolId)} replace />;

  const pages = roster.data ?? [];
  const shown = pages.flatMap((p) => p.items);
  const more = pages[pages.length - 1]?.nextCursor ?? null;
  const filtered = position !== ALL_POSITIONS || settledQuery.trim() !== '';
  // The answer counts the whole roster; a filtered count is exact once every page is here.
  const count = !filtered ? `${first.total}` : more ? `${shown.length}+` : `${shown.length}`;
  const loadingMore = roster.isValidating && roster.size > pages.length;
  const updating = roster.isValidating && !loadingMore;
  const sportName = sportLabel(first.sport);
  const school = first.school;
  const positions = first.positions.includes(position) || position === ALL_POSITIONS ? first.positions : [...first.positions, position];

  return (
    <div className="page container">
      <Link className="back-link" to={paths.school.getHref(school.id)}>
        ← Back to {school.name}
      </Link>
      <h1 className="page-title">
        {school.name} {sportName} Roster
      </h1>
      <div className="toolbar" role="group" aria-label="Roster filters">
        <div className="field grow">
          <label htmlFor="roster-search">Search roster</label>
          <input
            id="roster-search"
            className="input"
            type="search"
            placeholder="Name or jersey number"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="roster-position">Position</label>
          <select id="roster-position" className="input" value={position} onChange={(e) => setPosition(e.target.value)}>
            <option value={ALL_POSITIONS}>{ALL_POSITIONS}</option>
            {positions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setQuery('');
            setPosition(ALL_POSITIONS);
          }}
        >
          Reset Filters
        </button>
        <div className="segmented" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'list'} className={view === 'list' ? 'active' : ''} onClick={() => setView('list')}>
            List
          </button>
          <button type="button" aria-pressed={view === 'grid'} className={view === 'grid' ? 'active' : ''} onClick={() => setView('grid')}>
            Grid
          </button>
        </div>
      </div>
      <p className="count" aria-live="polite">
        {count} Athlete(s)
      </p>
      {updating && <Spinner label="Updating roster..." />}
      {roster.error && <ErrorBox message={ROSTER_ERROR} onRetry={() => void roster.mutate()} />}
      {shown.length === 0 ? (
        <div className="panel empty-state">
          <p>No athletes match your filters</p>
        </div>
      ) : view === 'grid' ? (
        <div className="grid" data-view="grid">
          {shown.map((a) => (
            <AthleteCard key={a.id} athlete={a} />
          ))}
        </div>
      ) : (
        <ul className="roster-list" data-view="list" aria-label={`${sportName} roster`}>
          {shown.map((a) => (
            <li key={a.id} className="roster-row">
              <span className="roster-num">#{a.number}</span>
              <FallbackImage src={a.image} alt={`Portrait of ${a.name}`} width={56} height={56} loading="lazy" />
              <div className="roster-id">
                <strong>{a.name}</strong>
                <span className="muted">
                  {a.position} · {a.stats.year}
                </span>
              </div>
              <Link className="btn btn-outline btn-sm" to={paths.athlete.getHref(a.id)} aria-label={`View Profile of ${a.name}`}>
                View Profile
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <div className="center">
          <button type="button" className="btn btn-outline" disabled={loadingMore} onClick={() => void roster.setSize(roster.size + 1)}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
