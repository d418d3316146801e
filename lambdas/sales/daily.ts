// The panels' short chart ranges (7 and 30 days), by UTC day: an athlete's counted sales from its
// sale lines (one Query of the athlete's partition over the range's order dates), a collective's
// sales and donations from its transaction feed (one Query of its feed over the range). The monthly
// figures stay the pre-aggregated months (sales-repo.ts, collective-repo.ts); a day is bucketed as
// the months are, by the order's (or donation's) UTC date. Each read takes at most DAILY_MAX_LINES
// lines, newest first: a busier range loses its oldest day(s), and the answer says so (`complete`).
import type { AthleteDailyResponse, CollectiveDailyResponse, CollectiveDay, DailySales } from '#shared/sales/sales-api';
import { DAILY_MAX_LINES } from '#shared/sales/sales-api';
import { athleteShareCents } from '#shared/platform/money';
import * as keys from '#lambdas/platform/keys';
import type { Item, Store } from '#lambdas/platform/store';

const DAY_MS = 86_400_000;

/** The range of `days` UTC days ending today: its first and last day, and its instants [start, end). */
export function dayRange(days: number, now: Date): { from: string; to: string; start: string; end: string } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const start = new Date(today - (days - 1) * DAY_MS).toISOString();
  const end = new Date(today + DAY_MS).toISOString();
  return { from: start.slice(0, 10), to: new Date(today).toISOString().slice(0, 10), start, end };
}

/** The lines read (newest first) and the first day they cover whole: all of the range, or, when the
 * read was cut, the day after the oldest line's (that day may be partly read). */
function cut(lines: Item[], dateOf: (line: Item) => string, from: string): { lines: Item[]; from: string; complete: boolean } {
  if (lines.length <= DAILY_MAX_LINES) return { lines, from, complete: true };
  const kept = lines.slice(0, DAILY_MAX_LINES);
  const partial = dateOf(kept[kept.length - 1]).slice(0, 10);
  const next = new Date(Date.parse(`${partial}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return { lines: kept.filter((line) => dateOf(line).slice(0, 10) >= next), from: next, complete: false };
}

/** A sale line counts in the figures when its order does (paid, not a test order; `counted`). */
const counts = (line: Item) => line.counted !== false;

export async function athleteDaily(store: Store, athleteId: number, days: number, now = new Date()): Promise<AthleteDailyResponse> {
  const range = dayRange(days, now);
  const read = await store.query(keys.athletePartition(athleteId), DAILY_MAX_LINES + 1, {
    from: keys.saleBound(range.start),
    below: keys.saleBound(range.end),
    descending: true,
  });
  const { lines, from, complete } = cut(read, (line) => String(line.createdAt), range.from);
  const byDay = new Map<string, DailySales>();
  for (const line of lines.filter(counts)) {
    const date = String(line.createdAt).slice(0, 10);
    const day = byDay.get(date) ?? { date, cardsSold: 0, revenueCents: 0 };
    day.cardsSold += Number(line.quantity ?? 0);
    day.revenueCents += Number(line.amountCents ?? 0);
    byDay.set(date, day);
  }
  const daysWithSales = [...byDay.values()].filter((d) => d.cardsSold !== 0 || d.revenueCents !== 0).sort((a, b) => a.date.localeCompare(b.date));
  return { athleteId, from, to: range.to, days: daysWithSales, complete };
}

export async function collectiveDaily(store: Store, collectiveId: number, days: number, now = new Date()): Promise<CollectiveDailyResponse> {
  const range = dayRange(days, now);
  const read = await store.queryIndex(keys.transactionsPartition(collectiveId), DAILY_MAX_LINES + 1, {
    from: keys.transactionBound(range.start),
    below: keys.transactionBound(range.end),
    descending: true,
  });
  const { lines, from, complete } = cut(read, (line) => String(line.GSI1SK), range.from);
  const byDay = new Map<string, CollectiveDay>();
  const dayOf = (date: string) => {
    const day = byDay.get(date) ?? { date, revenueCents: 0, athleteCents: 0, donationsCents: 0 };
    byDay.set(date, day);
    return day;
  };
  for (const line of lines) {
    const kind = keys.transactionOf(String(line.GSI1SK));
    const date = String(line.GSI1SK).slice(0, 10);
    if (kind === 'sale' && counts(line)) dayOf(date).revenueCents += Number(line.amountCents ?? 0);
    else if (kind === 'donation') dayOf(date).donationsCents += Number(line.amountCents ?? 0) - Number(line.refundedCents ?? 0);
  }
  const collectiveDays = [...byDay.values()]
    .map((day) => ({ ...day, athleteCents: athleteShareCents(day.revenueCents) }))
    .filter((d) => d.revenueCents !== 0 || d.donationsCents !== 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  return { collectiveId, from, to: range.to, days: collectiveDays, complete };
}
