// The Overview's earnings chart (the spec's Monthly Earnings: total, athlete, collective donations)
// with a time range (7 days and 30 days by day from the daily read, the season and all time by
// month from the stats) and what it shows: card sales with the athletes' 97%, or donations, each on
// its own axis (a $5,000 donation no longer flattens $12 of athlete earnings), or all three series
// together as the spec draws them. Before the stats arrive it is the titled, empty frame (the
// prerendered page's), and nothing in it depends on the day until then.
import { useState } from 'react';
import type { CollectiveDay, CollectiveMonthly, CollectiveStatsResponse } from '@shared/sales/sales-api';
import { yearMonthLabel } from '@shared/platform/months';
import { ErrorBox } from '@/components/error-box';
import { Segmented } from '@/components/segmented';
import { TimeRangeChart } from '@/components/charts/time-range-chart';
import type { LineSeries } from '@/components/charts/chart-types';
import { dayLabel, daysOf, isDaily, lastDays, rangeMonths, rangeWords, valuesOf, type TimeRange } from '@/components/charts/time-range';
import { useCollectiveDaily } from '@/features/collective-panel/api/get-collective-daily';
import { LOAD_ERROR } from '@/features/collective-panel/config';

export type ChartView = 'sales' | 'donations' | 'all';

const VIEWS: ReadonlyArray<{ value: ChartView; label: string }> = [
  { value: 'sales', label: 'Card sales' },
  { value: 'donations', label: 'Donations' },
  { value: 'all', label: 'All' },
];

/** One bucket's figures, whether a day or a month. */
interface Bucket {
  salesCents: number;
  athleteCents: number;
  donationsCents: number;
}

const fromDay = (d: CollectiveDay): Bucket => ({ salesCents: d.revenueCents, athleteCents: d.athleteCents, donationsCents: d.donationsCents });
const fromMonth = (m: CollectiveMonthly): Bucket => ({
  salesCents: m.totalCents - m.donationsCents,
  athleteCents: m.athleteCents,
  donationsCents: m.donationsCents,
});

const TOTAL = { color: '#8FB4FF', dash: '7 4', symbol: 'diamond' } as const;
const ATHLETE = { color: '#FF6B70', symbol: 'square' } as const;
const DONATIONS = { color: '#0ED145', dash: '2 3', symbol: 'circle' } as const;

/** The series of a view over the buckets (the first drawn on top). */
function seriesOf(view: ChartView, buckets: readonly string[], rows: ReadonlyMap<string, Bucket>): LineSeries[] {
  const of = (pick: (b: Bucket) => number) => valuesOf(buckets, rows, pick);
  // Card sales alone: the athletes' 97% (the spec's Athlete series; the gross would draw the same line 3% higher).
  if (view === 'sales') return [{ name: 'Athlete', ...ATHLETE, values: of((b) => b.athleteCents) }];
  if (view === 'donations') return [{ name: 'Collective Donations', ...DONATIONS, values: of((b) => b.donationsCents) }];
  return [
    { name: 'Total', ...TOTAL, values: of((b) => b.salesCents + b.donationsCents) },
    { name: 'Athlete', ...ATHLETE, values: of((b) => b.athleteCents) },
    { name: 'Collective Donations', ...DONATIONS, values: of((b) => b.donationsCents) },
  ];
}

export function EarningsChart({ stats, today }: { stats?: CollectiveStatsResponse; today: string }) {
  const [range, setRange] = useState<TimeRange>('season');
  const [view, setView] = useState<ChartView>('sales');
  const daily = useCollectiveDaily(isDaily(range) ? daysOf(range) : null);
  const byDay = isDaily(range);
  let labels: string[] = [];
  let series: LineSeries[] = seriesOf(view, [], new Map());
  let pending = stats === undefined;
  let note = rangeWords(range, today);
  if (byDay) {
    pending = pending || daily.data === undefined;
    const days = lastDays(today, daysOf(range));
    const rows = new Map((daily.data?.days ?? []).map((d) => [d.date, fromDay(d)]));
    labels = days.map(dayLabel);
    series = seriesOf(view, days, rows);
    if (daily.data && !daily.data.complete) note += `; more sales than one read holds, so the days before ${dayLabel(daily.data.from)} show as zero`;
  } else if (stats) {
    const months = rangeMonths(
      range,
      today,
      stats.monthly.map((m) => m.month),
    );
    labels = months.map(yearMonthLabel);
    series = seriesOf(view, months, new Map(stats.monthly.map((m) => [m.month, fromMonth(m)])));
  }
  if (view === 'sales') note += ". Athlete: the athletes' 97% of what fans paid for their cards";
  return (
    <TimeRangeChart
      title={byDay ? 'Daily Earnings' : 'Monthly Earnings'}
      range={range}
      onRange={setRange}
      labels={labels}
      series={series}
      unit={byDay ? 'day' : 'month'}
      pending={pending}
      toggle={<Segmented legend="Show" options={VIEWS} value={view} onChange={setView} />}
      note={pending ? undefined : `${note}.`}
      failure={byDay && daily.error ? <ErrorBox message={LOAD_ERROR} onRetry={() => void daily.mutate()} retryLabel="Retry" /> : undefined}
    />
  );
}
