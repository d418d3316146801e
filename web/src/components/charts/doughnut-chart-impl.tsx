// Victory doughnut (loaded lazily through lazy-charts.tsx). The legend is HTML, so every entry
// shows whatever the number of athletes or the screen width.
import { VictoryPie } from 'victory';
import { formatUsd } from '@shared/money';
import { ChartLegend } from './chart-legend';
import { CHART_COLORS, type DoughnutChartProps } from './chart-types';

export default function DoughnutChartImpl({ title, slices }: DoughnutChartProps) {
  const nonZero = slices.filter((s) => s.valueCents > 0);
  const colors = nonZero.map((_, i) => CHART_COLORS[i % CHART_COLORS.length]);
  return (
    <div className="dash-doughnut">
      <svg viewBox="0 0 300 300" role="img" aria-label={title} className="dash-doughnut-svg">
        <title>{title}</title>
        <VictoryPie
          standalone={false}
          width={300}
          height={300}
          innerRadius={70}
          padAngle={1}
          colorScale={colors}
          labels={() => ''}
          data={nonZero.map((s) => ({ x: s.label, y: s.valueCents / 100 }))}
        />
      </svg>
      <ChartLegend className="dash-legend-column" entries={nonZero.map((s, i) => ({ label: `${s.label}: ${formatUsd(s.valueCents)}`, color: colors[i] }))} />
    </div>
  );
}
