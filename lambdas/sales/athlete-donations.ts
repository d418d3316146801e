// The donations an athlete's collective allocated to the athlete (the athlete panel's Overview,
// the spec's Monthly Donations, Total Donations, # Donations This Year and Recurring This Month, as
// the athlete's own figures): the total from the athlete's ledger (every credit, one GetItem), the
// months, this year's count and the newest from the collective's allocation records (one Query,
// bounded by the allocations the collective has made, never by orders or donations), and this
// month's recurring ones from their donations (two small BatchGets). The Comments and the
// collective's own figures come from its donation aggregates (lambdas/payments/donation-figures.ts).
import type { AthleteDonationsResponse } from '#shared/sales/sales-api';
import { yearMonthOf } from '#shared/platform/months';
import { NO_DONATIONS, donationFigures } from '#lambdas/payments/donation-figures';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import * as keys from '#lambdas/platform/keys';
import { keyString, type Item, type Store } from '#lambdas/platform/store';

/** The allocation records read at most (a collective's manual allocations, all members). */
export const ALLOCATIONS_READ = 2_000;
export const RECENT_SHOWN = 10;

interface Allocation {
  date: string;
  donationId: string;
  amountCents: number;
}

/** Which of this month's allocated donations were a membership's monthly payment. */
async function recurringOf(store: Store, collectiveId: number, donationIds: string[]): Promise<Set<string>> {
  if (donationIds.length === 0) return new Set();
  const refs = await store.get(donationIds.map((id) => keys.donationRef(collectiveId, id)));
  const donationKeys = donationIds.flatMap((id) => {
    const ref = refs.get(keyString(keys.donationRef(collectiveId, id)));
    return ref ? [keys.donation(collectiveId, String(ref.date), id)] : [];
  });
  const donations = await store.get(donationKeys);
  return new Set([...donations.values()].filter((d) => d.recurring === true).map((d) => String(d.id)));
}

export async function athleteDonations(
  store: Store,
  athleteId: number,
  collectiveId: number | null | undefined,
  now = new Date(),
): Promise<AthleteDonationsResponse> {
  const totalKey = keys.aggTotal(athleteId);
  const [total, records, figures] = await Promise.all([
    store.get([totalKey]),
    collectiveId ? store.query(keys.collectiveRecordsPartition(collectiveId), ALLOCATIONS_READ, { beginsWith: keys.allocationPrefix }) : Promise.resolve([]),
    collectiveId ? donationFigures(store, collectiveId, now) : Promise.resolve(NO_DONATIONS),
  ]);
  const mine: Allocation[] = records
    .filter((r: Item) => Number(r.athleteId) === athleteId)
    .map((r) => ({ date: String(r.at), donationId: String(r.donationId), amountCents: Number(r.amountCents ?? 0) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const months = new Map<string, number>();
  for (const a of mine) months.set(yearMonthOf(a.date), (months.get(yearMonthOf(a.date)) ?? 0) + a.amountCents);
  const thisYear = now.toISOString().slice(0, 4);
  const thisMonth = now.toISOString().slice(0, 7);
  const monthsAllocations = mine.filter((a) => a.date.startsWith(thisMonth));
  const recurring = collectiveId ? await recurringOf(store, collectiveId, [...new Set(monthsAllocations.map((a) => a.donationId))]) : new Set<string>();
  return {
    athleteId,
    // The ledger's credits less activations (paid for deliverables, not donations: decision 0027).
    totalDonationsCents: donationCreditsOf(ledgerHeadOf(total.get(keyString(totalKey))?.ledger)),
    monthly: [...months.entries()].map(([month, amountCents]) => ({ month, amountCents })).sort((a, b) => a.month.localeCompare(b.month)),
    donationsThisYear: mine.filter((a) => a.date.startsWith(thisYear)).length,
    recurringThisMonth: monthsAllocations.filter((a) => recurring.has(a.donationId)).length,
    recent: mine.slice(-RECENT_SHOWN).reverse(),
    comments: figures.comments,
    collective: {
      totalDonationsCents: figures.totalDonationsCents,
      donationsThisYear: figures.donationsThisYear,
      recurringThisMonth: figures.recurringThisMonth,
    },
  };
}

/** The donations credited to an athlete: its credits that are not activations. */
const donationCreditsOf = (head: { creditsCents: number; activationsCents: number }): number => head.creditsCents - head.activationsCents;
