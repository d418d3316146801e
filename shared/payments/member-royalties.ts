// How one paid membership month (or a supporter card) is divided, to the cent (issue 33 item 1;
// docs/decisions/0028-member-cards.md). A month buys the member that month's member card, so the
// athletes it features are paid a royalty on it, as on any card sale:
//
//   gross      what the member paid, less what has been refunded of it
//   stripe fee Stripe's processing fee on the charge (its balance transaction): Stripe keeps it,
//              refunds included, so it is never recomputed from the gross
//   platform   the collective's platform fee setting on the gross (basis points, half up)
//   net        gross - stripe fee - platform
//   athletes   97% of net by the one rounding rule (athleteShareCents: half up, in integers),
//              split among the featured athletes by weight (equal weights by default) with the
//              largest-remainder method: each gets floor(share * weight / total weight), and the
//              cents left go one each to the largest fractional remainders, ties to the lower
//              athlete id
//   collective net - athletes (the 3% of net, and every cent of rounding)
//
// A net below zero (a month refunded in full, whose Stripe fee is still kept) pays the athletes
// nothing and leaves the collective the loss: the fee of a refunded payment is the merchant's, and
// the collective is the merchant of record. So for every month, at every refund state:
//   stripe fee + platform + athletes + collective = gross, exactly.
// Refunds are applied like the ledger applies them (shared/money/ledger.ts): a month's royalty
// entries are split(after) - split(before), so the entries of a month always sum to split(now).
import { athleteShareCents } from '../platform/money';
import { feeCents } from './support-api';

export interface FeaturedAthlete {
  athleteId: number;
  /** A positive integer; every athlete 1 when the collective splits equally. */
  weight: number;
}

export interface MonthSplit {
  grossCents: number;
  stripeFeeCents: number;
  platformFeeCents: number;
  netCents: number;
  /** The featured athletes' royalties, in athlete id order (every featured athlete listed, 0 included). */
  athletes: Array<{ athleteId: number; cents: number }>;
  athletesCents: number;
  collectiveCents: number;
}

/** Refuses a split it cannot make exactly: amounts must be whole, non-negative cents. */
function checkCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be whole, non-negative cents: ${cents}`);
}

/** `total` cents shared by weight, largest remainder first (ties to the lower athlete id). */
export function largestRemainder(total: number, featured: readonly FeaturedAthlete[]): Array<{ athleteId: number; cents: number }> {
  checkCents('total', total);
  const sorted = [...featured].sort((a, b) => a.athleteId - b.athleteId);
  if (sorted.length === 0) {
    if (total !== 0) throw new RangeError('a royalty needs at least one featured athlete');
    return [];
  }
  for (let i = 0; i < sorted.length; i++) {
    const { athleteId, weight } = sorted[i];
    if (!Number.isSafeInteger(weight) || weight < 1) throw new RangeError(`athlete ${athleteId}'s weight must be a positive whole number`);
    if (i > 0 && sorted[i - 1].athleteId === athleteId) throw new RangeError(`athlete ${athleteId} is featured twice`);
  }
  const weights = sorted.reduce((n, a) => n + a.weight, 0);
  // Integers only: total * weight stays below 2^53 for any amount a month can hold.
  const parts = sorted.map((a) => ({ athleteId: a.athleteId, cents: Math.floor((total * a.weight) / weights), rest: (total * a.weight) % weights }));
  let left = total - parts.reduce((n, p) => n + p.cents, 0);
  const order = [...parts].sort((a, b) => b.rest - a.rest || a.athleteId - b.athleteId);
  for (const part of order) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return parts.map(({ athleteId, cents }) => ({ athleteId, cents }));
}

/** The split of one month as it stands (gross already net of refunds). */
export function splitMonth(input: {
  grossCents: number;
  stripeFeeCents: number;
  platformFeeBasisPoints: number;
  featured: readonly FeaturedAthlete[];
}): MonthSplit {
  const { grossCents, stripeFeeCents, platformFeeBasisPoints } = input;
  checkCents('gross', grossCents);
  checkCents('Stripe fee', stripeFeeCents);
  if (!Number.isSafeInteger(platformFeeBasisPoints) || platformFeeBasisPoints < 0 || platformFeeBasisPoints > 10_000)
    throw new RangeError(`the platform fee must be 0 to 10,000 basis points: ${platformFeeBasisPoints}`);
  const platformFeeCents = feeCents(grossCents, platformFeeBasisPoints);
  const netCents = grossCents - stripeFeeCents - platformFeeCents;
  const athletesCents = netCents > 0 ? athleteShareCents(netCents) : 0;
  const athletes = largestRemainder(athletesCents, input.featured);
  return { grossCents, stripeFeeCents, platformFeeCents, netCents, athletes, athletesCents, collectiveCents: netCents - athletesCents };
}

/** What one change of a month (a payment, a refund) moves: the royalties to add to each athlete
 * (negative: a reversal) and the change of the collective's and the platform's parts. */
export function splitChange(
  before: MonthSplit | null,
  after: MonthSplit,
): { athletes: Array<{ athleteId: number; cents: number }>; collectiveCents: number; platformFeeCents: number } {
  const was = new Map((before?.athletes ?? []).map((a) => [a.athleteId, a.cents]));
  const ids = [...new Set([...was.keys(), ...after.athletes.map((a) => a.athleteId)])].sort((a, b) => a - b);
  const now = new Map(after.athletes.map((a) => [a.athleteId, a.cents]));
  return {
    athletes: ids.map((athleteId) => ({ athleteId, cents: (now.get(athleteId) ?? 0) - (was.get(athleteId) ?? 0) })).filter((a) => a.cents !== 0),
    collectiveCents: after.collectiveCents - (before?.collectiveCents ?? 0),
    platformFeeCents: after.platformFeeCents - (before?.platformFeeCents ?? 0),
  };
}
