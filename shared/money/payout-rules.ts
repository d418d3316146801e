// The payout rules that need no storage: payout periods (what a batch may cover and pays up to)
// and what the payout requests must satisfy beyond their parsing (a statement's range, a batch's
// period, a payout marked sent or paid, a W-9 record, allocations). lambdas/money/payouts.ts and
// its handler apply them; each answers the field errors the API returns (400).

// ---- payout periods ----------------------------------------------------------------------------
// A period's end is exclusive, and a period may run through today: its end may be the start of
// tomorrow (UTC) at the latest. A batch pays what was earned before its period's end or before the
// moment it is created, whichever comes first: a period that has not ended yet pays everything
// earned so far, and what is earned later in it stays owed for the next batch (which may name the
// same period). So a balance shown as owed is payable at once, with the default period.

const DAY_MS = 86_400_000;
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** A batch's period and a statement's range span at most this (a year, leap day included). */
const MAX_SPAN_MS = 366 * DAY_MS;

/** The latest end a period may have at `now`: the start of tomorrow (UTC), a period "through today". */
export function latestPeriodEnd(now: Date): string {
  return new Date(startOfDay(now.getTime()) + DAY_MS).toISOString();
}

/** What a batch of the period ending at `periodEnd`, created at `createdAt`, pays up to (exclusive). */
export const payableUntil = (periodEnd: string, createdAt: string): string => (periodEnd < createdAt ? periodEnd : createdAt);

/**
 * The default period of a collective's next batch: from the day its latest batch ended (the last
 * 30 days when it has none) through today, so it pays everything owed now. At most a year long.
 */
export function defaultPeriod(now: Date, latestBatchEnd: string | null): { periodStart: string; periodEnd: string } {
  const today = startOfDay(now.getTime());
  const end = today + DAY_MS;
  const from = latestBatchEnd ? startOfDay(Date.parse(latestBatchEnd)) : today - 30 * DAY_MS;
  const start = Math.max(Math.min(from, today), end - 366 * DAY_MS);
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(end).toISOString() };
}

/** The latest end of a collective's batches (null without any): where its default period starts. */
export const latestBatchEnd = (batches: ReadonlyArray<{ periodEnd: string }>): string | null =>
  batches.reduce<string | null>((latest, b) => (latest && latest > b.periodEnd ? latest : b.periodEnd), null);

// ---- requests ------------------------------------------------------------------------------------

type FieldErrors = Record<string, string>;

/** A statement's range [from, to) (ISO instants, null: not a date): to after from, at most a year. */
export function statementRangeErrors(from: string | null, to: string | null): FieldErrors {
  const fields: FieldErrors = {};
  if (!from) fields.from = 'must be a date (YYYY-MM-DD)';
  if (!to) fields.to = 'must be a date (YYYY-MM-DD)';
  if (from && to && (to <= from || Date.parse(to) - Date.parse(from) > MAX_SPAN_MS)) fields.to = 'must be after from, at most a year later';
  return fields;
}

/** A new batch's period (ISO instants, null: not a date): after its start, at most a year, through
 * today at the latest (`now`). */
export function batchPeriodErrors(periodStart: string | null, periodEnd: string | null, now: Date): FieldErrors {
  const fields: FieldErrors = {};
  if (!periodStart) fields.periodStart = 'must be a date (YYYY-MM-DD)';
  if (!periodEnd) fields.periodEnd = 'must be a date (YYYY-MM-DD)';
  if (periodStart && periodEnd && periodEnd <= periodStart) fields.periodEnd = 'must be after the start';
  if (periodStart && periodEnd && Date.parse(periodEnd) - Date.parse(periodStart) > MAX_SPAN_MS) fields.periodEnd = 'a period spans at most a year';
  if (periodEnd && periodEnd > latestPeriodEnd(now))
    fields.periodEnd = 'must not be in the future: a period may run through today (its end, exclusive, is tomorrow at the latest)';
  return fields;
}

/** A payout marked sent or paid: its status, the day (YYYY-MM-DD, null: not a day) not after
 * `today`, and the reference of the transfer. */
export function markErrors(status: 'sent' | 'paid' | null, date: string | null, reference: string, today: string): FieldErrors {
  const fields: FieldErrors = {};
  if (!status) fields.status = "must be 'sent' or 'paid'";
  if (!date) fields.date = 'must be a day (YYYY-MM-DD)';
  else if (date > today) fields.date = 'must not be in the future';
  if (!/^[\x20-\x7e]{1,100}$/.test(reference)) fields.reference = 'is required: the ACH trace, transfer id or cheque number (at most 100 characters)';
  return fields;
}

/** A W-9 record: the day it was received when it is on file, and never a taxpayer id (the first
 * problem, or null). */
export function w9Error(onFile: boolean, date: string | null, body: Record<string, unknown>): FieldErrors | null {
  if (onFile && !date) return { date: 'must be the day the W-9 was received (YYYY-MM-DD)' };
  if ('taxpayerId' in body || 'tin' in body || 'ssn' in body) return { taxpayerId: 'is never stored here: keep the W-9 itself in your own records' };
  return null;
}
