// The athletes' earnings ledger: an account per athlete. Every change is an immutable entry,
// written exactly once under the athlete's lock (the version of its total item) together with
// what caused it:
// - sale, refund, cancellation, deletion: a change of the athlete's counted revenue (gross), split
//   into the athlete's 97% and the platform's 3% (ingestion's settle step);
// - allocation: a donation the collective allocated to the athlete (all of it is the athlete's);
//   written only before activations replaced it (docs/decisions/0027-activations.md): the entries
//   stay in the books and replay as before, nothing writes new ones;
// - activation: a deliverable the athlete confirmed (docs/decisions/0027), credited once per
//   activation; it is a credit like an allocation (`creditCents`), and `activationCents` says which
//   part of the credits are activations (services income, 1099-NEC);
// - payout: an amount a payout batch takes from the balance (the collective pays it out); the part
//   of it that pays credits (allocated donations, then activations) rather than card royalties is
//   recorded with it (`payoutCreditCents`, credits first: docs/decisions/0015-tax-forms-by-payment-type.md;
//   of it, activations: `payoutActivationCents`), so the year's totals by tax form follow the money.
// Nothing is ever edited; reversals are entries with negative amounts. Every entry carries the
// running totals after it, so a statement or a year's totals read two boundary entries, not the
// entries in between.
//
// Rounding rule: shares are rounded on the running gross, not per entry. An entry's athlete share
// is share(cumulative gross after) - share(cumulative gross before), where share() is 97% rounded
// half up to the cent (shared/platform/money.ts). So the shares of any run of consecutive entries (a
// period, a payout batch, all time) sum exactly to share(end) - share(start): all time, an
// athlete's shares are exactly 97% of net counted sales rounded once; a period differs from 97% of
// its own net by at most one cent, and that cent is never lost or paid twice (it carries over).
import { athleteShareCents } from '../platform/money';

export type LedgerKind = 'sale' | 'refund' | 'cancellation' | 'deletion' | 'allocation' | 'activation' | 'payout';

/** The head of an athlete's ledger (kept on the athlete's total item). */
export interface LedgerHead {
  /** Entries so far (1, 2, 3, ... without gaps). */
  seq: number;
  /** When the last entry was recorded (UTC; entries never go back in time). */
  at: string | null;
  /** The athlete's counted gross (its net sales revenue). */
  grossCents: number;
  /** Sum of positive sale shares, and of the (absolute) negative ones. */
  salesCents: number;
  reversalsCents: number;
  /** Credits: donations allocated to the athlete (before activations) and confirmed activations. */
  creditsCents: number;
  /** Of creditsCents, confirmed activations. */
  activationsCents: number;
  /** What payout batches have taken for payment. */
  payoutsCents: number;
  /** The part of payoutsCents that pays credits (the rest pays card royalties). */
  payoutCreditsCents: number;
  /** Of payoutCreditsCents, the part that pays activations (the rest pays allocated donations). */
  payoutActivationsCents: number;
  /** Net earnings (sale shares + allocations) per calendar year (UTC), shown with the year's tax status. */
  earnedByYear: Record<string, number>;
}

export const emptyLedgerHead = (): LedgerHead => ({
  seq: 0,
  at: null,
  grossCents: 0,
  salesCents: 0,
  reversalsCents: 0,
  creditsCents: 0,
  activationsCents: 0,
  payoutsCents: 0,
  payoutCreditsCents: 0,
  payoutActivationsCents: 0,
  earnedByYear: {},
});

export const balanceOf = (h: Pick<LedgerHead, 'salesCents' | 'reversalsCents' | 'creditsCents' | 'payoutsCents'>): number =>
  h.salesCents - h.reversalsCents + h.creditsCents - h.payoutsCents;

