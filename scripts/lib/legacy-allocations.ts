// Past donation allocations, written as they were before activations replaced them (issue 33 item 3;
// docs/decisions/0027-activations.md). No route and no function of the product writes an allocation
// any more (POST .../allocations answers 410); this is the old writer, kept out of lambdas/ so that
// local mode's seed and the tests can still create the history a deployed table holds (allocations
// made before the change), which every reader (the ledger, statements, tax forms, NIL Go, verify)
// must keep handling. Never import it from lambdas/ (test/unit/activations.test.ts checks).
import { createHash } from 'node:crypto';
import { appendUnderLock, type AllocationRequestRecord } from '#lambdas/money/payouts';
import { allocationEvent } from '#lambdas/money/money-events';
import { Conflict, NotFound, RetryLater } from '#lambdas/platform/errors';
import { keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Key, Store } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { eventWrites } from '#lambdas/notifications/event-writes';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
const DECIDE_AGAIN = { attempts: 25, backoff: noBackoff };

/** The normalised content of an allocation request: members in id order with their amounts. */
export function allocationContent(allocations: ReadonlyArray<{ athleteId: number; amountCents: number }>): string {
  return hash(
    [...allocations]
      .sort((a, b) => a.athleteId - b.athleteId)
      .map((a) => `${a.athleteId}:${a.amountCents}`)
      .join(','),
  );
}

export interface AllocationInput {
  /** What the collective's audit log calls who acted (its account's email). */
  byLabel?: string;
  collectiveId: number;
  donationId: string;
  allocations: Array<{ athleteId: number; amountCents: number }>;
  idempotencyKey: string;
  by: string;
  now: () => string;
}

/**
 * Allocates part of a donation to members: the whole request is first reserved on the donation
 * (never more than the donation holds, even under concurrent requests) together with the exact
 * content it allocates, then each athlete is credited by a ledger entry, exactly once per
 * (request, athlete). A retry with the same key and the same content finishes what a crash left;
 * the same key with other content (another member, another split) is refused (409) before anything
 * is credited, so the credits of one key are always the content it reserved.
 */
export async function allocateDonation(store: Store, input: AllocationInput): Promise<{ allocatedCents: number; remainingCents: number }> {
  // A concurrent allocation: decide again.
  const { donationKey, requestHash } = await retryOnConflict(() => reserveAllocation(store, input), {
    ...DECIDE_AGAIN,
    onExhausted: () => new RetryLater(`donation ${input.donationId} is busy; retry later`),
  });
  for (const a of input.allocations) {
    await appendUnderLock(
      store,
      a.athleteId,
      input.collectiveId,
      () => ({ kind: 'allocation', creditCents: a.amountCents, donationId: input.donationId }),
      (entry) => [
        {
          put: {
            ...keys.allocation(input.collectiveId, input.donationId, a.athleteId, requestHash),
            athleteId: a.athleteId,
            donationId: input.donationId,
            amountCents: a.amountCents,
            ledgerSeq: entry.seq,
            by: input.by,
            at: entry.at,
          },
          condition: { notExists: true },
        },
      ],
      input.now,
    );
  }
  const after = (await store.get([donationKey])).get(keyString(donationKey))!;
  return {
    allocatedCents: Number(after.allocatedCents ?? 0),
    remainingCents: Number(after.amountCents) - Number(after.refundedCents ?? 0) - Number(after.allocatedCents ?? 0),
  };
}

/** Reserves the request on the donation (or finds it reserved with the same content). */
async function reserveAllocation(store: Store, input: AllocationInput): Promise<{ donationKey: Key; requestHash: string }> {
  const ref = (await store.get([keys.donationRef(input.collectiveId, input.donationId)])).get(
    keyString(keys.donationRef(input.collectiveId, input.donationId)),
  );
  if (!ref) throw new NotFound(`Donation ${input.donationId}`);
  const donationKey = keys.donation(input.collectiveId, String(ref.date), input.donationId);
  const donation = (await store.get([donationKey])).get(keyString(donationKey));
  if (!donation) throw new NotFound(`Donation ${input.donationId}`);
  const requestHash = hash(input.idempotencyKey);
  const total = input.allocations.reduce((n, a) => n + a.amountCents, 0);
  const content = allocationContent(input.allocations);
  const requests = (donation.allocationRequests as Record<string, AllocationRequestRecord | number> | undefined) ?? {};
  const stored = requests[requestHash];
  if (stored !== undefined) {
    const sameContent =
      typeof stored === 'number'
        ? // A record without its content: only a replay of a request that finished is accepted.
          stored === total && (await creditedUnder(store, input, requestHash)) === input.allocations.length
        : stored.content === content && Number(stored.cents) === total;
    if (!sameContent) throw new Conflict('This idempotency key already allocated this donation differently: use a new key for a new allocation');
  } else {
    const allocated = Number(donation.allocatedCents ?? 0);
    // What the donor gave less what Stripe refunded (a support page donation's refundedCents).
    const amount = Number(donation.amountCents) - Number(donation.refundedCents ?? 0);
    if (allocated + total > amount) throw new Conflict(`Only ${amount - allocated} cents of this donation are left to allocate`);
    const allocations = (donation.allocations as Record<string, number> | undefined) ?? {};
    const next = { ...allocations };
    for (const a of input.allocations) next[String(a.athleteId)] = (next[String(a.athleteId)] ?? 0) + a.amountCents;
    const record: AllocationRequestRecord = { cents: total, content };
    await store.transact([
      ...eventWrites(allocationEvent({ ...input, requestHash }, input.now(), { by: input.by, label: input.byLabel })),
      {
        update: donationKey,
        set: {
          allocatedCents: allocated + total,
          allocations: next,
          allocationRequests: { ...requests, [requestHash]: record },
          allocationVersion: Number(donation.allocationVersion ?? 0) + 1,
        },
        condition: versionIs(Number(donation.allocationVersion ?? 0), 'allocationVersion'),
      },
    ]);
  }
  return { donationKey, requestHash };
}

/** How many of a request's members already hold their credit record (for records without content). */
async function creditedUnder(store: Store, input: AllocationInput, requestHash: string): Promise<number> {
  const wanted = input.allocations.map((a) => keys.allocation(input.collectiveId, input.donationId, a.athleteId, requestHash));
  return (await store.get(wanted)).size;
}
