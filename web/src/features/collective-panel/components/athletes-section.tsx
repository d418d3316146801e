// Athletes: search (name, sport or position), three tiles, and the members table with View Details.
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CollectiveStatsResponse } from '@shared/api';
import type { Athlete } from '@shared/catalog-types';
import { formatUsd } from '@shared/money';
import { searchCollectiveAthletes } from '@shared/search';
import { countLabel } from '@shared/text';
import { FallbackImage } from '@/components/fallback-image';
import { isDemoPath, paths } from '@/config/paths';
import { FigureTile } from '@/components/dashboard/sales-dashboard';

export const NO_MATCH = 'No athletes found matching your search.';

/** Sales column: units, plus the order count when there are sales. */
export function salesLabel(cardsSold: number, orderCount: number): string {
  return cardsSold > 0 ? `${cardsSold} (${countLabel(orderCount, 'order')})` : '0';
}

export function AthletesSection({ stats, athletes }: { stats: CollectiveStatsResponse; athletes: Athlete[] }) {
  const [query, setQuery] = useState('');
  // The demo dashboard links to the demo's athlete view, so every demo path stays in the demo.
  const { pathname } = useLocation();
  const detailsHref = isDemoPath(pathname) ? paths.demo.collectiveAthlete.getHref : paths.collectiveAthlete.getHref;
  const searchId = useId();
  const figures = new Map(stats.athletes.map((a) => [a.athleteId, a]));
  const shown = searchCollectiveAthletes(athletes, query);
  return (
    <>
      <dl className="dash-tiles" aria-label="Athlete totals">
        <FigureTile label="Total Athletes" value={String(athletes.length)} />
        <FigureTile label="Total Sales" value={String(stats.totals.cardsSold)} note={countLabel(stats.totals.orderCount, 'order')} />
        <FigureTile label="Total Revenue" value={formatUsd(stats.totals.revenueCents)} />
      </dl>
      <section className="panel" aria-labelledby="athletes-title">
        <div className="dash-row">
          <h2 id="athletes-title" className="panel-title">
            Athletes
          </h2>
          <div className="field" style={{ margin: 0, minWidth: 'min(100%, 280px)' }}>
            <label htmlFor={searchId} className="sr-only">
              Search athletes
            </label>
            <input id={searchId} type="search" className="input" placeholder="Search athletes..." value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
        </div>
        {shown.length === 0 ? (
          <p className="muted" role="status">
            {NO_MATCH}
          </p>
        ) : (
          <div className="dash-table-wrap">
            <table className="dash-table">
              <caption className="sr-only">Collective athletes</caption>
              <thead>
                <tr>
                  <th scope="col">Athlete</th>
                  <th scope="col">Sport</th>
                  <th scope="col">Position</th>
                  <th scope="col">Cards</th>
                  <th scope="col">Sales</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((athlete) => {
                  const f = figures.get(athlete.id);
                  return (
                    <tr key={athlete.id}>
                      <th scope="row">
                        <div className="dash-athlete-cell">
                          <FallbackImage src={athlete.image} alt="" loading="lazy" />
                          <div>
                            <div>{athlete.name}</div>
                            <div className="muted small">{athlete.stats.year}</div>
                          </div>
                        </div>
                      </th>
                      <td>{athlete.sport}</td>
                      <td>{athlete.position}</td>
                      <td>{athlete.digitalcollectibles.length}</td>
                      <td>{salesLabel(f?.cardsSold ?? 0, f?.orderCount ?? 0)}</td>
                      <td>{formatUsd(f?.revenueCents ?? 0)}</td>
                      <td>
                        <Link className="link" to={detailsHref(athlete.id)} aria-label={`View Details of ${athlete.name}`}>
                          View Details
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
