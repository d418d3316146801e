// Victory line chart (loaded lazily through lazy-charts.tsx so Victory stays out of route bundles;
// its HTML legend is drawn there). Its height (300 px, 240 px under 520 px) is the frame's in dashboard.css.
// Drawn at the container's real width (measured first, so Victory renders once), so tick labels
// keep their font size on phones; the y axis starts at $0; every series differs by colour, dash pattern and marker, and the first series is
// drawn last (on top) so no line hides another.
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import type { LineChartProps } from '@/components/charts/chart-types';
import { useElementWidth } from '@/components/charts/use-element-width';

/** Rendered size of the axis text in px (never below 11 on a 375 px screen). */
export const AXIS_FONT_PX = 12;
const FALLBACK_WIDTH = 640;

const axisStyle = {
  axis: { stroke: '#24365e' },
  tickLabels: { fill: '#c3cfe2', fontSize: AXIS_FONT_PX, padding: 6 },
  grid: { stroke: 'rgba(169, 184, 208, 0.12)' },
};

const dollars = (cents: number) => cents / 100;
const asIs = (n: number) => n;

/** Later series draw underneath with bigger markers, so a point shared by two series shows both. */
const MARKER_SIZE: Record<string, number> = { circle: 5, square: 4, triangleUp: 4.5, star: 4.5, diamond: 3.5 };

export const compactUsd = (value: number) => {
  if (value === 0) return '$0';
  return Math.abs(value) >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${Math.round(value)}`;
};

/** A y maximum with some headroom (and a visible scale when everything is zero). */
export function yTop(series: LineChartProps['series'], scale: (value: number) => number = dollars): number {
  const max = Math.max(0, ...series.flatMap((s) => s.values.map(scale)));
  return max > 0 ? max * 1.1 : 10;
}

/** A count's tick: whole numbers only ('1k' past a thousand). */
const compactCount = (value: number) => (Math.abs(value) >= 1000 ? `${Math.round(value / 100) / 10}k` : Number.isInteger(value) ? String(value) : '');

/** 'Mar 2026' -> "Mar '26" on narrow charts. */
const shortLabel = (label: string) => label.replace(/ \d{2}(\d{2})$/, " '$1");

export default function LineChartImpl({ title, labels, series, unit = 'month', format = 'usd' }: LineChartProps) {
  const scale = format === 'count' ? asIs : dollars;
  const [box, measured] = useElementWidth<HTMLDivElement>();
  // Drawn once, at the measured width (0 where nothing is laid out, e.g. jsdom: the fallback).
  if (measured === null) return <div ref={box} className="dash-line-chart" />;
  const width = measured || FALLBACK_WIDTH;
  const narrow = width < 520;
  // Day labels ('Nov 21') are short already; month labels shorten on narrow charts.
  const height = narrow ? 240 : 300;
  const single = labels.length === 1;
  const drawOrder = [...series].reverse();
  return (
    <div ref={box} className="dash-line-chart">
      <VictoryChart
        title={title}
        desc={`${title}: ${series.map((s) => s.name).join(', ')} by ${unit}`}
        height={height}
        width={width}
        padding={{ top: 16, bottom: 40, left: narrow ? 52 : 64, right: narrow ? 16 : 24 }}
        domainPadding={{ x: single ? 60 : narrow ? 10 : 16 }}
        domain={{ y: [0, yTop(series, scale)] }}
        categories={{ x: labels }}
      >
        <VictoryAxis crossAxis={false} style={axisStyle} tickFormat={narrow && unit === 'month' ? shortLabel : undefined} fixLabelOverlap />
        {/* crossAxis off: keep the $0 tick where the axes meet (the scale visibly starts at zero). */}
        <VictoryAxis dependentAxis crossAxis={false} style={axisStyle} tickFormat={format === 'count' ? compactCount : compactUsd} tickCount={narrow ? 4 : 5} />
        {drawOrder.map((s) => (
          <VictoryLine
            key={`line-${s.name}`}
            data={labels.map((label, i) => ({ x: label, y: scale(s.values[i] ?? 0) }))}
            style={{ data: { stroke: s.color, strokeWidth: s.dash ? 3 : 2.5, strokeDasharray: s.dash } }}
          />
        ))}
        {drawOrder.map((s) => (
          <VictoryScatter
            key={`dots-${s.name}`}
            size={MARKER_SIZE[s.symbol ?? 'circle']}
            symbol={s.symbol ?? 'circle'}
            data={labels.map((label, i) => ({ x: label, y: scale(s.values[i] ?? 0) }))}
            style={{ data: { fill: s.color, stroke: '#0f1b33', strokeWidth: 1 } }}
          />
        ))}
      </VictoryChart>
    </div>
  );
}
