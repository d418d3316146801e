// Overview: monthly earnings (total, athlete, collective donations), earnings per athlete, the five
// tiles and the unattributed sales, all from the one stats response.
import { useState } from 'react';
import type { CollectiveStatsResponse, UnattributedSale } from '@shared/api';
import type { Athlete } from '@shared/catalog-types';
import { formatUsd } from '@shared/money';
import { countLabel } from '@shared/text';
import { yearMonthLabel } from '@shared/months';
import { DateText } from '@/components/date-text';
import { OrderRef } from '@/components/dashboard/recent-orders';
import { DoughnutChart, LineChart } from '@/components/charts/lazy-charts';
import { continuousMonths } from '@/components/charts/months';
import { FigureTile } from '@/components/dashboard/sales-dashboard';
import { ApiError } from '@/lib/api-client';
import { useTenant } from '@/lib/use-tenant';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAssignUnattributed } from '@/features/collective-panel/api/assign-unattributed';

/** Assigns one unattributed line to a member's card (persisted; the figures move once). */
function AssignLine({ line, athletes, collectiveId }: { line: UnattributedSale; athletes: Athlete[]; collectiveId: number }) {
  const assign = useAssignUnattributed(collectiveId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = athletes.flatMap((a) => a.digitalcollectibles.map((c) => ({ value: `${a.id}:${c.id}`, label: c.name })));
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
        setError(null);
        try {
          await assign.trigger({ orderId: line.orderId, lineItemId: line.lineItemId, athleteId, cardId });
        } catch (err) {
          setError(err instanceof ApiError ? err.message : 'Could not assign the sale. Please try again.');
        }
      }}
    >
      <Field label={`Card for ${line.title}`} hideLabel id={`assign-${line.orderId}-${line.lineItemId}`}>
        {(control) => (
          <select {...control} className="input" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={assign.isMutating}>
            <option value="">Choose a card…</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="btn btn-outline" disabled={assign.isMutating}>
        {assign.isMutating ? 'Assigning...' : 'Assign'}
      </button>
      <FormOutcome error={error} />
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
                  <td>
                    <DateText iso={line.createdAt} />
                  </td>
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
