// Chart entry points for the dashboards. Victory is heavy (~74 KB gzip, a few hundred ms of main
// thread on a phone), so a drawing loads (React.lazy) and renders only once its frame comes near the
// viewport (use-near-viewport.ts), into a frame that already has the drawing's size: nothing below
// moves when it arrives. The HTML legends render at once, and a visually-hidden table always
// carries the same figures for screen readers. While the figures themselves are loading
// (`pending`), a chart shows its title, its legend when that is fixed, and the empty frame.
import { Suspense, type ReactNode } from 'react';
import { formatUsd } from '@shared/platform/money';
import { lazyWithReload as lazy } from '@/lib/chunk-reload';
import { ChartLegend } from '@/components/charts/chart-legend';
import { NO_SLICE_COLOR, sliceColors, type DoughnutChartProps, type LineChartProps } from '@/components/charts/chart-types';
import { useNearViewport } from '@/components/charts/use-near-viewport';

const LineChartImpl = lazy(() => import('@/components/charts/line-chart-impl'));
const DoughnutChartImpl = lazy(() => import('@/components/charts/doughnut-chart-impl'));

/** The drawing's box (sized in dashboard.css: a line chart 300 px high, 240 px in a narrow
 * figure; a doughnut a square up to 280 px): empty until it comes near the viewport, then holding
 * the loading line until the drawing arrives. */
function ChartFrame({ title, kind, children }: { title: string; kind: 'line' | 'doughnut'; children?: ReactNode }) {
  const [frame, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={frame} className={`dash-chart-frame dash-chart-frame-${kind}`}>
      {near && children && (
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
      )}
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

/** `pending`: the figures are on their way (the legend and the frame show, the drawing waits). */
export function LineChart(props: LineChartProps & { pending?: boolean }) {
  const { title, labels, series, pending = false } = props;
  const legend = <ChartLegend entries={series.map((s) => ({ label: s.name, color: s.color, dash: s.dash, symbol: s.symbol, line: true }))} />;
  if (pending) {
    return (
      <figure className="dash-figure" aria-busy="true">
        <figcaption className="dash-figure-title">{title}</figcaption>
        {legend}
        <ChartFrame title={title} kind="line" />
      </figure>
    );
  }
  return (
    <figure className="dash-figure">
      <figcaption className="dash-figure-title">{title}</figcaption>
      {labels.length === 0 ? (
        <p className="muted">No data yet.</p>
      ) : (
        <>
          {legend}
          <ChartFrame title={title} kind="line">
            <LineChartImpl {...props} />
          </ChartFrame>
        </>
      )}
      <ScreenReaderTable
        caption={title}
        head={[props.unit === 'day' ? 'Day' : 'Month', ...series.map((s) => s.name)]}
        rows={labels.map((label, i) => [label, series.map((s) => (props.format === 'count' ? String(s.values[i] ?? 0) : formatUsd(s.values[i] ?? 0)))])}
      />
    </figure>
  );
}

/** `pending`: the slices are on their way (the frame shows; the legend, whose entries are the slices, waits). */
export function DoughnutChart(props: DoughnutChartProps & { pending?: boolean }) {
  const { title, slices, pending = false } = props;
  if (pending) {
    return (
      <figure className="dash-figure" aria-busy="true">
        <figcaption className="dash-figure-title">{title}</figcaption>
        <div className="dash-doughnut">
          <ChartFrame title={title} kind="doughnut" />
        </div>
      </figure>
    );
  }
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
