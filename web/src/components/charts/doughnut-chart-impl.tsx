// Victory doughnut (loaded lazily through lazy-charts.tsx, which also draws its HTML legend, so
// every entry shows whatever the number of athletes or the screen width).
import { VictoryPie } from 'victory';
import { sliceColors, type DoughnutChartProps } from '@/components/charts/chart-types';

export default function DoughnutChartImpl({ title, slices }: DoughnutChartProps) {
  const nonZero = slices.filter((s) => s.valueCents > 0);
  const colors = sliceColors(nonZero.length);
  return (
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
  );
}
