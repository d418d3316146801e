// Overview: the Monthly Donations line chart and Total Donations, # Donations This Year, Recurring This Month.
import { formatUsd } from '@shared/platform/money';
import { yearMonthLabel } from '@shared/platform/months';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { LineChart } from '@/components/charts/lazy-charts';
import { continuousMonths } from '@/components/charts/months';
import { FigureTile, Tiles } from '@/components/tiles';
import { useAthleteDonations } from '@/features/athlete-panel/api/get-athlete-donations';
import { DataTable } from '@/components/dashboard/data-table';
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
        <Tiles>
          <FigureTile label="Total Donations" value={formatUsd(data.totalDonationsCents)} />
          <FigureTile label="# Donations This Year" value={String(data.donationsThisYear)} />
          <FigureTile label="Recurring This Month" value={String(data.recurringThisMonth)} />
        </Tiles>
      </Panel>
      <section className="panel">
        <LineChart
          title="Monthly Donations"
          labels={monthly.map((m) => yearMonthLabel(m.month))}
          series={[{ name: 'Donations', color: '#0ED145', symbol: 'circle', values: monthly.map((m) => m.amountCents) }]}
        />
      </section>
    </>
  );
}

export function CommentsTab({ athleteId }: { athleteId: number }) {
  const { data, error, mutate } = useAthleteDonations(athleteId);
  if (error) return <ErrorBox message={DONATIONS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading comments..." />;
  return (
    <Panel id="comments-title" title="Comments">
      {data.comments.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <DataTable caption="Donor comments" columns={['Donor', 'Amount', 'Comment']}>
          {data.comments.map((c, i) => (
            <tr key={`${c.donorName}-${i}`}>
              <td>{c.donorName}</td>
              <td>{formatUsd(c.amountCents)}</td>
              <td>{c.comment}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
