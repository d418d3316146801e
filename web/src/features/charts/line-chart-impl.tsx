// Victory line chart (loaded lazily through lazy-charts.tsx so Victory stays out of route bundles).
import { VictoryAxis, VictoryChart, VictoryLegend, VictoryLine, VictoryScatter } from 'victory';
import type { LineChartProps } from './chart-types';

const axisStyle = {
  axis: { stroke: '#24365e' },
  tickLabels: { fill: '#a9b8d0', fontSize: 11, padding: 6 },
  grid: { stroke: 'rgba(169, 184, 208, 0.12)' },
};

const dollars = (cents: number) => cents / 100;
const compactUsd = (value: number) => (Math.abs(value) >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${Math.round(value)}`);

export default function LineChartImpl({ title, labels, series }: LineChartProps) {
  const single = labels.length === 1;
  return (
    <VictoryChart
      title={title}
      desc={`${title}: ${series.map((s) => s.name).join(', ')} by month`}
      height={300}
      width={640}
      padding={{ top: 48, bottom: 44, left: 64, right: 24 }}
      domainPadding={{ x: single ? 80 : 16, y: 12 }}
      categories={{ x: labels }}
    >
      <VictoryLegend
        x={64}
        y={6}
        orientation="horizontal"
        gutter={18}
        style={{ labels: { fill: '#f1f5fb', fontSize: 12 } }}
        data={series.map((s) => ({ name: s.name, symbol: { fill: s.color } }))}
      />
      <VictoryAxis style={axisStyle} fixLabelOverlap />
      <VictoryAxis dependentAxis style={axisStyle} tickFormat={compactUsd} />
      {series.map((s) => (
        <VictoryLine key={`line-${s.name}`} data={labels.map((label, i) => ({ x: label, y: dollars(s.values[i] ?? 0) }))} style={{ data: { stroke: s.color, strokeWidth: 2.5 } }} />
      ))}
      {series.map((s) => (
        <VictoryScatter key={`dots-${s.name}`} size={3} data={labels.map((label, i) => ({ x: label, y: dollars(s.values[i] ?? 0) }))} style={{ data: { fill: s.color } }} />
      ))}
    </VictoryChart>
  );
}
