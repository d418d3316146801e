// Athletes: search (name, sport or position, by the server), the totals, and the members table a
// page at a time with View Details. Total Revenue (USD) is what buyers paid net of discounts and
// refunds ("Gross": before the platform's 3%); beside it "Net" is the athletes' 97% of it (README
// "API", the stats); each row's Revenue shows both, the net under the gross.
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
import { FigureTile, Tiles } from '@/components/tiles';
import { Pager } from '@/components/pager';
import { Table } from '@/components/table/table';
import { usePagedMembers } from '@/features/collective-panel/api/get-members';
import { usePayouts } from '@/features/collective-panel/api/payouts';
import { DisclosureStatus } from '@/features/collective-panel/components/payouts/disclosure-status';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { sportLabel } from '@shared/catalog/sports';

export const NO_MATCH = 'No athletes found matching your search.';

/** Sales: units, and under them the order count when there are sales . */
function SalesCell({ cardsSold, orderCount }: { cardsSold: number; orderCount: number }) {
  if (cardsSold <= 0) return <>0</>;
  return (
    <>
      <div>{cardsSold}</div>
      <div className="muted small">{countLabel(orderCount, 'order')}</div>
    </>
  );
}

/** The pages of the members read (usePagedMembers). */
export function MembersPager({ members }: { members: ReturnType<typeof usePagedMembers> }) {
  return (
    <Pager
      label="Athlete pages"
      position={`Page ${members.pageNumber}`}
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
      <Tiles label="Athlete totals" busy={!stats}>
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
      </Tiles>
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
          <Table
            caption="Collective athletes"
            rows={shown}
            rowKey={(athlete) => athlete.id}
            columns={[
              {
                header: 'Athlete',
                rowHeader: true,
                cell: (athlete) => (
                  <div className="dash-athlete-cell">
                    <FallbackImage src={athlete.image} alt="" loading="lazy" />
                    <div>
                      <div>{athlete.name}</div>
                      <div className="muted small">{athlete.stats.year}</div>
                    </div>
                  </div>
                ),
              },
              { header: 'Sport', cell: (athlete) => sportLabel(athlete.sport) },
              { header: 'Position', cell: (athlete) => athlete.position },
              { header: 'Cards', align: 'end', cell: (athlete) => athlete.cardCount },
              {
                header: 'Sales',
                align: 'end',
                cell: (athlete) => <SalesCell cardsSold={figures.get(athlete.id)?.cardsSold ?? 0} orderCount={figures.get(athlete.id)?.orderCount ?? 0} />,
              },
              {
                header: 'Revenue',
                align: 'end',
                cell: (athlete) => (
                  <>
                    <div>{formatUsd(figures.get(athlete.id)?.revenueCents ?? 0)}</div>
                    <div className="muted small">{formatUsd(figures.get(athlete.id)?.earningsCents ?? 0)} net</div>
                  </>
                ),
              },
              {
                header: 'NIL disclosure',
                cell: (athlete) => (years.get(athlete.id) ? <DisclosureStatus nil={years.get(athlete.id)!.nil} /> : <span className="muted">—</span>),
              },
              {
                header: 'Details',
                actions: true,
                cell: (athlete) => (
                  <Link className="link" to={detailsHref(athlete.id)} aria-label={`View Details of ${athlete.name}`}>
                    View Details
                  </Link>
                ),
              },
            ]}
          />
        )}
        <MembersPager members={members} />
      </section>
    </>
  );
}
