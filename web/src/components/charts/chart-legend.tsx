// Chart legends in HTML (they wrap on narrow screens instead of being clipped inside an SVG), each
// entry with its colour and, for lines, the dash pattern and marker of its series.
import type { SeriesSymbol } from '@/components/charts/chart-types';

function Marker({ symbol = 'circle', color }: { symbol?: SeriesSymbol; color: string }) {
  switch (symbol) {
    case 'square':
      return <rect x="10" y="3" width="8" height="8" fill={color} />;
    case 'diamond':
      return <path d="M14 1.5 L19.5 7 L14 12.5 L8.5 7 Z" fill={color} />;
    case 'triangleUp':
      return <path d="M14 2 L19 12 L9 12 Z" fill={color} />;
    case 'star':
      return <path d="M14 1.5 L15.6 5.2 L19.6 5.5 L16.5 8.1 L17.5 12 L14 9.9 L10.5 12 L11.5 8.1 L8.4 5.5 L12.4 5.2 Z" fill={color} />;
    default:
      return <circle cx="14" cy="7" r="4" fill={color} />;
  }
}

export interface LegendEntry {
  label: string;
  color: string;
  dash?: string;
  symbol?: SeriesSymbol;
  /** Draw a line sample (line charts) or only a swatch (doughnut slices). */
  line?: boolean;
}

export function ChartLegend({ entries, className = '' }: { entries: LegendEntry[]; className?: string }) {
  return (
    <ul className={`dash-legend ${className}`}>
      {entries.map((e) => (
        <li key={e.label}>
          <svg width="28" height="14" viewBox="0 0 28 14" aria-hidden="true" focusable="false">
            {e.line && <line x1="1" y1="7" x2="27" y2="7" stroke={e.color} strokeWidth="2.5" strokeDasharray={e.dash} />}
            <Marker symbol={e.symbol} color={e.color} />
          </svg>
          <span>{e.label}</span>
        </li>
      ))}
    </ul>
  );
}
