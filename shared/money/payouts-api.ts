// Payout and statement shapes and rules the API and the web app share (lambdas/money/payouts.handler.ts
// answers and checks them; the athlete panel shows and pre-checks them).
import type { LedgerEntry } from './ledger';

/** The last day (YYYY-MM-DD, UTC) a payout period with this exclusive end covers: the day before
 * an end at midnight (Monday to Monday is through Sunday), else the end's own day. */
export function lastDayOf(periodEnd: string): string {
  return new Date(Date.parse(periodEnd) - 1).toISOString().slice(0, 10);
}

/** A payout period as people read it: its first and last days ('2026-11-16 through 2026-11-22'). */
export const periodLabel = (periodStart: string, periodEnd: string): string => `${periodStart.slice(0, 10)} through ${lastDayOf(periodEnd)}`;

/** A statement for [from, to): opening and closing balances, the period's figures and its ledger
 * entries a page at a time (lambdas/money/payouts.ts `statement`). */
export interface Statement {
  athleteId: number;
  from: string;
  to: string;
  openingBalanceCents: number;
  earningsCents: number;
  reversalsCents: number;
  creditsCents: number;
  payoutsCents: number;
  closingBalanceCents: number;
  entries: LedgerEntry[];
  /** Set when the period holds more entries than one page: ask again with `after`. */
  nextAfter: string | null;
}

/** GET /api/athletes/{id}/statement: the statement and whose it is. */
export interface StatementResponse extends Statement {
  athlete: { id: number; name: string; school: string };
}

/** POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}: a payout marked sent or paid. */
export interface MarkPayoutRequest {
  status: 'sent' | 'paid';
  /** The day the money was sent or received (YYYY-MM-DD). */
  date: string;
  /** The ACH trace, transfer id or cheque number. */
  reference: string;
}

/** POST /api/athletes/{id}/disclosure/{year}/reported. */
export interface ReportedRequest {
  date: string;
  reference: string;
}

/** The day a disclosure was reported: a real YYYY-MM-DD date, not after `today` (YYYY-MM-DD, UTC);
 * the reference: 1 to 100 printable ASCII characters (NIL Go's or the school's). */
export function reportedErrors(body: { date?: unknown; reference?: unknown }, today: string): Partial<Record<keyof ReportedRequest, string>> {
  const errors: Partial<Record<keyof ReportedRequest, string>> = {};
  const date = typeof body.date === 'string' ? body.date.trim() : '';
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00.000Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date || date > today)
    errors.date = 'must be the day it was reported (YYYY-MM-DD, not in the future)';
  const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
  if (!/^[\x20-\x7e]{1,100}$/.test(reference)) errors.reference = 'is required: the NIL Go or school reference (at most 100 characters)';
  return errors;
}

/** A payout of one athlete in a batch (lambdas/money/payouts.ts). */
export interface PayoutLineView {
  batchId: string;
  athleteId: number;
  amountCents: number;
  status: 'pending' | 'sent' | 'paid';
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  sentDate: string | null;
  sentReference: string | null;
  paidDate: string | null;
  paidReference: string | null;
}

export interface PayoutBatchView {
  batchId: string;
  collectiveId: number;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  createdBy: string;
  status: 'creating' | 'created';
  totalCents: number;
  lineCount: number;
  lines?: PayoutLineView[];
}

/** An athlete's year: NIL disclosure and tax status. */
export interface YearStatusView {
  year: number;
  earnedCents: number;
  paidCents: number;
  w9OnFile: boolean;
  w9Date: string | null;
  form1099ThresholdCents: number;
  form1099Required: boolean;
  nil: { thresholdCents: number; crossedAt: string | null; deadline: string | null; reportedDate: string | null; reference: string | null };
}

/** GET /api/collectives/{id}/payouts */
export interface CollectivePayoutsResponse {
  collectiveId: number;
  year: number;
  /** The default batch period: from the day the latest batch ended through today (its end,
   * exclusive, is tomorrow 00:00 UTC), so it pays everything owed now; `payableCents` is what a
   * batch created now with it pays each member. */
  defaultPeriod: { periodStart: string; periodEnd: string };
  members: Array<{ athleteId: number; balanceCents: number; payableCents: number; year: YearStatusView; lastPayout: PayoutLineView | null }>;
  batches: PayoutBatchView[];
}

/** GET /api/athletes/{id}/payouts */
export interface AthletePayoutsResponse {
  athleteId: number;
  balanceCents: number;
  earnedCents: number;
  paidOutCents: number;
  year: YearStatusView;
  payouts: PayoutLineView[];
  nextPayout: PayoutLineView | null;
}

/** GET /api/athletes/{id}/disclosure?year= : the NIL disclosure record of a year. */
export interface DisclosureRecord {
  athlete: { id: number; name: string; school: string; sport: string };
  payor: { name: string; contact: string | null };
  year: number;
  services: string;
  compensation: string;
  term: string;
  earnedCents: number;
  paidCents: number;
  payments: Array<{ date: string; amountCents: number; reference: string | null }>;
  thresholdCents: number;
  crossedAt: string | null;
  deadline: string | null;
  reportedDate: string | null;
  reference: string | null;
}
