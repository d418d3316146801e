// Overview (Earnings): the spec's donation figures as the athlete's own: the donations its
// collective allocated to it (Monthly Donations, Total Donations, # Donations This Year, Recurring
// This Month, the latest allocations), with what its collective raised in all beside them. Comments
// (Fans): what the collective's donors wrote.
import { formatUsd } from '@shared/platform/money';
import { yearMonthLabel } from '@shared/platform/months';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { LineChart } from '@/components/charts/lazy-charts';
import { continuousMonths } from '@/components/charts/months';
import { FigureTile, Tiles } from '@/components/tiles';
import { Table } from '@/components/table/table';
import { useAthleteDonations } from '@/features/athlete-panel/api/get-athlete-donations';
import { Panel } from '@/components/panel';

export const DONATIONS_ERROR = 'Failed to load your donations. Please try again later.';

export function OverviewTab({ athleteId }: { athleteId: number }) {
  const { data, error, mutate } = useAthleteDonations(athleteId);
  if (error) return <ErrorBox message={DONATIONS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading donations..." />;
  const monthly = continuousMonths(data.monthly, (month) => ({ month, amountCents: 0 }));
  return (
    <>
      <Panel id="overview-title" title="Overview">
        <p className="hint">
          Donations your collective allocated to you. They are added to your balance and paid with your earnings. Your collective raised{' '}
          {formatUsd(data.collective.totalDonationsCents)} in all.
        </p>
        <Tiles>
          <FigureTile label="Total Donations" value={formatUsd(data.totalDonationsCents)} note="Allocated to you, all time" />
          <FigureTile label="# Donations This Year" value={String(data.donationsThisYear)} />
          <FigureTile label="Recurring This Month" value={String(data.recurringThisMonth)} note="From monthly memberships" />
        </Tiles>
      </Panel>
      <section className="panel" aria-label="Monthly Donations">
        <LineChart
          title="Monthly Donations"
          labels={monthly.map((m) => yearMonthLabel(m.month))}
          series={[{ name: 'Donations', color: '#0ED145', symbol: 'circle', values: monthly.map((m) => m.amountCents) }]}
        />
      </section>
      <Panel id="allocations-title" title="Donation allocations (before activations)">
        <Table
          caption="Donations allocated to you (before activations), newest first"
          rows={data.recent}
          rowKey={(a) => `${a.donationId}-${a.date}`}
          empty="No donations allocated to you yet."
          columns={[
            { header: 'Date', cell: (a) => <DateText iso={a.date} /> },
            { header: 'Donation', rowHeader: true, cell: (a) => <span className="mono">{a.donationId}</span> },
            { header: 'Amount', align: 'end', cell: (a) => formatUsd(a.amountCents) },
          ]}
        />
      </Panel>
    </>
  );
}

export function CommentsTab({ athleteId }: { athleteId: number }) {
  const { data, error, mutate } = useAthleteDonations(athleteId);
  if (error) return <ErrorBox message={DONATIONS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading comments..." />;
  return (
    <Panel id="comments-title" title="Comments">
      <p className="hint">What your collective’s donors wrote when they gave.</p>
      <Table
        caption="Donor comments"
        rows={data.comments.map((c, i) => ({ ...c, i }))}
        rowKey={(c) => c.i}
        empty="No comments yet."
        columns={[
          { header: 'Donor', rowHeader: true, cell: (c) => c.donorName },
          { header: 'Amount', align: 'end', cell: (c) => formatUsd(c.amountCents) },
          { header: 'Comment', cell: (c) => c.comment },
        ]}
      />
    </Panel>
  );
}
