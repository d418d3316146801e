// Sport roster (/school/:schoolId/sport/:sport): search, Position filter, Reset Filters, grid/list toggle
// (list by default) and the count. Unknown school -> '/'; a sport without athletes -> the school page.
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { AthleteCard, TierBadge } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { CATALOG_ERROR, findSchool, useCatalog } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ALL_POSITIONS, filterRoster, positionsOf, sportRoster } from './roster-filter';

export default function SportRosterPage() {
  const { schoolId, sport = '' } = useParams();
  const { data, error, isLoading, mutate } = useCatalog();
  const [query, setQuery] = useState('');
  const [position, setPosition] = useState(ALL_POSITIONS);
  const [view, setView] = useState<'list' | 'grid'>('list');
  const titleSchool = data ? findSchool(data, schoolId) : undefined;
  useDocumentTitle(titleSchool ? `${titleSchool.name} ${sport} Roster` : undefined);

  if (error) return <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner label="Loading roster..." />;
  const school = findSchool(data, schoolId);
  if (!school) return <Navigate to="/" replace />;
  const roster = sportRoster(data.athletes, school.id, sport);
  if (roster.length === 0) return <Navigate to={paths.school.getHref(school.id)} replace />;

  const positions = positionsOf(roster);
  const shown = filterRoster(roster, query, position);
  const sportName = roster[0].sport;

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
        {shown.length} Athlete(s)
      </p>
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
              <TierBadge level={a.level} />
              <Link className="btn btn-outline btn-sm" to={paths.athlete.getHref(a.id)} aria-label={`View Profile of ${a.name}`}>
                View Profile
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
