// Overview: monthly earnings (total, athlete, collective donations), earnings per athlete (the
// athletes' 97%, net of the platform's share), the five tiles and the unattributed sales, all from
// the one stats response. Before it arrives (and in the prerendered page), every part already
// stands in its place with its title, labels and reserved size, so nothing moves when the figures come.
import { memo, useState } from 'react';
import type { CollectiveStatsResponse, UnattributedSale } from '@shared/sales/sales-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { isPublic } from '@shared/cards/lifecycle';
import { countLabel } from '@shared/platform/text';
import { yearMonthLabel } from '@shared/platform/months';
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
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';
import { TableRegion } from '@/components/dashboard/table-region';

/** Assigns one unattributed line to a member's card on sale. The server accepts it and settles it
 * a moment later, so the outcome says the figures follow (and the stats are read again then). */
function AssignLine({ line, members, collectiveId }: { line: UnattributedSale; members: MemberSummary[]; collectiveId: number }) {
  const assign = useAssignUnattributed(collectiveId);
  const [athleteId, setAthleteId] = useState('');
  const [cardId, setCardId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cards = useAthleteCards(athleteId ? Number(athleteId) : null);
  const onSale = (cards.data?.cards ?? []).filter(isPublic);
  const key = `${line.orderId}-${line.lineItemId}`;
  return (
    <form
      className="dash-assign"
      onSubmit={async (event) => {
        event.preventDefault();
        setDone(null);
        if (!athleteId || !cardId) {
          setError(athleteId ? 'Choose a card' : 'Choose an athlete and a card');
          return;
        }
        setError(null);
        try {
          const result = await assign.trigger({ orderId: line.orderId, lineItemId: line.lineItemId, athleteId: Number(athleteId), cardId: Number(cardId) });
          setDone(result.pending ? 'Assigned. The figures update in a moment.' : 'This sale was already assigned to that card.');
        } catch (err) {
          setError(err instanceof ApiError ? err.message : 'Could not assign the sale. Please try again.');
        }
      }}
    >
      <Field label={`Athlete for ${line.title}`} hideLabel id={`assign-athlete-${key}`}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={athleteId}
            onChange={(e) => {
              setAthleteId(e.target.value);
              setCardId('');
            }}
            disabled={assign.isMutating}
          >
            <option value="">Choose an athlete…</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`Card for ${line.title}`} hideLabel id={`assign-${key}`} error={cards.error ? 'Could not load the cards.' : undefined}>
        {(control) => (
          <select {...control} className="input" value={cardId} onChange={(e) => setCardId(e.target.value)} disabled={assign.isMutating || !athleteId}>
            <option value="">{athleteId && !cards.data && !cards.error ? 'Loading cards…' : 'Choose a card…'}</option>
            {onSale.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="btn btn-outline" disabled={assign.isMutating}>
        {assign.isMutating ? 'Assigning...' : 'Assign'}
      </button>
      <FormOutcome error={error} success={done} />
    </form>
  );
}

export function OverviewTiles({ stats }: { stats?: CollectiveStatsResponse }) {
  const t = stats?.tiles;
  const usd = (cents: number | undefined) => (cents === undefined ? null : formatUsd(cents));
  const count = (n: number | undefined) => (n === undefined ? null : String(n));
  return (
    <dl className="dash-tiles" aria-label="Collective figures" aria-busy={t ? undefined : true}>
      <FigureTile label="Athlete Earnings This Month" value={usd(t?.athleteEarningsThisMonthCents)} />
      <FigureTile label="Donations This Month" value={usd(t?.donationsThisMonthCents)} />
      <FigureTile label="Total Athletes" value={count(t?.totalAthletes)} />
      <FigureTile label="Athlete Transactions" value={count(t?.athleteTransactions)} note="Cards sold" />
      <FigureTile label="Collective Donations" value={count(t?.collectiveDonationsCount)} note="Donations received" />
    </dl>
  );
}

function UnattributedSales({
  unattributed,
  members,
  collectiveId,
}: {
  unattributed: CollectiveStatsResponse['unattributed'] | undefined;
  members: MemberSummary[];
  collectiveId: number;
}) {
  const { isOwnerCollective } = useTenant();
  return (
    <section className="panel" aria-labelledby="unattributed-title" aria-busy={unattributed ? undefined : true}>
      <h2 id="unattributed-title" className="panel-title">
        Unattributed Sales
      </h2>
      {!unattributed ? (
        <p className="hint">{'\u00a0'}</p>
      ) : (
        <p className="hint">
          Sales no catalog card matched: {countLabel(unattributed.units, 'unit')}, {formatUsd(unattributed.revenueCents)}.
        </p>
      )}
      {!unattributed ? null : unattributed.recent.length === 0 ? (
        <p className="muted">Every sale is attributed to an athlete.</p>
      ) : (
        <TableRegion label={'Unattributed sales, newest first'}>
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
                      <AssignLine line={line} members={members} collectiveId={collectiveId} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

const MONTHLY_TITLE = 'Monthly Earnings';
const PER_ATHLETE_TITLE = 'Earnings per Athlete';
// Total equals donations in a month without sales: dashed, with its own marker and drawn on top.
const MONTHLY_SERIES = [
  { name: 'Total', color: '#8FB4FF', dash: '7 4', symbol: 'diamond', key: 'totalCents' },
  { name: 'Athlete', color: '#FF6B70', symbol: 'square', key: 'athleteCents' },
  { name: 'Collective Donations', color: '#0ED145', dash: '2 3', symbol: 'circle', key: 'donationsCents' },
] as const;

/**
 * The overview; without `stats` (or `members`, which name the athletes) it is the same layout
 * waiting for them: tile labels with blank values, the charts' titles and frames, the sales panel.
 * Memoised: the live refresh hands over the same objects while nothing changed, so the charts
 * are not drawn again for nothing.
 */
export const OverviewSection = memo(function OverviewSection({ stats, members }: { stats?: CollectiveStatsResponse; members?: MemberSummary[] }) {
  const ready = stats !== undefined && members !== undefined;
  const nameOf = (id: number) => members?.find((a) => a.id === id)?.name ?? `Athlete ${id}`;
  const monthly = ready ? continuousMonths(stats.monthly, (month) => ({ month, totalCents: 0, athleteCents: 0, donationsCents: 0 })) : [];
  return (
    <>
      {!ready && (
        <p className="sr-only" role="status">
          Loading stats...
        </p>
      )}
      <OverviewTiles stats={ready ? stats : undefined} />
      <div className="dash-charts">
        <section className="panel">
          <LineChart
            pending={!ready}
            title={MONTHLY_TITLE}
            labels={monthly.map((m) => yearMonthLabel(m.month))}
            series={MONTHLY_SERIES.map(({ key, ...s }) => ({ ...s, values: monthly.map((m) => m[key]) }))}
          />
        </section>
        <section className="panel">
          <DoughnutChart
            pending={!ready}
            title={PER_ATHLETE_TITLE}
            slices={ready ? stats.athletes.map((a) => ({ label: nameOf(a.athleteId), valueCents: a.earningsCents })) : []}
          />
        </section>
      </div>
      <UnattributedSales unattributed={ready ? stats.unattributed : undefined} members={members ?? []} collectiveId={stats?.collectiveId ?? 0} />
    </>
  );
});
