// Payout and statement shapes and rules the API and the web app share (lambdas/money/payouts.handler.ts
// answers and checks them; the athlete panel shows and pre-checks them).
import type { LedgerEntry } from './ledger';
import type { NilGoView, TaxFormLine } from './compliance-api';
import type { DisclosureClock } from './state-rules';

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
  /** Credits: donations allocated (before activations) and confirmed activations; of them, activations. */
  creditsCents: number;
  activationsCents: number;
  payoutsCents: number;
  closingBalanceCents: number;
  entries: LedgerEntry[];
  /** Set when the period holds more entries than one page: ask again with `after`. */
  nextAfter: string | null;
}

/** A statement's line: its ledger entry (`at` is when it was recorded: the settlement date) with
 * the order it records, for sales and their reversals (lambdas/money/statement-lines.ts). */
export interface StatementLine extends LedgerEntry {
  /** When the order was placed (UTC ISO); null for allocations and payouts. */
  orderDate: string | null;
  /** The cards of the athlete's part of the order, by name. */
  cards: string[];
}

/** The lines a statement page shows by default, and at most (`limit`). */
export const STATEMENT_PAGE_LINES = 25;
export const STATEMENT_MAX_PAGE_LINES = 200;
/** The CSV covers the whole period, up to this many lines (a longer one: a shorter period, 413). */
export const STATEMENT_CSV_MAX_LINES = 10_000;

