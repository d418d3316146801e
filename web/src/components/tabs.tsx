// Tabs after the WAI-ARIA tabs pattern (docs/decisions/0016): a tablist whose tabs take one Tab
// stop (the selected one); the arrow keys move to the previous or next tab and select it (Left/Up,
// Right/Down, wrapping), Home and End to the first and last. The panels' side menus are vertical
// tablists (a row on phones: the arrows work the same), their sections tabpanels; the sections'
// own tabs are horizontal ones. Only the selected panel is rendered, so only the selected tab names
// its panel (aria-controls).
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** A count beside the label (pending approvals), read out as `(${count} ${countLabel})`. */
  count?: number;
  countLabel?: string;
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

const STEP: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

interface TabsProps<T extends string> {
  /** The tablist's name ('Athlete panel'). */
  label: string;
  items: ReadonlyArray<TabItem<T>>;
  current: T;
  onSelect: (id: T) => void;
  /** Prefix of the tabs' and panels' ids. */
  idBase: string;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

export function Tabs<T extends string>({ label, items, current, onSelect, idBase, orientation = 'horizontal', className }: TabsProps<T>) {
  const move = (to: number) => {
    const next = items[(to + items.length) % items.length];
    onSelect(next.id);
    document.getElementById(tabId(idBase, next.id))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the tab that has the focus (move() focuses the next one at once), not the selection's
    // state: a second key pressed before React renders the first one's selection still moves on.
    const target = event.target instanceof HTMLElement ? event.target.id : '';
    const focusedIndex = items.findIndex((item) => tabId(idBase, item.id) === target);
    const index = focusedIndex >= 0 ? focusedIndex : items.findIndex((item) => item.id === current);
    if (event.key in STEP) move(index + STEP[event.key]);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div role="tablist" aria-label={label} aria-orientation={orientation} className={className ?? 'dash-tabs'} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === current;
        return (
          <button
            key={item.id}
            id={tabId(idBase, item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(idBase, item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
            {item.count ? (
              <>
                <span className="tab-count" aria-hidden="true">
                  {item.count}
                </span>
                <span className="sr-only">
                  {' '}
                  ({item.count} {item.countLabel ?? ''})
                </span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The selected tab's panel: named by its tab, focusable so a keyboard user can go from the tab
 * straight into it (Tab). */
export function TabPanel({ idBase, id, className, children }: { idBase: string; id: string; className?: string; children: ReactNode }) {
  return (
    <div id={panelId(idBase, id)} role="tabpanel" aria-labelledby={tabId(idBase, id)} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
