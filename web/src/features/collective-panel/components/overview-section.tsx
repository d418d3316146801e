// Overview: the five tiles, the earnings chart with its time ranges (earnings-chart.tsx), earnings
// per athlete (the athletes' 97%, net of the platform's share) and the unattributed sales
// (unattributed-sales.tsx), all from the one stats response but the chart's daily ranges. Before it
// arrives (and in the prerendered page), every part already stands in its place with its title,
// labels and reserved size, so nothing moves when the figures come.
import { memo } from 'react';
import type { CollectiveStatsResponse } from '@shared/sales/sales-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { DoughnutChart } from '@/components/charts/lazy-charts';
import { FigureTile, Tiles } from '@/components/tiles';
import { EarningsChart } from '@/features/collective-panel/components/earnings-chart';
import { UnattributedSales } from '@/features/collective-panel/components/unattributed-sales';

export function OverviewTiles({ stats }: { stats?: CollectiveStatsResponse }) {
  const t = stats?.tiles;
  const usd = (cents: number | undefined) => (cents === undefined ? null : formatUsd(cents));
  const count = (n: number | undefined) => (n === undefined ? null : String(n));
  return (
    <Tiles label="Collective figures" busy={!t}>
      <FigureTile label="Athlete Earnings This Month" value={usd(t?.athleteEarningsThisMonthCents)} note="The athletes' 97% of card sales" />
      <FigureTile label="Donations This Month" value={usd(t?.donationsThisMonthCents)} />
      <FigureTile label="Total Athletes" value={count(t?.totalAthletes)} />
      <FigureTile label="Athlete Transactions" value={count(t?.athleteTransactions)} note="Cards sold" />
      <FigureTile label="Collective Donations" value={count(t?.collectiveDonationsCount)} note="Donations received" />
    </Tiles>
  );
}

const PER_ATHLETE_TITLE = 'Earnings per Athlete';

/**
 * The overview; without `stats` (or `members`, which name the athletes) it is the same layout
 * waiting for them: tile labels with blank values, the charts' titles and frames, the sales panel.
 * Memoised: the live refresh hands over the same objects while nothing changed, so the charts
 * are not drawn again for nothing.
 */
export const OverviewSection = memo(function OverviewSection({ stats, members }: { stats?: CollectiveStatsResponse; members?: MemberSummary[] }) {
  const ready = stats !== undefined && members !== undefined;
  const nameOf = (id: number) => members?.find((a) => a.id === id)?.name ?? `Athlete ${id}`;
  return (
    <>
      {!ready && (
        <p className="sr-only" role="status">
          Loading stats...
        </p>
      )}
      <OverviewTiles stats={ready ? stats : undefined} />
      <div className="dash-charts">
        <section className="panel" aria-label="Earnings over time">
          <EarningsChart stats={ready ? stats : undefined} today={new Date().toISOString().slice(0, 10)} />
        </section>
        <section className="panel" aria-label={PER_ATHLETE_TITLE}>
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