export interface LedgerEntry {
  athleteId: number;
  seq: number;
  at: string;
  kind: LedgerKind;
  /** What caused it: the order (and its version), the donation or the payout batch. */
  orderId?: string;
  orderName?: string;
  orderVersion?: number;
  donationId?: string;
  activationId?: string;
  batchId?: string;
  collectiveId: number | null;
  /** Change of counted gross (sales only), and its split. */
  grossCents: number;
  athleteShareCents: number;
  platformShareCents: number;
  /** Allocation credited (allocations only) and payout taken (payouts only). */
  creditCents: number;
  payoutCents: number;
  /** Of payoutCents, the part that pays credits (payouts only; absent on entries written
   * before it was recorded, which count it 0). */
  payoutCreditCents?: number;
  /** Of creditCents, the activation credited (activations only); of payoutCreditCents, the part
   * paying activations (payouts written since activations). Absent: 0. */
  activationCents?: number;
  payoutActivationCents?: number;
  /** Running totals after this entry. */
  cumulativeGrossCents: number;
  salesAfterCents: number;
  reversalsAfterCents: number;
  creditsAfterCents: number;
  /** Of creditsAfterCents, activations (absent on entries written before activations: 0). */
  activationsAfterCents?: number;
  payoutsAfterCents: number;
  balanceAfterCents: number;
}

/** The athlete's and the platform's part of a change of the running gross from `before` to `after`. */
export function splitChange(before: number, after: number): { athleteShareCents: number; platformShareCents: number } {
  const athlete = athleteShareCents(after) - athleteShareCents(before);
  return { athleteShareCents: athlete, platformShareCents: after - before - athlete };
}

export type LedgerChange =
  | { kind: 'sale' | 'refund' | 'cancellation' | 'deletion'; grossDeltaCents: number; orderId: string; orderName: string; orderVersion: number }
  | { kind: 'allocation'; creditCents: number; donationId: string }
  | { kind: 'activation'; activationCents: number; activationId: string }
  /** `creditPartCents`: of payoutCents, the part paying credits, and of it `activationPartCents` the
   * part paying activations (a payout's return gives them negated). */
  | { kind: 'payout'; payoutCents: number; batchId: string; creditPartCents?: number; activationPartCents?: number };

/** Appends one entry to an athlete's ledger: the entry and the new head. `at` never goes back in
 * time (an entry recorded with a slower clock takes the previous entry's time). */
export function appendEntry(
  head: LedgerHead,
  change: LedgerChange,
  context: { athleteId: number; collectiveId: number | null; now: string },
): { entry: LedgerEntry; head: LedgerHead } {
  const at = head.at && head.at > context.now ? head.at : context.now;
  const year = at.slice(0, 4);
  const next: LedgerHead = { ...head, seq: head.seq + 1, at, earnedByYear: { ...head.earnedByYear } };
  let grossCents = 0;
  let split = { athleteShareCents: 0, platformShareCents: 0 };
  let creditCents = 0;
  let payoutCents = 0;
  let payoutCreditCents = 0;
  let activationCents = 0;
  let payoutActivationCents = 0;
  const cause: Partial<LedgerEntry> = {};
  if (change.kind === 'allocation') {
    creditCents = change.creditCents;
    next.creditsCents += creditCents;
    cause.donationId = change.donationId;
  } else if (change.kind === 'activation') {
    creditCents = activationCents = change.activationCents;
    next.creditsCents += creditCents;
    next.activationsCents += activationCents;
    cause.activationId = change.activationId;
  } else if (change.kind === 'payout') {
    payoutCents = change.payoutCents;
    payoutCreditCents = change.creditPartCents ?? 0;
    payoutActivationCents = change.activationPartCents ?? 0;
    next.payoutsCents += payoutCents;
    next.payoutCreditsCents += payoutCreditCents;
    next.payoutActivationsCents += payoutActivationCents;
    cause.batchId = change.batchId;
  } else {
    grossCents = change.grossDeltaCents;
    split = splitChange(head.grossCents, head.grossCents + grossCents);
    next.grossCents += grossCents;
    if (split.athleteShareCents >= 0) next.salesCents += split.athleteShareCents;
    else next.reversalsCents -= split.athleteShareCents;
    Object.assign(cause, { orderId: change.orderId, orderName: change.orderName, orderVersion: change.orderVersion });
  }
  const earned = split.athleteShareCents + creditCents;
  if (earned !== 0) next.earnedByYear[year] = (next.earnedByYear[year] ?? 0) + earned;
  const entry: LedgerEntry = {
    athleteId: context.athleteId,
    seq: next.seq,
    at,
    kind: change.kind,
    ...cause,
    collectiveId: context.collectiveId,
    grossCents,
    ...split,
    creditCents,
    payoutCents,
    ...(change.kind === 'payout' ? { payoutCreditCents } : {}),
    ...(change.kind === 'activation' ? { activationCents } : {}),
    ...(payoutActivationCents !== 0 ? { payoutActivationCents } : {}),
    cumulativeGrossCents: next.grossCents,
    salesAfterCents: next.salesCents,
    reversalsAfterCents: next.reversalsCents,
    creditsAfterCents: next.creditsCents,
    ...(next.activationsCents !== 0 ? { activationsAfterCents: next.activationsCents } : {}),
    payoutsAfterCents: next.payoutsCents,
    balanceAfterCents: balanceOf(next),
  };
  return { entry, head: next };
}

