// A collective's donation figures as the athlete panel shows them (SPEC: Monthly Donations, Total
// Donations, # Donations This Year, Recurring This Month, the Comments table), read from the
// pre-aggregated items donation-records.ts keeps: the total and the active members per tier (one
// read of two items), the month aggregates (one Query of at most MONTHS_SHOWN items: this year's
// count is among them) and the newest comments (one Query of at most COMMENTS_SHOWN items). No read
// grows with the number of donations. The support page's goal, supporters and wall are read the
// same way (supportPageFigures).
import * as keys from '#lambdas/platform/keys';
import { keyString, type Store } from '#lambdas/platform/store';
import { WALL_SIZE, type SupportGoal, type SupportPageResponse, type WallEntry } from '#shared/payments/support-api';
import { yearMonthOf } from '#shared/platform/months';
import { ACTIVE_PREFIX } from './donation-records';

export const MONTHS_SHOWN = 24;
export const COMMENTS_SHOWN = 20;

export interface DonationFigures {
  /** Net of refunds. */
  totalDonationsCents: number;
  /** Oldest first, net of refunds. */
  monthly: Array<{ month: string; amountCents: number }>;
  /** Donations dated this calendar year (UTC), a donation refunded in full not counted. */
  donationsThisYear: number;
  /** Monthly memberships recurring now: active ones (a cancelled membership stops counting). */
  recurringThisMonth: number;
  /** Newest first. */
  comments: Array<{ donorName: string; amountCents: number; comment: string }>;
}

export const NO_DONATIONS: DonationFigures = { totalDonationsCents: 0, monthly: [], donationsThisYear: 0, recurringThisMonth: 0, comments: [] };

export async function donationFigures(store: Store, collectiveId: number, now = new Date()): Promise<DonationFigures> {
  const pk = keys.collectiveRecordsPartition(collectiveId);
  const total = keys.donationTotal(collectiveId);
  const members = keys.supportMembers(collectiveId);
  const [totals, months, comments] = await Promise.all([
    store.get([total, members]),
    store.query(pk, MONTHS_SHOWN, { beginsWith: keys.donationMonthPrefix, descending: true }),
    store.query(pk, COMMENTS_SHOWN, { beginsWith: keys.donationCommentPrefix, descending: true }),
  ]);
  const thisYear = now.toISOString().slice(0, 4);
  const monthly = months.map((m) => ({ month: String(m.month), amountCents: Number(m.amountCents ?? 0), count: Number(m.count ?? 0) }));
  const active = Object.entries(totals.get(keyString(members)) ?? {}).filter(([field]) => field.startsWith(ACTIVE_PREFIX));
  return {
    totalDonationsCents: Number(totals.get(keyString(total))?.amountCents ?? 0),
    monthly: monthly.map(({ month, amountCents }) => ({ month, amountCents })).reverse(),
    donationsThisYear: monthly.filter((m) => m.month.startsWith(thisYear)).reduce((n, m) => n + m.count, 0),
    recurringThisMonth: active.reduce((n, [, value]) => n + Math.max(0, Number(value)), 0),
    comments: comments.map((c) => ({ donorName: String(c.donorName), amountCents: Number(c.amountCents), comment: String(c.comment) })),
  };
}

/**
 * What the support page shows beside the form: the goal's progress (the total, or this month's
 * aggregate: one item), the number of supporters (the total's `gifts` plus the active members: one
 * item) and the wall (one Query of at most WALL_SIZE items). One batch read and one bounded Query,
 * whatever the number of donations.
 */
export async function supportPageFigures(
  store: Store,
  collectiveId: number,
  goal: SupportGoal | null,
  now = new Date(),
): Promise<{ goal: SupportPageResponse['goal']; supporters: number; wall: WallEntry[] }> {
  const total = keys.donationTotal(collectiveId);
  const members = keys.supportMembers(collectiveId);
  const month = keys.donationMonth(collectiveId, yearMonthOf(now.toISOString()));
  const [items, wall] = await Promise.all([
    store.get([total, members, month]),
    store.query(keys.collectiveRecordsPartition(collectiveId), WALL_SIZE, { beginsWith: keys.supporterWallPrefix, descending: true }),
  ]);
  const totals = items.get(keyString(total));
  const active = Object.entries(items.get(keyString(members)) ?? {})
    .filter(([field]) => field.startsWith(ACTIVE_PREFIX))
    .reduce((n, [, value]) => n + Math.max(0, Number(value)), 0);
  const raised = goal?.period === 'month' ? items.get(keyString(month))?.amountCents : totals?.amountCents;
  return {
    goal: goal ? { ...goal, raisedCents: Math.max(0, Number(raised ?? 0)) } : null,
    supporters: Math.max(0, Number(totals?.gifts ?? 0)) + active,
    wall: wall
      // A name that could be an email address is never shown (the give form refuses one already).
      .filter((w) => typeof w.donorName === 'string' && w.donorName && !w.donorName.includes('@'))
      .map((w) => ({
        donorName: String(w.donorName),
        kind: w.kind === 'membership' ? 'membership' : 'gift',
        tierName: (w.tierName as string | null | undefined) ?? null,
        date: String(w.date),
      })),
  };
}
