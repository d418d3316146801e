// Overview: monthly earnings (total, athlete, collective donations), earnings per athlete (the
// athletes' 97%, net of the platform's share), the five tiles and the unattributed sales, all from
// the one stats response. Before it arrives (and in the prerendered page), every part already
// stands in its place with its title, labels and reserved size, so nothing moves when the figures come.
import { memo } from 'react';
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
import { useTenant } from '@/lib/use-tenant';
import { SelectField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useAssignUnattributed } from '@/features/collective-panel/api/assign-unattributed';
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';
import { DataTable } from '@/components/dashboard/data-table';

/** Assigns one unattributed line to a member's card on sale. The server accepts it and settles it
 * a moment later, so the outcome says the figures follow (and the stats are read again then). */
function AssignLine({ line, members, collectiveId }: { line: UnattributedSale; members: MemberSummary[]; collectiveId: number }) {
  const assign = useAssignUnattributed(collectiveId);
  const form = useForm({
    initial: { athleteId: '', cardId: '' },
    check: ({ athleteId, cardId }) => ({
      value: { orderId: line.orderId, lineItemId: line.lineItemId, athleteId: Number(athleteId), cardId: Number(cardId) },
      message: athleteId && cardId ? null : athleteId ? 'Choose a card' : 'Choose an athlete and a card',
    }),
    send: (request) => assign.trigger(request),
    onSuccess: (result) => (result.pending ? 'Assigned. The figures update in a moment.' : 'This sale was already assigned to that card.'),
    // The choices have no error of their own: everything is said on the outcome line.
    fields: [],
    texts: { other: 'Could not assign the sale. Please try again.' },
  });
  const { athleteId, cardId } = form.values;
  const cards = useAthleteCards(athleteId ? Number(athleteId) : null);
  const onSale = (cards.data?.cards ?? []).filter(isPublic);
  const key = `${line.orderId}-${line.lineItemId}`;
  return (
    <Form form={form} className="dash-assign">
      <SelectField
        label={`Athlete for ${line.title}`}
        hideLabel
        id={`assign-athlete-${key}`}
        placeholder="Choose an athlete…"
        options={members.map((m) => ({ value: m.id, label: m.name }))}
        value={athleteId}
        onValue={(chosen) => form.setValues(() => ({ athleteId: chosen, cardId: '' }))}
        disabled={form.submitting}
      />
      <SelectField
        label={`Card for ${line.title}`}
        hideLabel
        id={`assign-${key}`}
        error={cards.error ? 'Could not load the cards.' : undefined}
        placeholder={athleteId && !cards.data && !cards.error ? 'Loading cards…' : 'Choose a card…'}
        options={onSale.map((c) => ({ value: c.id, label: c.name }))}
        value={cardId}
        onValue={form.set('cardId')}
        disabled={form.submitting || !athleteId}
      />
      <SubmitButton form={form} busy="Assigning..." className="btn btn-outline">
        Assign
      </SubmitButton>
      <FormOutcome error={form.error} success={form.success} />
    </Form>
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
        <DataTable
          caption="Unattributed sales, newest first"
          columns={['Date', 'Order', 'Product', 'Units', 'Amount', 'Reason', isOwnerCollective && 'Assign to']}
        >
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
        </DataTable>
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
