// The search page's sport filters (issue 24, issue 32): the spec's four quick filters always
// come first (Football, Basketball, Baseball, Track & Field: SPEC.md's search page names them, so
// they stay even when no athlete plays one yet, and before the catalog's counts have loaded), then
// the catalog's other sports (GET /api/search answers them with their athlete counts; never one
// without athletes) by size up to MAX_CHIPS buttons; the rest are in a "More sports" select.
// Choosing one puts its display name in the query, as the spec's buttons do.
import { useId } from 'react';
import type { SportCount } from '@shared/catalog/catalog-api';
import { SPEC_QUICK_FILTERS, sportLabel } from '@shared/catalog/sports';
import '@/features/search/components/sport-filters.css';

/** Buttons shown before the rest go into the select (two rows at 375 px). */
export const MAX_CHIPS = 8;

/** The buttons and the select's sports, from the catalog's sports. */
export function sportFilters(sports: SportCount[]): { chips: SportCount[]; more: SportCount[] } {
  const present = sports.filter((s) => s.count > 0);
  const spec = SPEC_QUICK_FILTERS.map((name) => present.find((s) => s.sport === name) ?? { sport: name, count: 0 });
  const others = present
    .filter((s) => !SPEC_QUICK_FILTERS.includes(s.sport))
    .sort((a, b) => b.count - a.count || sportLabel(a.sport).localeCompare(sportLabel(b.sport)));
  const room = Math.max(0, MAX_CHIPS - spec.length);
  // A select of one option would be a button with extra steps.
  const inline = others.length <= room + 1 ? others : others.slice(0, room);
  const more = others.slice(inline.length).sort((a, b) => sportLabel(a.sport).localeCompare(sportLabel(b.sport)));
  return { chips: [...spec, ...inline], more };
}

/** Whether the query is this sport's filter (its display or stored name, any case). */
export const isSportQuery = (query: string, sport: string) => {
  const q = query.trim().toLowerCase();
  return q !== '' && (q === sportLabel(sport).toLowerCase() || q === sport.toLowerCase());
};

export function SportFilters({ sports, query, onChoose }: { sports: SportCount[]; query: string; onChoose: (query: string) => void }) {
  const selectId = useId();
  const { chips, more } = sportFilters(sports);
  const chosenMore = more.find((s) => isSportQuery(query, s.sport));
  return (
    <div className="chip-row" role="group" aria-label="Quick filters">
      {chips.map(({ sport, count }) => {
        const label = sportLabel(sport);
        const active = isSportQuery(query, sport);
        return (
          <button
            key={sport}
            type="button"
            className={`chip${active ? ' active' : ''}`}
            aria-pressed={active}
            title={count > 0 ? `${count.toLocaleString('en-US')} athlete${count === 1 ? '' : 's'}` : undefined}
            onClick={() => onChoose(active ? '' : label)}
          >
            {label}
          </button>
        );
      })}
      {more.length > 0 && (
        <>
          <label htmlFor={selectId} className="sr-only">
            More sports
          </label>
          <select
            id={selectId}
            className={`chip chip-select${chosenMore ? ' active' : ''}`}
            value={chosenMore?.sport ?? ''}
            onChange={(e) => onChoose(e.target.value ? sportLabel(e.target.value) : '')}
          >
            <option value="">More sports</option>
            {more.map(({ sport, count }) => (
              <option key={sport} value={sport}>
                {sportLabel(sport)} ({count.toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}
