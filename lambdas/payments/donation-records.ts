// A collective's donation records and memberships, written through the store port: a donation with
// its month aggregate (amount net of refunds, count, membership payments), the collective's total
// (with `gifts`, the one-time gifts not refunded in full: the supporters count's part), its wall
// entry for a named donor, its comment, and its event (the receipt and the collective's notice),
// all in one transaction; a refund applied once per amount Stripe reports; a membership (one Stripe
// subscription), its tier changes and the active members per tier.
// Every write is idempotent on the ids it is given (Stripe's for the donations of the support page,
// the seed's for the sample ones): a repeat changes nothing.
import * as keys from '#lambdas/platform/keys';
import { RetryLater } from '#lambdas/platform/errors';
import { StoreConflict, jitteredBackoff, keyString, retryOnConflict, versionIs, type Item, type Store, type Write } from '#lambdas/platform/store';
import { yearMonthOf } from '#shared/platform/months';

export type DonationType = 'Organization' | 'Individual';

/** Who made a write and when (ISO): a Stripe event (`stripe:evt_...`), the donor's return, the seed. */
export interface Audit {
  by: string;
  at: string;
}

/** What a donation records. */
export interface DonationRecord {
  collectiveId: number;
  /** The donation's id: the PaymentIntent's for a Stripe payment (gift or a membership's month). */
  id: string;
  /** When it was paid (ISO): the key's date, so it must come from what was paid, never from the clock. */
  date: string;
  /** The name shown: the donor's, or 'Anonymous'. */
  donorName: string;
  /** The Transactions feed's details. */
  notes: string;
  /** What the donor gave (before any refund and the platform fee). */
  amountCents: number;
  type: DonationType;
  /** A membership's monthly payment (Recurring This Month). */
  recurring?: boolean;
  anonymous?: boolean;
  comment?: string | null;
  /** Who recorded it and when (absent: the seed's sample donations). */
  recorded?: Audit;
  /** Every fee Stripe took from the payment (its processing fee and the platform's application fee)
   * and what the collective keeps, read from the charge's balance transaction (absent: not known). */
  fees?: { feeCents: number; netCents: number };
  /** Listed on the support page's wall (a named donor's gift, or a membership's first month). */
  wall?: { kind: 'gift' | 'membership'; tierName: string | null } | null;
  /** More writes of the same transaction (the event of decision 0025: the receipt and the
   * collective's notice), so they are written exactly when the donation is, once. */
  alsoWrite?: Write[];
  /** Where it came from in Stripe (absent for the sample donations the seed writes). */
  stripe?: {
    account: string;
    kind: 'gift' | 'membership';
    paymentIntentId: string;
    chargeId: string | null;
    invoiceId: string | null;
    subscriptionId: string | null;
    checkoutSessionId: string | null;
    feeCents: number;
    tierId: string | null;
    tierName: string | null;
  };
}

const DECIDE_AGAIN = { attempts: 10, backoff: jitteredBackoff(5, 100) };
const exhausted = (what: string) => () => new RetryLater(`${what} is busy; retry later`);

async function read(store: Store, key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await store.get([key])).get(keyString(key));
}

/** The stored donation of an id, or undefined. */
export async function findDonation(store: Store, collectiveId: number, donationId: string): Promise<Item | undefined> {
  const ref = await read(store, keys.donationRef(collectiveId, donationId));
  return ref ? read(store, keys.donation(collectiveId, String(ref.date), donationId)) : undefined;
}

