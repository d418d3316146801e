// The athletes' earnings ledger: every change of an athlete's counted revenue is an immutable
// entry (gross, the athlete's 97%, the platform's 3%), written exactly once by the same step of
// ingestion that changes the figures. Reversals (refunds, cancellations, deletions) are entries
// with negative amounts; nothing is ever edited.
//
// Rounding rule: shares are rounded on the running total, not per entry. An entry's athlete share
// is share(cumulative gross after) - share(cumulative gross before), where share() is 97% rounded
// half up to the cent (shared/money.ts). So the shares of any run of consecutive entries (a period,
// a payout batch, all time) sum exactly to share(end) - share(start): all time, an athlete's
// shares are exactly 97% of net counted sales rounded once; a period differs from 97% of its own
// net by at most one cent, and that cent is never lost or paid twice (it carries to the next).
import { athleteShareCents } from './money';

export type LedgerKind = 'sale' | 'refund' | 'cancellation' | 'deletion' | 'adjustment';

export interface LedgerEntry {
  athleteId: number;
  /** 1, 2, 3, ... per athlete, without gaps. */
  seq: number;
  /** When the entry was recorded (UTC, non-decreasing per athlete). */
  at: string;
  kind: LedgerKind;
  orderId: string;
  orderName: string;
  /** The order version that produced the entry (with orderId: its idempotency key). */
  orderVersion: number;
  grossCents: number;
  athleteShareCents: number;
  platformShareCents: number;
  /** The athlete's counted gross after this entry. */
  cumulativeGrossCents: number;
  collectiveId: number | null;
}

/** The athlete's and the platform's part of a change of the running gross from `before` to `after`. */
export function splitChange(before: number, after: number): { athleteShareCents: number; platformShareCents: number } {
  const athlete = athleteShareCents(after) - athleteShareCents(before);
  return { athleteShareCents: athlete, platformShareCents: after - before - athlete };
}
