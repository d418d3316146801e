// What a payout line provided to its athlete (issue 23): each time the line becomes paid, and each
// time a paid line is reversed, an entry is appended to the line (`provided`), in the same
// transaction as the status change (both rails: markPayout by hand, the Stripe rail's changeLine),
// under the line's version, so it is written exactly once. Each entry says when the money was
// provided (for NIL Go, shared/money/nil-go.ts), the tax year it counts in (a reversal counts in the
// year it was paid) and its split by payment type: the line's allocated-donation part (decided when
// the batch took it: docs/decisions/0015) and the rest, card royalties. The year's totals move with it.
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
  reference: string | null;
  recordedAt: string;
}

/** A line's allocated-donation part (0 on lines written before it was recorded). */
export const allocationPartOf = (line: Item): number => Math.max(0, Math.min(Number(line.amountCents ?? 0), Number(line.allocationCents ?? 0)));

/** The entry a line's payment (+1) or reversal (-1) appends. */
export function provisionEntry(line: Item, sign: 1 | -1, at: string, year: number, reference: string | null, recordedAt: string): ProvisionEntry {
  const amount = Number(line.amountCents);
  const allocation = allocationPartOf(line);
  return { at, year, cents: sign * amount, royaltyCents: sign * (amount - allocation), allocationCents: sign * allocation, reference, recordedAt };
}

/** The line's fields with the entry appended (the line and the athlete's copy both carry them). */
export const withProvision = (line: Item, entry: ProvisionEntry): Item => ({ provided: [...providedOf(line), entry] });

/** The year item's additions for an entry: payments and paid totals, by payment type too. */
export const yearTotalsAdd = (entry: ProvisionEntry): Record<string, number> => ({
  paidCents: entry.cents,
  payments: Math.sign(entry.cents),
  paidRoyaltyCents: entry.royaltyCents,
  paidAllocationCents: entry.allocationCents,
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

/** A line's entries as NIL Go provisions of its collective. */
export const provisionsOf = (line: Item): Provision[] =>
  providedOf(line).map((e) => ({
    at: e.at,
    cents: e.cents,
    payorId: String(line.collectiveId),
    reference: `${String(line.batchId)}${e.reference ? ` (${e.reference})` : ''}`,
  }));
