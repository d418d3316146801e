// A collective's donation figures as the athlete panel shows them (SPEC: Monthly Donations, Total
// Donations, # Donations This Year, Recurring This Month, the Comments table), read from the
// pre-aggregated items donation-records.ts keeps: the total (one item), the month aggregates (one
// Query of at most MONTHS_SHOWN items: this year's count and this month's membership payments are
// among them) and the newest comments (one Query of at most COMMENTS_SHOWN items). No read grows
// with the number of donations.
import * as keys from '#lambdas/platform/keys';
import { keyString, type Store } from '#lambdas/platform/store';

export const MONTHS_SHOWN = 24;
export const COMMENTS_SHOWN = 20;

export interface DonationFigures {
  /** Net of refunds. */
  totalDonationsCents: number;
  /** Oldest first, net of refunds. */
  monthly: Array<{ month: string; amountCents: number }>;
  /** Donations dated this calendar year (UTC), a donation refunded in full not counted. */
  donationsThisYear: number;
  /** Membership payments this month (UTC). */
  recurringThisMonth: number;
  /** Newest first. */
  comments: Array<{ donorName: string; amountCents: number; comment: string }>;
}

export const NO_DONATIONS: DonationFigures = { totalDonationsCents: 0, monthly: [], donationsThisYear: 0, recurringThisMonth: 0, comments: [] };

export async function donationFigures(store: Store, collectiveId: number, now = new Date()): Promise<DonationFigures> {
  const pk = keys.collectiveRecordsPartition(collectiveId);
  const total = keys.donationTotal(collectiveId);
  const [totals, months, comments] = await Promise.all([
    store.get([total]),
    store.query(pk, MONTHS_SHOWN, { beginsWith: keys.donationMonthPrefix, descending: true }),
    store.query(pk, COMMENTS_SHOWN, { beginsWith: keys.donationCommentPrefix, descending: true }),
  ]);
  const thisMonth = now.toISOString().slice(0, 7);
  const thisYear = thisMonth.slice(0, 4);
  const monthly = months.map((m) => ({
    month: String(m.month),
    amountCents: Number(m.amountCents ?? 0),
    count: Number(m.count ?? 0),
    recurring: Number(m.recurringCount ?? 0),
  }));
  return {
    totalDonationsCents: Number(totals.get(keyString(total))?.amountCents ?? 0),
    monthly: monthly.map(({ month, amountCents }) => ({ month, amountCents })).reverse(),
    donationsThisYear: monthly.filter((m) => m.month.startsWith(thisYear)).reduce((n, m) => n + m.count, 0),
    recurringThisMonth: monthly.find((m) => m.month === thisMonth)?.recurring ?? 0,
    comments: comments.map((c) => ({ donorName: String(c.donorName), amountCents: Number(c.amountCents), comment: String(c.comment) })),
  };
}
