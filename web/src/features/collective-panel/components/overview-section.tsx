// Overview: monthly earnings (total, athlete, collective donations), earnings per athlete, the five
// tiles and the unattributed sales, all from the one stats response.
import { useState } from 'react';
import type { CollectiveStatsResponse, UnattributedSale } from '@shared/api';
import type { Athlete } from '@shared/catalog-types';
import { formatUsd } from '@shared/money';
import { countLabel } from '@shared/text';
import { yearMonthLabel } from '@shared/months';
import { formatDate } from '@/components/dashboard/format';
import { OrderRef } from '@/components/dashboard/recent-orders';
import { DoughnutChart, LineChart } from '@/components/charts/lazy-charts';
import { continuousMonths } from '@/components/charts/months';
import { FigureTile } from '@/components/dashboard/sales-dashboard';
import { ApiError, apiSend } from '@/lib/api-client';
import { useTenant } from '@/lib/use-tenant';
import { refreshAfterWrite } from '@/features/collective-panel/api/admin-writes';

/** Assigns one unattributed line to a member's card (persisted; the figures move once). */
function AssignLine({ line, athletes, collectiveId }: { line: UnattributedSale; athletes: Athlete[]; collectiveId: number }) {
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = athletes.flatMap((a) => a.digitalcollectibles.map((c) => ({ value: `${a.id}:${c.id}`, label: c.name })));
  const selectId = `assign-${line.orderId}-${line.lineItemId}`;
  return (
    <form
      className="dash-assign"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!choice) {
          setError('Choose a card');
          return;
        }
        const [athleteId, cardId] = choice.split(':').map(Number);
        setBusy(true);
        setError(null);
        try {
          await apiSend(`/collectives/${collectiveId}/unattributed/assign`, 'POST', { orderId: line.orderId, lineItemId: line.lineItemId, athleteId, cardId });
          await refreshAfterWrite(collectiveId);
        } catch (err) {
          setError(err instanceof ApiError ? err.message : 'Could not assign the sale. Please try again.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="sr-only" htmlFor={selectId}>
        Card for {line.title}
      </label>
      <select id={selectId} className="input" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
        <option value="">Choose a card…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {busy ? 'Assigning...' : 'Assign'}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

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

function UnattributedSales({
  unattributed,
  athletes,
  collectiveId,
}: {
  unattributed: CollectiveStatsResponse['unattributed'];
  athletes: Athlete[];
  collectiveId: number;
}) {
  const { isOwnerCollective } = useTenant();
  return (
    <section className="panel" aria-labelledby="unattributed-title">
      <h2 id="unattributed-title" className="panel-title">
        Unattributed Sales
      </h2>
      <p className="hint">
        Sales no catalog card matched: {countLabel(unattributed.units, 'unit')}, {formatUsd(unattributed.revenueCents)}.
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
                {isOwnerCollective && <th scope="col">Assign to</th>}
              </tr>
            </thead>
            <tbody>
              {unattributed.recent.map((line) => (
                <tr key={`${line.orderId}-${line.lineItemId}`}>
                  <td>{formatDate(line.createdAt)}</td>
                  <td>
                    {/* Newer API versions name the order (#1001); older answers carry only its id. */}
                    <OrderRef orderId={line.orderId} orderName={(line as { orderName?: string }).orderName} />
                  </td>
                  <td>{line.title}</td>
                  <td>{line.units}</td>
                  <td>{formatUsd(line.revenueCents)}</td>
                  <td>{line.reason === 'ambiguous' ? 'Matches several athletes' : 'No matching card'}</td>
                  {isOwnerCollective && (
                    <td>
                      <AssignLine line={line} athletes={athletes} collectiveId={collectiveId} />
                    </td>
                  )}
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
  const monthly = continuousMonths(stats.monthly, (month) => ({ month, totalCents: 0, athleteCents: 0, donationsCents: 0 }));
  return (
    <>
      <OverviewTiles stats={stats} />
      <div className="dash-charts">
        <section className="panel">
          <LineChart
            title="Monthly Earnings"
            labels={monthly.map((m) => yearMonthLabel(m.month))}
            series={[
              // Total equals donations in a month without sales: dashed, with its own marker and drawn on top.
              { name: 'Total', color: '#8FB4FF', dash: '7 4', symbol: 'diamond', values: monthly.map((m) => m.totalCents) },
              { name: 'Athlete', color: '#FF6B70', symbol: 'square', values: monthly.map((m) => m.athleteCents) },
              { name: 'Collective Donations', color: '#0ED145', dash: '2 3', symbol: 'circle', values: monthly.map((m) => m.donationsCents) },
            ]}
          />
        </section>
        <section className="panel">
          <DoughnutChart title="Earnings per Athlete" slices={stats.athletes.map((a) => ({ label: nameOf(a.athleteId), valueCents: a.earningsCents }))} />
        </section>
      </div>
      <UnattributedSales unattributed={stats.unattributed} athletes={athletes} collectiveId={stats.collectiveId} />
    </>
  );
}
