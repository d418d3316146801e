// Figure tiles in a grid that never leaves one tile alone on a row (docs/decisions/0016): the
// number of columns follows the number of tiles and the room (a container query per count in
// tiles.css): 5 tiles are 5 across, then 3 + 2, then 2 + 2 + 1 with the last one spanning the row;
// 4 are 4 across, then 2 + 2. A tile is a label, its figure and an optional note; while the figure
// loads the tile keeps its size (a blank line of the value's height, read out as "Loading").
import { Children, type ReactNode } from 'react';
import '@/components/tiles.css';

interface TilesProps {
  /** The group's name for assistive technology ('Sales dashboard'). */
  label?: string;
  busy?: boolean;
  /** FigureTile elements (a falsy child is left out and not counted). */
  children: ReactNode;
}

export function Tiles({ label, busy, children }: TilesProps) {
  const count = Children.toArray(children).filter(Boolean).length;
  return (
    <div className="tiles">
      <dl className={`tiles-grid tiles-n${Math.min(count, 8)}`} aria-label={label} aria-busy={busy || undefined}>
        {children}
      </dl>
    </div>
  );
}

interface TileProps {
  label: string;
  /** null while it loads. */
  value: string | null;
  note?: ReactNode;
  /** The tile leads (the figure a screen is about): larger, in the accent colour. */
  lead?: boolean;
}

export function FigureTile({ label, value, note, lead }: TileProps) {
  return (
    <div className={lead ? 'dash-tile dash-tile-lead' : 'dash-tile'}>
      <dt>{label}</dt>
      <dd>
        {value === null ? (
          <span className="dash-tile-value dash-tile-pending">
            {'\u00a0'}
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          <span className="dash-tile-value">{value}</span>
        )}
        {note && <span className="dash-tile-note">{note}</span>}
      </dd>
    </div>
  );
}
