// Overview: monthly earnings (total, athlete, collective donations), earnings per athlete, the five
// tiles and the unattributed sales, all from the one stats response.
import type { CollectiveStatsResponse } from '../../../../../shared/api';
import type { Athlete } from '../../../../../shared/catalog-types';
import { formatUsd } from '../../../../../shared/money';
import { yearMonthLabel } from '../../../../../shared/months';
import { formatDate } from '../../charts/format';
import { DoughnutChart, LineChart } from '../../charts/lazy-charts';
import { FigureTile } from '../../charts/sales-dashboard';

export function OverviewTiles({ stats }: { stats: CollectiveStatsResponse }) {
  const t = stats.tiles;
  return (
    <dl className="dash-tiles" aria-label="Collective figures">
      <FigureTile label="Athlete Earnings This Month" value={formatUsd(t.athleteEarningsThisMonthCents)} />
      <FigureTile label="Donations This Month" value={formatUsd(t.donationsThisMonthCents)} />
      <FigureTile label="Total Athletes" value={String(t.totalAthletes)} />
      <FigureTile label="Athlete Transactions" value={String(t.athleteTransactions)} note="Cards sold" />
      <FigureTile label="Collective Donations" value={String(t.collectiveDonationsCount)} note="Donations received" />
    </dl>
  );
}

function UnattributedSales({ unattributed }: { unattributed: CollectiveStatsResponse['unattributed'] }) {
  return (
    <section className="panel" aria-labelledby="unattributed-title">
      <h2 id="unattributed-title" className="panel-title">
        Unattributed Sales
      </h2>
      <p className="hint">
        Sales no catalog card matched: {unattributed.units} unit{unattributed.units === 1 ? '' : 's'}, {formatUsd(unattributed.revenueCents)}.
      </p>
      {unattributed.recent.length === 0 ? (
        <p className="muted">Every sale is attributed to an athlete.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="sr-only">Unattributed sales, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Product</th>
                <th scope="col">Units</th>
                <th scope="col">Amount</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {unattributed.recent.map((line) => (
                <tr key={`${line.orderId}-${line.lineItemId}`}>
                  <td>{formatDate(line.createdAt)}</td>
                  <td className="mono">{line.orderId.slice(0, 8)}</td>
                  <td>{line.title}</td>
                  <td>{line.units}</td>
                  <td>{formatUsd(line.revenueCents)}</td>
                  <td>{line.reason === 'ambiguous' ? 'Matches several athletes' : 'No matching card'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function OverviewSection({ stats, athletes }: { stats: CollectiveStatsResponse; athletes: Athlete[] }) {
  const nameOf = (id: number) => athletes.find((a) => a.id === id)?.name ?? `Athlete ${id}`;
  return (
    <>
      <OverviewTiles stats={stats} />
      <div className="dash-charts">
        <section className="panel">
          <LineChart
            title="Monthly Earnings"
            labels={stats.monthly.map((m) => yearMonthLabel(m.month))}
            series={[
              { name: 'Total', color: '#8FB4FF', values: stats.monthly.map((m) => m.totalCents) },
              { name: 'Athlete', color: '#C4161C', values: stats.monthly.map((m) => m.athleteCents) },
              { name: 'Collective Donations', color: '#0ED145', values: stats.monthly.map((m) => m.donationsCents) },
            ]}
          />
        </section>
        <section className="panel">
          <DoughnutChart title="Earnings per Athlete" slices={stats.athletes.map((a) => ({ label: nameOf(a.athleteId), valueCents: a.earningsCents }))} />
        </section>
      </div>
      <UnattributedSales unattributed={stats.unattributed} />
    </>
  );
}
