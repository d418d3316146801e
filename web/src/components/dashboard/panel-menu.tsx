// The side menu of a dashboard: a vertical list on wide screens, a scrollable row on mobile.
export interface MenuItem<T extends string> {
  id: T;
  label: string;
}

export function PanelMenu<T extends string>({
  label,
  items,
  current,
  onSelect,
}: {
  label: string;
  items: MenuItem<T>[];
  current: T;
  onSelect: (id: T) => void;
}) {
  return (
    <nav className="dash-menu" aria-label={label}>
      {items.map((item) => (
        <button key={item.id} type="button" aria-current={item.id === current ? 'page' : undefined} onClick={() => onSelect(item.id)}>
          {item.label}
        </button>
      ))}
    </nav>
  );
}
