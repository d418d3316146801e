// The charts' time ranges (docs/decisions/0016): 7 days and 30 days by day (from the daily reads),
// the season and all time by month (from the monthly figures). The season is the college year: from
// August 1 (UTC) of the year it started. Days and months are UTC calendar days and months, as the
// API buckets them (lib/dates.ts).
import { monthRange } from '@/components/charts/months';

export type TimeRange = '7d' | '30d' | 'season' | 'all';

export const TIME_RANGES: ReadonlyArray<{ value: TimeRange; label: string }> = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'season', label: 'Season' },
  { value: 'all', label: 'All' },
];

export const isDaily = (range: TimeRange): range is '7d' | '30d' => range === '7d' || range === '30d';
export const daysOf = (range: '7d' | '30d'): 7 | 30 => (range === '7d' ? 7 : 30);

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `n` UTC days ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today.slice(0, 10)}T00:00:00.000Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** 'Nov 21' for 2026-11-21. */
export const dayLabel = (date: string): string => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/** The month the season of `today` started in: August of this year from August on, else of last year. */
export function seasonStart(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return `${month >= 8 ? year : year - 1}-08`;
}

/** The months a monthly range shows: the season's from its August, all time's from the first month
 * with figures; both up to the current month (a month without activity is a zero). */
export function rangeMonths(range: 'season' | 'all', today: string, monthsWithData: readonly string[]): string[] {
  const current = today.slice(0, 7);
  if (range === 'season') return monthRange(seasonStart(today), current);
  const first = [...monthsWithData].sort()[0];
  if (!first) return [];
  return monthRange(first < current ? first : current, current);
}

/** Values per bucket of each series, zero where a bucket has no row. */
export function valuesOf<Row>(buckets: readonly string[], rows: ReadonlyMap<string, Row>, pick: (row: Row) => number): number[] {
  return buckets.map((bucket) => {
    const row = rows.get(bucket);
    return row ? pick(row) : 0;
  });
}

/** What a range covers, in words (the chart's note). */
export function rangeWords(range: TimeRange, today: string): string {
  if (range === '7d') return 'The last 7 days, by day (UTC)';
  if (range === '30d') return 'The last 30 days, by day (UTC)';
  if (range === 'season') return `This season, since August 1, ${seasonStart(today).slice(0, 4)}, by month (UTC)`;
  return 'All time, by month (UTC)';
}
