// Data shapes of the dashboard charts (amounts in cents; the charts show dollars).

export interface LineSeries {
  name: string;
  color: string;
  /** One value per label, in cents. */
  values: number[];
}

export interface LineChartProps {
  title: string;
  /** X-axis labels, e.g. 'Mar 2026'. */
  labels: string[];
  series: LineSeries[];
}

export interface Slice {
  label: string;
  valueCents: number;
}

export interface DoughnutChartProps {
  title: string;
  slices: Slice[];
}

export const CHART_COLORS = ['#C4161C', '#0ED145', '#8FB4FF', '#F5C542', '#C084FC', '#FB923C', '#2DD4BF', '#F472B6'];
