// Chart entry points for the dashboards. Victory is heavy (~74 KB gzip), so the chart drawings load
// with React.lazy on first render, into a frame that already has the drawing's size (nothing below
// moves when it arrives); the HTML legends render at once, and a visually-hidden table always
// carries the same figures for screen readers.
import { Suspense, type ReactNode } from 'react';
import { formatUsd } from '@shared/money';
import { lazyWithReload as lazy } from '@/lib/chunk-reload';
import { ChartLegend } from './chart-legend';
import { NO_SLICE_COLOR, sliceColors, type DoughnutChartProps, type LineChartProps } from './chart-types';

const LineChartImpl = lazy(() => import('./line-chart-impl'));
const DoughnutChartImpl = lazy(() => import('./doughnut-chart-impl'));

/** The drawing's box (sized in dashboard.css: a line chart 300 px high, 240 px in a narrow
 * figure; a doughnut a square up to 280 px), holding the loading line until the drawing arrives. */
function ChartFrame({ title, kind, children }: { title: string; kind: 'line' | 'doughnut'; children: ReactNode }) {
  return (
    <div className={`dash-chart-frame dash-chart-frame-${kind}`}>
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
    </div>
  );
}

/** A chart's figures as a table for screen readers. The wrapper does the hiding: a table box
 * ignores .sr-only's 1 px size and would otherwise widen the page on phones. */
function ScreenReaderTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<[string, string[]]> }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cells]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {cells.map((cell, i) => (
                <td key={head[i + 1] ?? i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
        <>
          <ChartLegend entries={series.map((s) => ({ label: s.name, color: s.color, dash: s.dash, symbol: s.symbol, line: true }))} />
          <ChartFrame title={title} kind="line">
            <LineChartImpl {...props} />
          </ChartFrame>
        </>
      )}
      <ScreenReaderTable
        caption={title}
        head={['Month', ...series.map((s) => s.name)]}
        rows={labels.map((label, i) => [label, series.map((s) => formatUsd(s.values[i] ?? 0))])}
      />
    </figure>
  );
}

export function DoughnutChart(props: DoughnutChartProps) {
  const { title, slices } = props;
  const hasData = slices.some((s) => s.valueCents > 0);
  const shown = slices.filter((s) => s.valueCents > 0);
  const colors = sliceColors(shown.length);
  return (
    <figure className="dash-figure">
      <figcaption className="dash-figure-title">{title}</figcaption>
      {hasData ? (
        <div className="dash-doughnut">
          <ChartFrame title={title} kind="doughnut">
            <DoughnutChartImpl {...props} />
          </ChartFrame>
          {/* Every athlete, those without earnings too (no slice to draw: a grey swatch). */}
          <ChartLegend
            className="dash-legend-column"
            entries={slices.map((s) => ({
              label: `${s.label}: ${formatUsd(s.valueCents)}`,
              color: s.valueCents > 0 ? colors[shown.indexOf(s)] : NO_SLICE_COLOR,
            }))}
          />
        </div>
      ) : (
        <p className="muted">No earnings yet.</p>
      )}
      <ScreenReaderTable caption={title} head={['Athlete', 'Earnings']} rows={slices.map((s) => [s.label, [formatUsd(s.valueCents)]])} />
    </figure>
  );
}
