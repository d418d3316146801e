// The athlete's Home chart: earnings (the athlete's 97% of what fans paid) or cards sold, over a
// time range (7 and 30 days by UTC day from the daily read, the season and all time by month from
// the stats' months). A day's or a month's earnings are 97% of its sales rounded to the cent, as
// the ledger rounds on the running total: a bucket may differ from its ledger lines by a cent.
import { useState } from 'react';
import type { AthleteStatsResponse } from '@shared/sales/sales-api';
import { athleteShareCents } from '@shared/platform/money';
import { yearMonthLabel } from '@shared/platform/months';
import { ErrorBox } from '@/components/error-box';
import { Segmented } from '@/components/segmented';
import { TimeRangeChart } from '@/components/charts/time-range-chart';
import { dayLabel, daysOf, isDaily, lastDays, rangeMonths, rangeWords, valuesOf, type TimeRange } from '@/components/charts/time-range';
import { useAthleteDaily } from '@/features/athlete-panel/api/get-athlete-daily';

type Measure = 'earnings' | 'cards';
const MEASURES: ReadonlyArray<{ value: Measure; label: string }> = [
  { value: 'earnings', label: 'Earnings' },
  { value: 'cards', label: 'Cards sold' },
];

const CHART_ERROR = 'Failed to load your daily sales. Please try again later.';

export function SalesChart({ athleteId, own, stats, today }: { athleteId: number; own: boolean; stats: AthleteStatsResponse; today: string }) {
  const [range, setRange] = useState<TimeRange>('season');
  const [measure, setMeasure] = useState<Measure>('earnings');
  const byDay = isDaily(range);
  const daily = useAthleteDaily(athleteId, own, byDay ? daysOf(range) : null);
  const rows = new Map<string, { cardsSold: number; revenueCents: number }>();
  let buckets: string[];
  let labels: string[];
  if (byDay) {
    buckets = lastDays(today, daysOf(range));
    labels = buckets.map(dayLabel);
    for (const d of daily.data?.days ?? []) rows.set(d.date, d);
  } else {
    buckets = rangeMonths(
      range,
      today,
      stats.monthly.map((m) => m.month),
    );
    labels = buckets.map(yearMonthLabel);
    for (const m of stats.monthly) rows.set(m.month, m);
  }
  const series =
    measure === 'earnings'
      ? [{ name: 'Your earnings', color: '#0ED145', symbol: 'circle' as const, values: valuesOf(buckets, rows, (r) => athleteShareCents(r.revenueCents)) }]
      : [{ name: 'Cards sold', color: '#8FB4FF', symbol: 'diamond' as const, values: valuesOf(buckets, rows, (r) => r.cardsSold) }];
  let note = rangeWords(range, today);
  if (byDay && daily.data && !daily.data.complete) note += `; more sales than one read holds, so the days before ${dayLabel(daily.data.from)} show as zero`;
  if (measure === 'earnings') note += '. Your earnings: your 97% of what fans paid';
  return (
    <TimeRangeChart
      title={byDay ? 'Daily sales and earnings' : 'Monthly sales and earnings'}
      range={range}
      onRange={setRange}
      labels={labels}
      series={series}
      unit={byDay ? 'day' : 'month'}
      format={measure === 'cards' ? 'count' : 'usd'}
      pending={byDay && !daily.data}
      toggle={<Segmented legend="Show" options={MEASURES} value={measure} onChange={setMeasure} />}
      note={`${note}.`}
      failure={byDay && daily.error ? <ErrorBox message={CHART_ERROR} onRetry={() => void daily.mutate()} retryLabel="Retry" /> : undefined}
    />
  );
}
