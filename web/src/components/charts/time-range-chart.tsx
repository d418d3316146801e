// A line chart with its time range (docs/decisions/0016): the range's choices (7 days, 30 days,
// season, all) above the chart, an optional second choice beside them (what the chart shows: sales
// or donations, which never share an axis), the chart, and a line saying what the range covers.
// The screen computes the buckets for the range (time-range.ts) and reads the daily figures when
// a daily range is chosen; the chart loads lazily as every chart does (lazy-charts.tsx).
import type { ReactNode } from 'react';
import { Segmented } from '@/components/segmented';
import { LineChart } from '@/components/charts/lazy-charts';
import type { LineSeries } from '@/components/charts/chart-types';
import { TIME_RANGES, type TimeRange } from '@/components/charts/time-range';

interface Props {
  title: string;
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  labels: string[];
  series: LineSeries[];
  unit: 'day' | 'month';
  format?: 'usd' | 'count';
  /** The figures are on their way. */
  pending?: boolean;
  /** A second choice beside the range (a Segmented). */
  toggle?: ReactNode;
  /** What the range covers; a failed read's message and retry instead of the chart. */
  note?: ReactNode;
  failure?: ReactNode;
}

export function TimeRangeChart({ title, range, onRange, labels, series, unit, format, pending, toggle, note, failure }: Props) {
  return (
    <div className="range-chart">
      <div className="chart-controls">
        <Segmented legend={`${title}: time range`} options={TIME_RANGES} value={range} onChange={onRange} />
        {toggle}
      </div>
      {failure ?? <LineChart title={title} labels={labels} series={series} unit={unit} format={format} pending={pending} />}
      {note && <p className="chart-note">{note}</p>}
    </div>
  );
}
