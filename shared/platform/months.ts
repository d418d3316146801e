// Year-month buckets (UTC). The spec bucketed by month only, merging years; we keep the year.

export type YearMonth = string; // 'YYYY-MM'

export function yearMonthOf(iso: string): YearMonth {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${iso}`);
  return new Date(ms).toISOString().slice(0, 7);
}

export function isYearMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** Short label for charts: '2026-03' -> 'Mar 2026'. */
export function yearMonthLabel(month: YearMonth): string {
  const [year, m] = month.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(m) - 1]} ${year}`;
}

/** An ISO-8601 date or date-time, with an optional zone: what Shopify sends ('2026-03-01T10:00:00-05:00'). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Converts any ISO-8601 timestamp (with offset) to canonical UTC ISO, or null. Only the ISO shape
 * is read: Date.parse alone is lenient (V8 reads 'not a date 0' as the year 2000). */
export function toUtcIso(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_8601.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
