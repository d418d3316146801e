// Property: donation allocations (lambdas/money/payouts.ts allocateDonation) under replays. Any
// sequence of requests (idempotency keys reused with the same or other content: another member,
// another split, the same total) run one after another or concurrently credits exactly the content
// each key first reserved, never more than the donation holds, and verify reports 0 differences.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import type { ContributionOptions } from '#shared/orders/contribution';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { allocateDonation, allocationContent } from '../../scripts/lib/legacy-allocations';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { verifyItems } from '../../scripts/lib/verify';
import { recordTestDonation } from '../support/money-fixtures';

const index = indexCatalog(SAMPLE_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (k) => buyerAlias(k, 'salt') };
const MEMBERS = [1, 2, 3];
const DONATION_CENTS = 10_000;

interface Request {
  key: number;
  allocations: Array<{ athleteId: number; amountCents: number }>;
}

const requestArb: fc.Arbitrary<Request> = fc.record({
  key: fc.nat(3),
  allocations: fc
    .uniqueArray(fc.constantFrom(...MEMBERS), { minLength: 1, maxLength: 3 })
    .chain((athletes) => fc.tuple(...athletes.map((athleteId) => fc.constantFrom(500, 1_000, 2_000).map((amountCents) => ({ athleteId, amountCents }))))),
});

// Runs of requests: each step is one request or several at once. Amounts come from a few values so
// that replays with the same total and other content (the attack) are frequent.
const stepsArb = fc.array(fc.array(requestArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });

describe('donation allocations', () => {
  it('credit exactly what each idempotency key first reserved, never more than the donation, whatever is replayed', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        const store = createMemoryStore({ yieldBetween: () => new Promise((r) => setImmediate(r)) });
        let clock = Date.parse('2026-10-01T00:00:00.000Z');
        const now = () => new Date((clock += 1_000)).toISOString();
        await recordTestDonation(store, DONATION_CENTS);
        // What each key reserved: the content of its first accepted request.
        const reserved = new Map<number, string>();
        for (const step of steps) {
          const results = await Promise.allSettled(
            step.map((r) =>
              allocateDonation(store, { collectiveId: 1, donationId: 'd-1', allocations: r.allocations, idempotencyKey: `key-${r.key}`, by: 'u', now }),
            ),
          );
          results.forEach((result, i) => {
            const request = step[i];
            if (result.status === 'rejected') {
              expect(String(result.reason)).toMatch(/left to allocate|differently/);
              return;
            }
            const content = allocationContent(request.allocations);
            // An accepted request is the key's first content or exactly a replay of it.
            if (reserved.has(request.key)) expect(reserved.get(request.key)).toBe(content);
            else reserved.set(request.key, content);
          });
        }
        const items = store.all();
        expect(verifyItems(items, index, options).differences).toEqual([]);
        const credits = items.filter((i) => String(i.SK).startsWith('LEDGER#') && i.kind === 'allocation');
        const credited = credits.reduce((n, e) => n + Number(e.creditCents), 0);
        const donation = items.find((i) => String(i.SK).startsWith('DONATION#'))!;
        expect(credited).toBe(Number(donation.allocatedCents ?? 0));
        expect(credited).toBeLessThanOrEqual(DONATION_CENTS);
        // Each key's credits are its reserved content, once per member.
        const records = items.filter((i) => String(i.SK).startsWith('ALLOC#'));
        const byKey = new Map<string, Array<{ athleteId: number; amountCents: number }>>();
        for (const r of records) {
          const hash = String(r.SK).split('#').at(-1)!;
          byKey.set(hash, [...(byKey.get(hash) ?? []), { athleteId: Number(r.athleteId), amountCents: Number(r.amountCents) }]);
        }
        expect([...byKey.values()].map(allocationContent).sort()).toEqual([...reserved.values()].sort());
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
