// The state machine of one payout line (one athlete's payout in a batch), for both rails: by hand
// (the CSV rail: the collective pays from its own bank and marks it sent, then paid) and through
// Stripe ("Pay now": a transfer from the platform balance to the athlete's connected account, then a
// payout of it to the athlete's bank). Pure: lambdas/payments/payout-rail.ts applies `next()` under
// the line's version and writes what a step says (the ledger entry, the year's paid total) in the
// same transaction; the screens draw their buttons from `actions()`.
//
//   pending ──pay──► sending ──payout made──► in_transit ──payout paid──► paid
//      │  └─pay, no account─► awaiting_account ──pay (linked)──► sending
//      │                                         ▲
//      └─mark sent─► sent ─mark paid─► paid      │ retry (takes the amount from the balance again)
//   sending / in_transit ──refused, payout failed or canceled, transfer reversed──► failed
//   paid (Stripe) ──transfer reversed──► failed
//   sending / in_transit / paid ──transfer reversed in part──► the same status, "reversed in part"
//
// A line holds its amount out of the athlete's balance (the batch took it with a payout ledger
// entry) in every state but `failed`: entering `failed` returns it (a reversing payout entry),
// leaving it takes it again. Paying (by hand or by Stripe) adds the amount to the year's paid total
// (1099-NEC); a paid Stripe payout whose transfer is reversed takes it off again.
// A transfer reversed in part (an operator in Stripe takes back some of it) leaves the status as it
// is and returns exactly the part reversed: the line records the cumulative amount reversed
// (`reversedCents`, from the transfer's `amount_reversed`), and each step returns only what that
// amount grew by, so replays and reordered events return it once. Everything a line moves later
// (its payment, a full reversal, a failure) is its amount less what was already reversed.
import type { PayoutLineStatus } from '../money/payouts-api';

export type LineEvent =
  /** Pay now or Retry: `payable` when the athlete has a linked account with payouts enabled. */
  | { kind: 'pay'; payable: boolean }
  /** Stripe refused to make the transfer (nothing moved): e.g. balance_insufficient. */
  | { kind: 'transfer_refused'; code: string; message: string }
  /** Stripe refused the payout; the transfer was reversed first (the money is back on the platform). */
  | { kind: 'payout_refused'; code: string; message: string }
  /** The payout exists on the athlete's account (pending or in transit). */
  | { kind: 'payout_in_transit' }
  | { kind: 'payout_paid' }
  /** The payout failed or was canceled; the transfer was reversed first. */
  | { kind: 'payout_failed'; code: string; message: string }
  /** The transfer was reversed in full (by Drift after a failure, or by an operator in Stripe). */
  | { kind: 'transfer_reversed' }
  /** The transfer was reversed in part: `reversedCents` in all so far (the transfer's amount_reversed, below its amount). */
  | { kind: 'transfer_reversed_in_part'; reversedCents: number }
  /** The CSV rail. */
  | { kind: 'mark_sent' }
  | { kind: 'mark_paid' };

export type LineEventKind = LineEvent['kind'];

/** What one transition does besides changing the status. */
export interface Step {
  to: PayoutLineStatus;
  /** A new Stripe attempt starts (its transfer and payout get new idempotency keys). */
  newAttempt: boolean;
  /** The line's amount: back to the athlete's balance ('return', a negative payout entry) or taken from it again ('take'). */
  ledger: 'return' | 'take' | null;
  /** The year's paid total: +1 (paid), -1 (a paid payout reversed), 0. */
  paid: 1 | -1 | 0;
  /** A reversal in part: the ledger and the paid total move by what the amount reversed grew by,
   * not by the line's amount (payout-line-store.ts computes it against the line). */
  part?: true;
}

const step = (to: PayoutLineStatus, more: Partial<Omit<Step, 'to'>> = {}): Step => ({ to, newAttempt: false, ledger: null, paid: 0, ...more });
const failed = (from: 'held' | 'paid'): Step => step('failed', { ledger: 'return', paid: from === 'paid' ? -1 : 0 });
const inPart = (status: 'sending' | 'in_transit' | 'paid'): Step => step(status, { ledger: 'return', paid: status === 'paid' ? -1 : 0, part: true });

type Table = { [S in PayoutLineStatus]: Partial<Record<LineEventKind, (event: LineEvent) => Step | null>> };

/** The transition table: a missing entry is a refusal; an entry answering null changes nothing (a
 * repeat: already there). */
