// Chart entry points for the dashboards. Victory is heavy (~74 KB gzip), so the chart bodies load
// with React.lazy on first render; a visually-hidden table always carries the same figures for
// screen readers (and shows while the chart loads or when there is nothing to plot).
import { Suspense, type ReactNode } from 'react';
import { formatUsd } from '../../../../shared/money';
import { lazyWithReload as lazy } from '../../lib/chunk-reload';
import type { DoughnutChartProps, LineChartProps } from './chart-types';

const LineChartImpl = lazy(() => import('./line-chart-impl'));
const DoughnutChartImpl = lazy(() => import('./doughnut-chart-impl'));

function ChartFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="dash-chart-loading" role="status">
          Loading chart...
        </div>
      }
    >
      <div className="dash-chart" role="img" aria-label={`${title} (chart; the figures are also in the table that follows)`}>
        {children}
      </div>
    </Suspense>
  );
}

export function LineChart(props: LineChartProps) {
  const { title, labels, series } = props;
  return (
    <figure className="dash-figure">
      <figcaption className="dash-figure-title">{title}</figcaption>
      {labels.length === 0 ? (
        <p className="muted">No data yet.</p>
      ) : (
        <ChartFrame title={title}>
          <LineChartImpl {...props} />
        </ChartFrame>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.name}>{formatUsd(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function DoughnutChart(props: DoughnutChartProps) {
  const { title, slices } = props;
  const hasData = slices.some((s) => s.valueCents > 0);
  return (
    <figure className="dash-figure">
      <figcaption className="dash-figure-title">{title}</figcaption>
      {hasData ? (
        <ChartFrame title={title}>
          <DoughnutChartImpl {...props} />
        </ChartFrame>
      ) : (
        <p className="muted">No earnings yet.</p>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Athlete</th>
            <th scope="col">Earnings</th>
          </tr>
        </thead>
        <tbody>
          {slices.map((s) => (
            <tr key={s.label}>
              <th scope="row">{s.label}</th>
              <td>{formatUsd(s.valueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