/** Records a donation with its aggregates and comment; false when it was recorded before. */
export async function recordDonation(store: Store, d: DonationRecord): Promise<boolean> {
  const month = yearMonthOf(d.date);
  const comment = d.comment?.trim() || null;
  // Never a wall entry for an anonymous donor, or a name that could be an email address.
  const wall = d.wall && !d.anonymous && d.donorName && !d.donorName.includes('@') ? d.wall : null;
  const writes: Write[] = [
    {
      put: {
        ...keys.donation(d.collectiveId, d.date, d.id),
        id: d.id,
        collectiveId: d.collectiveId,
        date: d.date,
        donorName: d.donorName,
        notes: d.notes,
        amountCents: d.amountCents,
        donationType: d.type,
        ...(d.recurring ? { recurring: true } : {}),
        ...(d.anonymous ? { anonymous: true } : {}),
        ...(comment ? { comment } : {}),
        ...(d.stripe ? { stripe: d.stripe } : {}),
        ...(d.recorded ? { recordedBy: d.recorded.by, recordedAt: d.recorded.at } : {}),
        ...(d.fees ? { feeCents: d.fees.feeCents, netCents: d.fees.netCents } : {}),
        ...(wall ? { onWall: true } : {}),
      },
      condition: { notExists: true },
    },
    // The id is what makes a repeat a repeat, whatever date a repeat would carry.
    { put: { ...keys.donationRef(d.collectiveId, d.id), donationId: d.id, date: d.date }, condition: { notExists: true } },
    {
      update: keys.donationMonth(d.collectiveId, month),
      set: { ...keys.collectiveDonationMonth(d.collectiveId, month), month },
      add: { amountCents: d.amountCents, count: 1, recurringCount: d.recurring ? 1 : 0 },
    },
    // `gifts`: the one-time gifts among them, the supporters count's part besides the active members.
    { update: keys.donationTotal(d.collectiveId), add: { amountCents: d.amountCents, count: 1, gifts: d.recurring ? 0 : 1 } },
  ];
  if (wall)
    writes.push({
      put: { ...keys.supporterWall(d.collectiveId, d.date, d.id), donationId: d.id, date: d.date, donorName: d.donorName, ...wall },
      condition: { notExists: true },
    });
  writes.push(...(d.alsoWrite ?? []));
  if (comment)
    writes.push({
      put: {
        ...keys.donationComment(d.collectiveId, d.date, d.id),
        donationId: d.id,
        date: d.date,
        donorName: d.donorName,
        amountCents: d.amountCents,
        comment,
      },
      condition: { notExists: true },
    });
  return retryOnConflict(
    async () => {
      if (await read(store, keys.donationRef(d.collectiveId, d.id))) return false;
      await store.transact(writes);
      return true;
    },
    { ...DECIDE_AGAIN, onExhausted: exhausted(`donation ${d.id}`) },
  );
}

export type RefundOutcome = 'applied' | 'unchanged' | 'unknown';

/**
 * Sets a donation's refunded amount to what Stripe reports in all (a charge's amount_refunded), once:
 * the month, the total and the comment follow (net of refunds); a donation refunded in full leaves
 * the counts and the Comments. A report at or below what is recorded changes nothing.
 */
export async function refundDonation(store: Store, collectiveId: number, donationId: string, refundedInAll: number, audit: Audit): Promise<RefundOutcome> {
  return retryOnConflict(
    async () => {
      const donation = await findDonation(store, collectiveId, donationId);
      if (!donation) return 'unknown';
      const amount = Number(donation.amountCents);
      const before = Number(donation.refundedCents ?? 0);
      const after = Math.min(amount, Math.max(0, Math.trunc(refundedInAll)));
      if (after <= before) return 'unchanged';
      const delta = after - before;
      const full = after === amount ? 1 : 0;
      const date = String(donation.date);
      const writes: Write[] = [
        {
          update: keys.donation(collectiveId, date, donationId),
          set: { refundedCents: after, refundedAt: audit.at, refundedBy: audit.by },
          condition: versionIs(before, 'refundedCents'),
        },
        {
          update: keys.donationMonth(collectiveId, yearMonthOf(date)),
          add: { amountCents: -delta, count: -full, recurringCount: donation.recurring ? -full : 0 },
        },
        { update: keys.donationTotal(collectiveId), add: { amountCents: -delta, count: -full, gifts: donation.recurring ? 0 : -full } },
      ];
      if (full && donation.onWall) writes.push({ delete: keys.supporterWall(collectiveId, date, donationId) });
      if (donation.comment) {
        const comment = keys.donationComment(collectiveId, date, donationId);
        writes.push(full ? { delete: comment } : { update: comment, set: { amountCents: amount - after } });
      }
      await store.transact(writes);
      return 'applied';
    },
    { ...DECIDE_AGAIN, onExhausted: exhausted(`donation ${donationId}`) },
  );
}

