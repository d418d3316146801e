// Victory doughnut (loaded lazily through lazy-charts.tsx).
import { VictoryLegend, VictoryPie } from 'victory';
import { formatUsd } from '../../../../shared/money';
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
      <svg viewBox={`0 0 300 ${Math.max(1, nonZero.length) * 24 + 8}`} aria-hidden="true" className="dash-doughnut-legend">
        <VictoryLegend
          standalone={false}
          width={300}
          x={0}
          y={0}
          rowGutter={2}
          style={{ labels: { fill: '#f1f5fb', fontSize: 13 } }}
          data={nonZero.map((s, i) => ({ name: `${s.label}: ${formatUsd(s.valueCents)}`, symbol: { fill: colors[i] } }))}
        />
      </svg>
    </div>
  );
}
