// Continuous month axes: a chart's months run from the first to the last month with data, and a
// month without activity is a zero, not a missing tick (which would squeeze the spacing).

const parse = (month: string): [number, number] => {
  const [y, m] = month.split('-').map(Number);
  return [y, m];
};

/** Every 'YYYY-MM' from `first` to `last`, inclusive (empty when last is before first). */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = parse(first);
  const [ly, lm] = parse(last);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(ly) || !Number.isInteger(lm)) return out;
  while (y < ly || (y === ly && m <= lm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The rows sorted by month with the missing months between the first and the last filled in by `empty`. */
export function continuousMonths<T extends { month: string }>(rows: T[], empty: (month: string) => T): T[] {
  if (rows.length === 0) return [];
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const sorted = [...byMonth.keys()].sort();
  return monthRange(sorted[0], sorted[sorted.length - 1]).map((month) => byMonth.get(month) ?? empty(month));
}
