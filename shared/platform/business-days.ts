// Business days for compliance deadlines (NIL Go's "within 5 business days"): Monday to Friday,
// less the US federal holidays as observed.
//
// The rule, written down:
// - The holidays are the eleven of 5 U.S.C. 6103(a): New Year's Day (1 January), Birthday of Martin
//   Luther King, Jr. (third Monday of January), Washington's Birthday (third Monday of February),
//   Memorial Day (last Monday of May), Juneteenth National Independence Day (19 June, from 2021),
//   Independence Day (4 July), Labor Day (first Monday of September), Columbus Day (second Monday of
//   October), Veterans Day (11 November), Thanksgiving Day (fourth Thursday of November) and
//   Christmas Day (25 December). Inauguration Day is a holiday only around Washington, D.C., and is
//   not counted out.
// - A holiday on a Saturday is observed the Friday before, one on a Sunday the Monday after
//   (5 U.S.C. 6103(b) and Executive Order 11582). So New Year's Day 2028, a Saturday, is observed
//   on Friday 31 December 2027.
// - The day of an event is the calendar date in US Eastern time (America/New_York), where the
//   College Sports Commission keeps its clock, not the UTC date: a payment at 02:00 UTC on a
//   Tuesday was made on Monday evening in New York.
// - "N business days after" a day: the day itself does not count; the Nth business day following
//   it is the deadline (an event on a Friday with 5 days: the following Friday, or later when a
//   holiday falls in between).

/** The time zone compliance days are counted in. */
export const COMPLIANCE_TIME_ZONE = 'America/New_York';

const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) as a UTC midnight timestamp, the unit of this module's arithmetic. */
const dayOf = (date: string): number => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const t = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return t;
};
const dateOf = (t: number): string => new Date(t).toISOString().slice(0, 10);
const weekdayOf = (t: number): number => new Date(t).getUTCDay();

/** The nth (1-based) given weekday of a month, or the last one with n = -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month - 1, 1);
    const offset = (weekday - weekdayOf(first) + 7) % 7;
    return first + (offset + (n - 1) * 7) * DAY_MS;
  }
  const last = Date.UTC(year, month, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7) * DAY_MS;
}

/** Saturday -> the Friday before, Sunday -> the Monday after. */
function observed(t: number): number {
  const day = weekdayOf(t);
  return day === 6 ? t - DAY_MS : day === 0 ? t + DAY_MS : t;
}

/** The federal holidays of a year, by name, with the date each is observed (which may fall in the
 * year before: New Year's Day on a Saturday). */
export function federalHolidays(year: number): { name: string; date: string; observed: string }[] {
  const MON = 1;
  const THU = 4;
  const fixed = (month: number, day: number) => Date.UTC(year, month - 1, day);
  const list: [string, number][] = [
    ["New Year's Day", fixed(1, 1)],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, MON, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, MON, 3)],
    ['Memorial Day', nthWeekday(year, 5, MON, -1)],
    ...(year >= 2021 ? [['Juneteenth National Independence Day', fixed(6, 19)] as [string, number]] : []),
    ['Independence Day', fixed(7, 4)],
    ['Labor Day', nthWeekday(year, 9, MON, 1)],
    ['Columbus Day', nthWeekday(year, 10, MON, 2)],
    ['Veterans Day', fixed(11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, THU, 4)],
    ['Christmas Day', fixed(12, 25)],
  ];
  return list.map(([name, t]) => ({ name, date: dateOf(t), observed: dateOf(observed(t)) }));
}

const observedCache = new Map<number, Set<string>>();
/** The observed holiday dates falling in a calendar year (next year's New Year's Day included when
 * it is observed on 31 December). */
function observedIn(year: number): Set<string> {
  let set = observedCache.get(year);
  if (!set) {
    set = new Set([...federalHolidays(year), ...federalHolidays(year + 1)].map((h) => h.observed).filter((d) => d.startsWith(`${year}-`)));
    observedCache.set(year, set);
  }
  return set;
}

/** Whether a calendar date is a business day (a weekday that is not an observed federal holiday). */
export function isBusinessDay(date: string): boolean {
  const t = dayOf(date);
  const day = weekdayOf(t);
  return day !== 0 && day !== 6 && !observedIn(new Date(t).getUTCFullYear()).has(date);
}

/** The calendar date of an instant in the compliance time zone (US Eastern); a calendar date
 * (YYYY-MM-DD) is already one and is kept. */
export function complianceDate(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return dateOf(dayOf(iso));
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) throw new RangeError(`Not an instant: ${iso}`);
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: COMPLIANCE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
}

/** The `days`-th business day after a calendar date (the date itself not counted). */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Not a number of days: ${days}`);
  let t = dayOf(date);
  let left = days;
  while (left > 0) {
    t += DAY_MS;
    if (isBusinessDay(dateOf(t))) left--;
  }
  return dateOf(t);
}

/** The deadline `days` business days after an instant, counted from its date in US Eastern time. */
export function businessDaysAfterInstant(iso: string, days: number): string {
  return addBusinessDays(complianceDate(iso), days);
}
