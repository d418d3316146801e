// Athletes: search (name, sport or position, by the server), the totals, and the members table a
// page at a time with View Details. Total Revenue (USD) is what buyers paid net of discounts and
// refunds ("Gross": before the platform's 3%); beside it "Net" is the athletes' 97% of it (README
// "API", the stats).
// Until the stats arrive the tiles keep their place with blank values and the table waits for them.
import { useDeferredValue, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CollectiveStatsResponse } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { countLabel } from '@shared/platform/text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { Spinner } from '@/components/spinner';
import { isDemoPath, paths } from '@/config/paths';
import { FigureTile } from '@/components/dashboard/sales-dashboard';
import { usePagedMembers } from '@/features/collective-panel/api/get-members';
import { usePayouts } from '@/features/collective-panel/api/payouts';
import { DisclosureStatus } from '@/features/collective-panel/components/payouts/disclosure-status';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { DataTable } from '@/components/dashboard/data-table';
import { sportLabel } from '@shared/catalog/sports';

export const NO_MATCH = 'No athletes found matching your search.';

/** Sales column: units, plus the order count when there are sales. */
export function salesLabel(cardsSold: number, orderCount: number): string {
  return cardsSold > 0 ? `${cardsSold} (${countLabel(orderCount, 'order')})` : '0';
}

/** Previous / Next under a paged table (shown only when there is more than one page). */
function Pager({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  label,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  label: string;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="dash-actions dash-pager" aria-label={label}>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasPrevious} onClick={onPrevious}>
        Previous
      </button>
      <span className="muted small">Page {page}</span>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasNext} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}

/** The pages of the members read (usePagedMembers). */
export function MembersPager({ members }: { members: ReturnType<typeof usePagedMembers> }) {
  return (
    <Pager
      label="Athlete pages"
      page={members.pageNumber}
      hasPrevious={members.hasPrevious}
      hasNext={members.hasNext}
      onPrevious={members.previous}
      onNext={() => void members.next()}
    />
  );
}

export function AthletesSection({ stats }: { stats?: CollectiveStatsResponse }) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const members = usePagedMembers({ query: deferredQuery });
  // The demo dashboard links to the demo's athlete view, so every demo path stays in the demo.
  const { pathname } = useLocation();
  const detailsHref = isDemoPath(pathname) ? paths.demo.collectiveAthlete.getHref : paths.collectiveAthlete.getHref;
  const searchId = useId();
  const figures = new Map((stats?.athletes ?? []).map((a) => [a.athleteId, a]));
  // The NIL disclosure status of the year comes with the payouts; the table shows it when it has it.
  const payouts = usePayouts();
  const years = new Map((payouts.data?.members ?? []).map((m) => [m.athleteId, m.year]));
  const netCents = stats?.athletes.reduce((n, a) => n + a.earningsCents, 0);
  const shown = members.data?.items ?? [];
  return (
    <>
      <dl className="dash-tiles" aria-label="Athlete totals" aria-busy={stats ? undefined : true}>
        <FigureTile label="Total Athletes" value={stats ? String(stats.tiles.totalAthletes) : null} />
        {/* The note is a count too: a blank line of its height until it is known. */}
        <FigureTile
          label="Total Sales"
          value={stats ? String(stats.totals.cardsSold) : null}
          note={stats ? countLabel(stats.totals.orderCount, 'order') : '\u00a0'}
        />
        <FigureTile
          label="Total Revenue (USD)"
          value={stats ? formatUsd(stats.totals.revenueCents) : null}
          note="Gross: what fans paid, after discounts and refunds"
        />
        <FigureTile
          label="Net Revenue"
          value={netCents === undefined ? null : formatUsd(netCents)}
          note="Athletes' 97% of Total Revenue, after the 3% platform share"
        />
      </dl>
      <section className="panel" aria-labelledby="athletes-title">
        <div className="dash-row">
          <h2 id="athletes-title" className="panel-title">
            Athletes
          </h2>
          <div className="field dash-search-field">
            <label htmlFor={searchId} className="sr-only">
              Search athletes
            </label>
            <input id={searchId} type="search" className="input" placeholder="Search athletes..." value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
        </div>
        {members.error ? (
          <ErrorBox message={LOAD_ERROR} onRetry={() => void members.mutate()} retryLabel="Retry" />
        ) : !members.data || !stats ? (
          <Spinner label="Loading athletes..." />
        ) : shown.length === 0 ? (
          <p className="muted" role="status">
            {deferredQuery.trim() ? NO_MATCH : 'No athletes in this collective yet.'}
          </p>
        ) : (
          <DataTable
            caption="Collective athletes"
            columns={['Athlete', 'Sport', 'Position', 'Cards', 'Sales', 'Gross', 'Net (97%)', 'NIL disclosure', <span className="sr-only">Details</span>]}
          >
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
                  <td>{sportLabel(athlete.sport)}</td>
                  <td>{athlete.position}</td>
                  <td>{athlete.cardCount}</td>
                  <td>{salesLabel(f?.cardsSold ?? 0, f?.orderCount ?? 0)}</td>
                  <td>{formatUsd(f?.revenueCents ?? 0)}</td>
                  <td>{formatUsd(f?.earningsCents ?? 0)}</td>
                  <td>{years.get(athlete.id) ? <DisclosureStatus nil={years.get(athlete.id)!.nil} /> : <span className="muted">—</span>}</td>
                  <td>
                    <Link className="link" to={detailsHref(athlete.id)} aria-label={`View Details of ${athlete.name}`}>
                      View Details
                    </Link>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        <MembersPager members={members} />
      </section>
    </>
  );
}