export const TRANSITIONS: Table = {
  pending: {
    pay: (e) => (e.kind === 'pay' && e.payable ? step('sending', { newAttempt: true }) : step('awaiting_account')),
    mark_sent: () => step('sent'),
    mark_paid: () => step('paid', { paid: 1 }),
  },
  awaiting_account: {
    pay: (e) => (e.kind === 'pay' && e.payable ? step('sending', { newAttempt: true }) : null),
    mark_sent: () => step('sent'),
    mark_paid: () => step('paid', { paid: 1 }),
  },
  sent: {
    mark_paid: () => step('paid', { paid: 1 }),
  },
  sending: {
    // Pay now again while an attempt is under way resumes it (the same attempt, the same keys).
    pay: () => null,
    transfer_refused: () => failed('held'),
    payout_refused: () => failed('held'),
    payout_in_transit: () => step('in_transit'),
    payout_paid: () => step('paid', { paid: 1 }),
    payout_failed: () => failed('held'),
    transfer_reversed: () => failed('held'),
    transfer_reversed_in_part: () => inPart('sending'),
  },
  in_transit: {
    pay: () => null,
    payout_in_transit: () => null,
    payout_paid: () => step('paid', { paid: 1 }),
    payout_failed: () => failed('held'),
    transfer_reversed: () => failed('held'),
    transfer_reversed_in_part: () => inPart('in_transit'),
  },
  paid: {
    pay: () => null,
    payout_in_transit: () => null,
    payout_paid: () => null,
    // A paid payout's transfer reversed afterwards (an operator in Stripe): the money is back on the platform.
    transfer_reversed: () => failed('paid'),
    // Part of it taken back in Stripe: still paid, the part reversed back in the balance and off the year's paid total.
    transfer_reversed_in_part: () => inPart('paid'),
  },
  failed: {
    pay: (e) => (e.kind === 'pay' && e.payable ? step('sending', { newAttempt: true, ledger: 'take' }) : step('awaiting_account', { ledger: 'take' })),
    transfer_refused: () => null,
    payout_refused: () => null,
    payout_failed: () => null,
    transfer_reversed: () => null,
    transfer_reversed_in_part: () => null,
  },
};

/** Why an event does not apply to a status (the API answers 409 with it). */
const REFUSALS: Partial<Record<PayoutLineStatus, string>> = {
  sent: 'this payout was marked sent by hand: mark it paid when the money arrives',
  paid: 'this payout is paid',
  sending: 'this payout is being sent through Stripe',
  in_transit: 'this payout is on its way to the bank through Stripe',
  failed: 'this payout failed and its amount is back in the balance: retry it',
  pending: 'this payout has not been sent yet',
  awaiting_account: 'this payout waits for the athlete to link a payout account',
};

export class LineRefusal extends Error {
  constructor(
    readonly status: PayoutLineStatus,
    readonly event: LineEventKind,
  ) {
    super(`Not possible: ${REFUSALS[status] ?? status}`);
    this.name = 'LineRefusal';
  }
}

/** The step an event makes from a status: null when it changes nothing (a repeat), LineRefusal when it does not apply. */
export function next(status: PayoutLineStatus, event: LineEvent): Step | null {
  const rule = TRANSITIONS[status]?.[event.kind];
  if (!rule) throw new LineRefusal(status, event.kind);
  return rule(event);
}

/** Whether an event applies to a status (it may still change nothing). */
export const can = (status: PayoutLineStatus, kind: LineEventKind): boolean => Boolean(TRANSITIONS[status]?.[kind]);

/** What a line still counts: its amount less the part of its transfer reversed in part. */
export const netCents = (line: { amountCents: number; reversedCents?: number | null }): number => line.amountCents - (line.reversedCents ?? 0);

/** How a line reads in people's words: its status, and "reversed in part" when part of a paid (or
 * moving) line's transfer was taken back. */
export const lineLabel = (line: { status: PayoutLineStatus; reversedCents?: number | null }): string =>
  (line.reversedCents ?? 0) > 0 ? `${LINE_STATUS_LABEL[line.status]}, reversed in part` : LINE_STATUS_LABEL[line.status];

/** Whether the line's amount is out of the athlete's balance (taken by its batch, not returned). */
export const holdsAmount = (status: PayoutLineStatus): boolean => status !== 'failed';

/** Statuses of the Stripe rail (a line there is not marked by hand). */
export const STRIPE_STATUSES: readonly PayoutLineStatus[] = ['awaiting_account', 'sending', 'in_transit', 'failed'];

/** What the collective may do with a line now: Pay now covers pending, awaiting and unfinished lines;
 * Retry a failed or awaiting one; marking by hand only before Stripe took it on. */
export function actions(status: PayoutLineStatus): Array<'pay' | 'retry' | 'mark_sent' | 'mark_paid'> {
  const out: Array<'pay' | 'retry' | 'mark_sent' | 'mark_paid'> = [];
  if (status === 'pending' || status === 'sending') out.push('pay');
  if (status === 'failed' || status === 'awaiting_account') out.push('retry');
  if (can(status, 'mark_sent')) out.push('mark_sent');
  if (can(status, 'mark_paid') && status !== 'paid') out.push('mark_paid');
  return out;
}

/** The status in people's words (both panels). */
export const LINE_STATUS_LABEL: Record<PayoutLineStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  paid: 'Paid',
  awaiting_account: 'Awaiting payout account',
  sending: 'Sending',
  in_transit: 'In transit',
  failed: 'Failed',
};