export interface MembershipRecord {
  collectiveId: number;
  subscriptionId: string;
  account: string;
  tierId: string;
  tierName: string;
  amountCents: number;
  donorName: string;
  anonymous: boolean;
  type: DonationType;
  startedAt: string;
  /** Set when Stripe says the subscription has ended. */
  endedAt: string | null;
  audit: Audit;
}

/** The supportMembers item's counter of a tier's active members is `active_{tierId}`. */
export const ACTIVE_PREFIX = 'active_';
const activeField = (tierId: string) => `${ACTIVE_PREFIX}${tierId}`;

/** Ends a membership once: it stops counting among its tier's active members (its donations stay). */
async function endMembership(store: Store, collectiveId: number, subscriptionId: string, tierId: string, endedAt: string, audit: Audit): Promise<void> {
  try {
    await store.transact([
      {
        update: keys.membership(collectiveId, subscriptionId),
        set: { status: 'ended', endedAt, updatedBy: audit.by, updatedAt: audit.at },
        condition: { field: 'status', is: 'active' },
      },
      { update: keys.supportMembers(collectiveId), add: { [activeField(tierId)]: -1 } },
    ]);
  } catch (error) {
    if (!(error instanceof StoreConflict) || error.failed.length === 0) throw error;
    // Ended before: nothing to do.
  }
}

/** Moves an active membership to another tier once (the customer portal's plan change): its
 * tier's count goes down, the new tier's up, in the transaction that changes it, only from the tier
 * read (a repeated or older event finds it moved and changes nothing). */
async function moveMembership(store: Store, m: MembershipRecord, fromTier: string): Promise<void> {
  await store.transact([
    {
      update: keys.membership(m.collectiveId, m.subscriptionId),
      set: { tierId: m.tierId, tierName: m.tierName, amountCents: m.amountCents, updatedBy: m.audit.by, updatedAt: m.audit.at },
      condition: { field: 'tierId', is: fromTier },
    },
    { update: keys.supportMembers(m.collectiveId), add: { [activeField(fromTier)]: -1, [activeField(m.tierId)]: 1 } },
  ]);
}

/** Makes the stored membership what Stripe says (active in its tier, or ended), whichever event comes first. */
export async function saveMembership(store: Store, m: MembershipRecord): Promise<void> {
  const key = keys.membership(m.collectiveId, m.subscriptionId);
  await retryOnConflict(
    async () => {
      const stored = await read(store, key);
      if (stored) {
        if (m.endedAt && stored.status === 'active') await endMembership(store, m.collectiveId, m.subscriptionId, String(stored.tierId), m.endedAt, m.audit);
        else if (!m.endedAt && stored.status === 'active' && String(stored.tierId) !== m.tierId) await moveMembership(store, m, String(stored.tierId));
        return;
      }
      const { collectiveId, endedAt, audit, ...fields } = m;
      const item = {
        ...key,
        ...fields,
        collectiveId,
        status: endedAt ? 'ended' : 'active',
        ...(endedAt ? { endedAt } : {}),
        createdBy: audit.by,
        createdAt: audit.at,
      };
      await store.transact([
        { put: item, condition: { notExists: true } },
        ...(endedAt ? [] : [{ update: keys.supportMembers(collectiveId), add: { [activeField(m.tierId)]: 1 } }]),
      ]);
    },
    { ...DECIDE_AGAIN, onExhausted: exhausted(`membership ${m.subscriptionId}`) },
  );
}

/** Members paying now, per tier id. */
export async function activeMembers(store: Store, collectiveId: number): Promise<Record<string, number>> {
  const item = await read(store, keys.supportMembers(collectiveId));
  const counts: Record<string, number> = {};
  for (const [field, value] of Object.entries(item ?? {}))
    if (field.startsWith(ACTIVE_PREFIX) && Number(value) > 0) counts[field.slice(ACTIVE_PREFIX.length)] = Number(value);
  return counts;
}