/** GET /api/athletes/{id}/statement: the statement, a page of its lines, and whose it is. */
export interface StatementResponse extends Omit<Statement, 'entries'> {
  athlete: { id: number; name: string; school: string };
  entries: StatementLine[];
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

/**
 * Where a payout stands. By hand (the CSV rail: the collective pays from its own bank): pending ->
 * sent -> paid. Through Stripe ("Pay now", shared/payments/payout-line.ts): awaiting_account (the
 * athlete has no payouts-enabled linked account yet), sending (the transfer and the payout are being
 * made), in_transit (the payout is on its way to the bank), paid, or failed (Stripe's reason; the
 * amount is back in the athlete's balance and can be retried).
 */
export type PayoutLineStatus = 'pending' | 'sent' | 'paid' | 'awaiting_account' | 'sending' | 'in_transit' | 'failed';

/** A payout of one athlete in a batch (lambdas/money/payouts.ts). A Stripe payout also carries its
 * attempt, transfer and payout ids and its failure; sentDate/sentReference are then the transfer's
 * day and id, paidDate/paidReference the payout's. */
export interface PayoutLineView {
  batchId: string;
  athleteId: number;
  amountCents: number;
  status: PayoutLineStatus;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  sentDate: string | null;
  sentReference: string | null;
  paidDate: string | null;
  paidReference: string | null;
  /** Stripe: the attempt (1, 2, ... each retry of a failed payout is a new one; 0 or absent: none). */
  attempt?: number;
  transferId?: string | null;
  payoutId?: string | null;
  /** Stripe: the payout's expected arrival day (YYYY-MM-DD) while in transit. */
  expectedArrival?: string | null;
  /** Stripe's reason of the last failure (failure_code and failure_message, or the refused request's error). */
  failure?: { code: string; message: string } | null;
  /** When the status last changed. */
  updatedAt?: string | null;
  /** Stripe: the part of the transfer an operator took back in Stripe ("reversed in part"): back in
   * the athlete's balance and off the year's paid total; absent or 0 when none. */
  reversedCents?: number;
  /** A line awaiting the athlete's payout account, on the athlete's own answer: when it is sent once
   * the account can take payouts: at once (the collective's setting payWhenLinked) or with the
   * collective's next Pay now. */
  whenLinked?: 'at_once' | 'next_payout';
}

/** An athlete's payouts in three figures (lambdas/money/payouts.ts `payoutFigures`, the one place
 * they are added up): paid (what reached the athlete: paid lines, less any part reversed), sent (on
 * its way: sending, in transit through Stripe, or sent by hand and not yet marked paid) and
 * awaiting a payout account (held for the athlete until they link one). Pending and failed lines
 * are in none of them. */
export interface PayoutFigures {
  paidOutCents: number;
  sentCents: number;
  awaitingCents: number;
}

/** A Stripe connected account as Drift keeps it: the id and Stripe's status flags, never bank or tax
 * numbers (lambdas/payments/connect-accounts.ts writes it; the Payouts sections show it). */
export interface PayoutAccountView {
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Stripe's requirements.currently_due (what Stripe still needs) and disabled_reason. */
  currentlyDue: string[];
  disabledReason: string | null;
  /** When details were first submitted (the W-9 is collected by Stripe's onboarding). */
  detailsSubmittedAt: string | null;
  linkedAt: string;
  /** Who linked it and last changed it (a user's id, or `stripe:<event id>`): the owner's own view only. */
  linkedBy?: string;
  updatedAt: string;
  updatedBy?: string;
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
  /** Who holds the W-9: Stripe (the athlete's linked account, details submitted) or the collective (recorded by hand). */
  w9Source?: 'stripe' | 'collective' | null;
  /** The lowest threshold of the year's forms, and whether any form must be filed (taxForms has each). */
  form1099ThresholdCents: number;
  form1099Required: boolean;
  /** The year's payments by form and box (issue 23: card royalties on 1099-MISC box 2, allocated donations as the collective sets). */
  taxForms?: TaxFormLine[];
  /** NIL Go's most urgent record (over the eligibility period, not this year): reached, deadline, reported. */
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
  members: Array<{
    athleteId: number;
    balanceCents: number;
    payableCents: number;
    /** All time: paid, sent and awaiting an account (the athlete's Payouts tab shows the same). */
    payouts: PayoutFigures;
    year: YearStatusView;
    lastPayout: PayoutLineView | null;
    /** The athlete's linked Stripe account (null: none yet). */
    payoutAccount?: PayoutAccountView | null;
    /** The member's NIL Go records (issue 23). */
    nilGo?: NilGoView;
  }>;
  batches: PayoutBatchView[];
}

/** GET /api/athletes/{id}/payouts */
export interface AthletePayoutsResponse extends PayoutFigures {
  athleteId: number;
  balanceCents: number;
  earnedCents: number;
  year: YearStatusView;
  payouts: PayoutLineView[];
  nextPayout: PayoutLineView | null;
  /** The athlete's linked Stripe account (null: none yet). */
  payoutAccount?: PayoutAccountView | null;
  /** The athlete's NIL Go records (issue 23). */
  nilGo?: NilGoView;
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
  /** NIL Go's records over the athlete's eligibility period (issue 23): parties, value, rate,
   * obligations, dates and the payments that are the record's documents. */
  nilGo?: NilGoView;
  /** The school's state and its rule, and every clock that applies (the state's per card licence or
   * first payment, NIL Go's per record), each with its due date (issue 23). */
  state?: { code: string; name: string } | null;
  stateRule?: { name: string; to: string; source: string };
  clocks?: DisclosureClock[];
}

/** How an athlete's payment goes when the batch is paid: through Stripe (Pay now), waiting for the
 * athlete's payout account (Pay now holds it), or by hand from the collective's bank (the CSV rail:
 * the collective has not linked Stripe). */
export type PreviewRail = 'stripe' | 'awaiting_account' | 'by_hand';

/** Why part of what a member is owed is not in a payment through a day, and when it will be. */
export type NotPayableReason =
  /** Refunds after the last payout: later earnings make it up first (no day can be given). */
  | 'negative_balance'
  /** Earned after the day chosen: in a payment through a later day (from the day after). */
  | 'after_date';

/** GET /api/collectives/{id}/payouts/preview?through=YYYY-MM-DD: what "Pay everything owed through
 * {date}" pays each member (a batch of `period`, created now), what is owed but not in it and when
 * it is available, and what earlier batches are still paying (lambdas/money/payout-preview.ts). */
export interface PayoutPreview {
  collectiveId: number;
  /** The last day paid for (YYYY-MM-DD, UTC): today by default. */
  through: string;
  /** The batch period it creates (its end, exclusive, is the day after `through`). */
  period: { periodStart: string; periodEnd: string };
  /** Whether the collective's Stripe account can pay (Pay now), else every payment is by hand. */
  stripeReady: boolean;
  lines: Array<{ athleteId: number; amountCents: number; rail: PreviewRail }>;
  totalCents: number;
  notPayable: Array<{ athleteId: number; amountCents: number; reason: NotPayableReason; availableOn: string | null }>;
  /** Payments of earlier batches not paid yet (pending, sent, sending, in transit, awaiting an account). */
  inFlight: Array<{ athleteId: number; batchId: string; amountCents: number; status: PayoutLineStatus; availableOn: string | null }>;
}
