// What a payout line provided to its athlete (issue 23): each time the line becomes paid, and each
// time a paid line is reversed, an entry is appended to the line (`provided`), in the same
// transaction as the status change (both rails: markPayout by hand, the Stripe rail's changeLine),
// under the line's version, so it is written exactly once. Each entry says when the money was
// provided (for NIL Go, shared/money/nil-go.ts), the tax year it counts in (a reversal counts in the
// year it was paid) and its split by payment type: the line's allocated-donation part and its
// activation part (decided when the batch took it: docs/decisions/0015, 0027) and the rest, card
// royalties. The year's totals move with it. A transfer reversed in part appends an entry of the
// part reversed (negative), in the year the line was paid.
import type { Provision } from '#shared/money/nil-go';
import type { Item } from '#lambdas/platform/store';

export interface ProvisionEntry {
  /** When it was provided: the day paid (YYYY-MM-DD, as recorded with the payment) or the reversal's instant. */
  at: string;
  /** The calendar year whose tax totals it counts in. */
  year: number;
  cents: number;
  royaltyCents: number;
  allocationCents: number;
  /** Paid for confirmed activations (services: docs/decisions/0027); absent on entries written before: 0. */
  activationCents?: number;
  reference: string | null;
  recordedAt: string;
}

/** A line's allocated-donation part (0 on lines written before it was recorded). */
export const allocationPartOf = (line: Item): number => Math.max(0, Math.min(Number(line.amountCents ?? 0), Number(line.allocationCents ?? 0)));

/** A line's activation part (0 on lines written before activations). */
export const activationPartOf = (line: Item): number =>
  Math.max(0, Math.min(Number(line.amountCents ?? 0) - allocationPartOf(line), Number(line.activationCents ?? 0)));

/** A line's credit part: what it pays of the ledger's credits (allocated donations and activations),
 * as its ledger entries record it (`payoutCreditCents`; of it `payoutActivationCents`). */
export const creditPartOf = (line: Item): number => allocationPartOf(line) + activationPartOf(line);

/** What a line's transfer reversed in part has taken back so far (`reversedCents`; 0 when none). */
export const reversedPartOf = (line: Item): number => Math.max(0, Math.min(Number(line.amountCents ?? 0), Number(line.reversedCents ?? 0)));

export interface ReturnedSplit {
  royaltyCents: number;
  activationCents: number;
  allocationCents: number;
}

/**
 * The split by payment type of `cents` of a line's amount taken back after `before` cents were
 * already taken back: card royalties first, then activations, allocated donations last (a batch
 * pays allocated donations first, then activations, then royalties: docs/decisions/0015, 0027, so
 * a reversal reaches them in the opposite order). The part of a line that stays paid after `r`
 * cents reversed is split(r, amount - r), so a payment, a reversal in part and a later full
 * reversal always add up to the line's own split.
 */
export function returnedSplit(line: Item, before: number, cents: number): ReturnedSplit {
  const allocation = allocationPartOf(line);
  const activation = activationPartOf(line);
  const royalty = Number(line.amountCents) - allocation - activation;
  const reached = (reversed: number) => ({
    royalty: Math.min(reversed, royalty),
    activation: Math.min(Math.max(0, reversed - royalty), activation),
    allocation: Math.max(0, reversed - royalty - activation),
  });
  const [from, to] = [reached(before), reached(before + cents)];
  return { royaltyCents: to.royalty - from.royalty, activationCents: to.activation - from.activation, allocationCents: to.allocation - from.allocation };
}

/** The entry a line's payment (+1) or reversal (-1) appends: of its amount less what was reversed
 * in part before (`part`: a reversal in part, `cents` more after `before`). */
export function provisionEntry(
  line: Item,
  sign: 1 | -1,
  at: string,
  year: number,
  reference: string | null,
  recordedAt: string,
  part?: { before: number; cents: number },
): ProvisionEntry {
  const before = part?.before ?? reversedPartOf(line);
  const cents = part?.cents ?? Number(line.amountCents) - before;
  const split = returnedSplit(line, before, cents);
  return {
    at,
    year,
    cents: sign * cents,
    royaltyCents: sign * split.royaltyCents,
    allocationCents: sign * split.allocationCents,
    ...(split.activationCents ? { activationCents: sign * split.activationCents } : {}),
    reference,
    recordedAt,
  };
}

/** The line's fields with the entry appended (the line and the athlete's copy both carry them). */
export const withProvision = (line: Item, entry: ProvisionEntry): Item => ({ provided: [...providedOf(line), entry] });

/** The year item's additions for an entry: payments and paid totals, by payment type too (a
 * reversal in part changes the totals, not the count of payments). */
export const yearTotalsAdd = (entry: ProvisionEntry, countsPayment = true): Record<string, number> => ({
  paidCents: entry.cents,
  payments: countsPayment ? Math.sign(entry.cents) : 0,
  paidRoyaltyCents: entry.royaltyCents,
  paidAllocationCents: entry.allocationCents,
  paidActivationCents: entry.activationCents ?? 0,
});

/** The entries of a line (a line paid before they were recorded: its payment, from its paid day). */
export function providedOf(line: Item): ProvisionEntry[] {
  if (Array.isArray(line.provided)) return line.provided as ProvisionEntry[];
  if (line.status !== 'paid' || typeof line.paidDate !== 'string') return [];
  return [
    provisionEntry(
      line,
      1,
      line.paidDate,
      Number(line.paidDate.slice(0, 4)),
      typeof line.paidReference === 'string' ? line.paidReference : null,
      line.paidDate,
    ),
  ];
}

/** A line's entries as NIL Go provisions of its collective: the card licence's part (royalties, and
 * past allocations, counted with it as before) and the activations' part, each for its own deal. */
export const provisionsOf = (line: Item): Provision[] =>
  providedOf(line).flatMap((e) => {
    const reference = `${String(line.batchId)}${e.reference ? ` (${e.reference})` : ''}`;
    const activation = e.activationCents ?? 0;
    const card = e.cents - activation;
    return [
      ...(card !== 0 || activation === 0 ? [{ at: e.at, cents: card, payorId: String(line.collectiveId), reference }] : []),
      ...(activation !== 0 ? [{ at: e.at, cents: activation, payorId: String(line.collectiveId), reference, deal: 'activation' as const }] : []),
    ];
  });
