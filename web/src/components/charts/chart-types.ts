// Data shapes of the dashboard charts (amounts in cents; the charts show dollars).

/** Marker shapes a series can use (Victory scatter symbols). */
export type SeriesSymbol = 'circle' | 'square' | 'diamond' | 'triangleUp' | 'star';

export interface LineSeries {
  name: string;
  color: string;
  /** One value per label: cents (shown as dollars), or a count when the chart's format is 'count'. */
  values: number[];
  /** SVG stroke-dasharray ('6 4'); solid when absent. Colour is never the only difference. */
  dash?: string;
  /** The marker drawn at each month. */
  symbol?: SeriesSymbol;
}

export interface LineChartProps {
  title: string;
  /** X-axis labels, e.g. 'Mar 2026' or 'Nov 21': one per month or day, no gaps (see months.ts, time-range.ts). */
  labels: string[];
  /** What a label is (the screen-reader table's first column and the drawing's description): month by default. */
  unit?: 'month' | 'day';
  /** What the values are: cents shown as dollars (the default), or counts (cards sold). */
  format?: 'usd' | 'count';
  /** Series in legend order; the first is drawn on top, so it is never hidden by a later one. */
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

/** The legend swatch of an entry without a slice (nothing earned yet). */
export const NO_SLICE_COLOR = '#5B6B86';

/** The colours of a doughnut's slices, in order (the drawing and its legend use the same). */
export const sliceColors = (count: number): string[] => Array.from({ length: count }, (_, i) => CHART_COLORS[i % CHART_COLORS.length]);