/** The change an entry records, as appendEntry takes it (a replay appends it again). */
function changeOf(e: LedgerEntry): LedgerChange {
  if (e.kind === 'allocation') return { kind: 'allocation', creditCents: e.creditCents, donationId: e.donationId ?? '' };
  if (e.kind === 'activation') return { kind: 'activation', activationCents: e.activationCents ?? 0, activationId: e.activationId ?? '' };
  if (e.kind === 'payout')
    return {
      kind: 'payout',
      payoutCents: e.payoutCents,
      batchId: e.batchId ?? '',
      creditPartCents: e.payoutCreditCents ?? 0,
      activationPartCents: e.payoutActivationCents ?? 0,
    };
  return { kind: e.kind, grossDeltaCents: e.grossCents, orderId: e.orderId ?? '', orderName: e.orderName ?? '', orderVersion: e.orderVersion ?? 0 };
}

/** Replays entries in sequence order and returns every way they break the ledger's rules (verify). */
export function checkEntries(entries: LedgerEntry[]): string[] {
  const problems: string[] = [];
  let head = emptyLedgerHead();
  [...entries]
    .sort((a, b) => a.seq - b.seq)
    .forEach((e, i) => {
      if (e.seq !== i + 1) problems.push(`entry ${i + 1} has sequence ${e.seq}`);
      const replay = appendEntry(head, changeOf(e), { athleteId: e.athleteId, collectiveId: e.collectiveId, now: e.at });
      const want = replay.entry;
      for (const field of [
        'athleteShareCents',
        'platformShareCents',
        'cumulativeGrossCents',
        'salesAfterCents',
        'reversalsAfterCents',
        'creditsAfterCents',
        'payoutsAfterCents',
        'balanceAfterCents',
      ] as const) {
        if (want[field] !== e[field]) problems.push(`entry ${e.seq}: ${field} is ${e[field]}, the rules give ${want[field]}`);
      }
      if ((want.activationsAfterCents ?? 0) !== (e.activationsAfterCents ?? 0))
        problems.push(`entry ${e.seq}: activationsAfterCents is ${e.activationsAfterCents ?? 0}, the rules give ${want.activationsAfterCents ?? 0}`);
      if (e.kind === 'activation' && e.creditCents !== (e.activationCents ?? 0))
        problems.push(`entry ${e.seq}: an activation credits ${e.creditCents}, its activation is ${e.activationCents ?? 0}`);
      if (head.at && e.at < head.at) problems.push(`entry ${e.seq} goes back in time`);
      const creditPart = e.payoutCreditCents ?? 0;
      if (e.kind === 'payout' && (Math.abs(creditPart) > Math.abs(e.payoutCents) || creditPart * e.payoutCents < 0))
        problems.push(`entry ${e.seq}: a payout of ${e.payoutCents} cannot pay ${creditPart} of credits`);
      const activationPart = e.payoutActivationCents ?? 0;
      if (e.kind === 'payout' && (Math.abs(activationPart) > Math.abs(creditPart) || activationPart * creditPart < 0))
        problems.push(`entry ${e.seq}: a payout paying ${creditPart} of credits cannot pay ${activationPart} of activations`);
      head = replay.head;
    });
  return problems;
}

/** Replays entries and returns the head they lead to (verify compares it with the stored head). */
export function headOf(entries: LedgerEntry[]): LedgerHead {
  let head = emptyLedgerHead();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    head = appendEntry(head, changeOf(e), { athleteId: e.athleteId, collectiveId: e.collectiveId, now: e.at }).head;
  }
  return head;
}
