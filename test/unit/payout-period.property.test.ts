// The payout period rule (lambdas/money/payouts.ts): a period may run through today (its end,
// exclusive, is tomorrow 00:00 UTC at the latest), and a batch pays what was earned before its
// period's end or before its own creation, whichever comes first. So a balance shown as owed is
// payable at once with the default period, and what is earned later, even inside the period, is
// left for the next batch, which may name the same period. Over the in-memory store with sales
// through the ingestion engine: each created batch pays exactly what was earned up to its cut-off
// and not yet paid, never more than was earned before the period's end.
import fc from 'fast-check';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import type { ContributionOptions } from '#shared/orders/contribution';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { createBatch, defaultPeriod, latestPeriodEnd, payableBefore, payableUntil } from '#lambdas/money/payouts';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { verifyItems } from '../../scripts/lib/verify';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { ingestSale, saleFields } from '../support/money-fixtures';

const index = indexCatalog(SAMPLE_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (k) => buyerAlias(k, 'salt') };
const MEMBERS = [1, 2];
const DAY = 86_400_000;

describe('payout period rules', () => {
  it('lets a period run through today: its exclusive end is tomorrow 00:00 UTC at the latest', () => {
    expect(latestPeriodEnd(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-25T00:00:00.000Z');
    expect(latestPeriodEnd(new Date('2026-11-25T00:00:00.000Z'))).toBe('2026-11-26T00:00:00.000Z');
  });

  it('pays a period that has not ended up to the batch’s creation, and an ended one up to its end', () => {
    expect(payableUntil('2026-11-25T00:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:00.000Z');
    expect(payableUntil('2026-11-16T00:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe('2026-11-16T00:00:00.000Z');
  });

  it('defaults to the day the latest batch ended through today, at most a year long', () => {
    const now = new Date('2026-11-24T15:30:00.000Z');
    expect(defaultPeriod(now, '2026-11-16T00:00:00.000Z')).toEqual({ periodStart: '2026-11-16T00:00:00.000Z', periodEnd: '2026-11-25T00:00:00.000Z' });
    // A batch through today already: the next period starts today, not after its end.
    expect(defaultPeriod(now, '2026-11-25T00:00:00.000Z').periodStart).toBe('2026-11-24T00:00:00.000Z');
    // A batch that ended mid-day (paid up to its creation): from that day.
    expect(defaultPeriod(now, '2026-10-25T12:34:56.000Z').periodStart).toBe('2026-10-25T00:00:00.000Z');
    expect(defaultPeriod(now, null)).toEqual({ periodStart: '2026-10-25T00:00:00.000Z', periodEnd: '2026-11-25T00:00:00.000Z' });
    expect(defaultPeriod(now, '2020-01-01T00:00:00.000Z').periodStart).toBe('2025-11-24T00:00:00.000Z');
  });

  type Op = { kind: 'sale'; athlete: number; card: number; quantity: number; wait: number } | { kind: 'batch'; endOffsetMs: number; key: number };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ ...saleFields(MEMBERS), wait: fc.integer({ min: 1, max: 6 * 3_600_000 }) }),
    },
    // A period ending up to a day before now, or later today (through today: tomorrow 00:00 at most).
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('batch' as const), endOffsetMs: fc.integer({ min: -DAY, max: DAY }), key: fc.nat(2) }) },
  );

  it('pays exactly what was earned up to the cut-off and not yet paid, never more than was earned before the period’s end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        const store = createMemoryStore();
        let clock = Date.parse('2026-11-24T01:00:00.000Z');
        const now = () => new Date((clock += 1_000)).toISOString();
        const engine = createIngestEngine({ store, catalog: memoryCatalogReader(SAMPLE_CATALOG), options: () => options, now, sleep: () => Promise.resolve() });
        const earnedBy = (athleteId: number, end: string) => {
          const entries = store.all().filter((i) => i.PK === `ATHLETE#${athleteId}` && String(i.SK).startsWith('LEDGER#') && String(i.SK) < `LEDGER#${end}`);
          const last = entries.sort((a, b) => String(a.SK).localeCompare(String(b.SK))).at(-1);
          return last ? Number(last.salesAfterCents) - Number(last.reversalsAfterCents) + Number(last.creditsAfterCents) : 0;
        };
        const paidOut = (athleteId: number) =>
          ledgerHeadOf(store.all().find((i) => i.PK === `ATHLETE#${athleteId}` && i.SK === 'AGG#TOTAL')?.ledger).payoutsCents;
        let seq = 0;
        for (const op of ops) {
          if (op.kind === 'sale') {
            clock += op.wait;
            await ingestSale(engine, String(9_100_000_000_000_000n + BigInt(++seq)), op, new Date(clock).toISOString());
            continue;
          }
          const at = new Date(clock);
          // Never past the latest end the API accepts.
          const end = new Date(Math.min(clock + op.endOffsetMs, Date.parse(latestPeriodEnd(at)))).toISOString();
          const before = new Map(MEMBERS.map((id) => [id, paidOut(id)]));
          const payable = await Promise.all(MEMBERS.map((id) => payableBefore(store, id, payableUntil(end, new Date(clock + 1_000).toISOString()))));
          const input = {
            collectiveId: 1,
            members: MEMBERS,
            periodStart: '2026-11-01T00:00:00.000Z',
            periodEnd: end,
            idempotencyKey: `k-${op.key}-${++seq}`,
            by: 'u',
            now,
          };
          const result = await createBatch(store, input).catch((e: unknown) => e);
          if (result instanceof Error) {
            expect(`${result} ${JSON.stringify((result as { fields?: unknown }).fields ?? {})}`).toMatch(/Nothing to pay/);
            expect(payable.every((c) => c <= 0)).toBe(true);
            continue;
          }
          const { batch } = result as Awaited<ReturnType<typeof createBatch>>;
          const cutoff = payableUntil(end, batch.createdAt);
          expect(cutoff <= end).toBe(true);
          for (const id of MEMBERS) {
            const line = batch.lines?.find((l) => l.athleteId === id);
            const owed = Math.max(0, earnedBy(id, cutoff) - before.get(id)!);
            // Everything payable up to the cut-off, nothing more: the balance shown before is paid in one step.
            expect(line?.amountCents ?? 0).toBe(owed);
            expect(paidOut(id)).toBeLessThanOrEqual(Math.max(before.get(id)!, earnedBy(id, end)));
          }
          // A sale after the batch, inside its period when the period has not ended, is left for the next batch.
          const later = await payableBefore(store, MEMBERS[0], latestPeriodEnd(new Date(clock)));
          expect(later).toBe(Math.max(0, earnedBy(MEMBERS[0], latestPeriodEnd(new Date(clock))) - paidOut(MEMBERS[0])));
        }
        expect(verifyItems(store.all(), index, options).differences).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
