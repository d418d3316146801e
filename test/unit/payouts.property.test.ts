// Property: payouts, past allocations, activations and statements (lambdas/money/payouts.ts) over the in-memory
// store, mixed with sales and refunds through the ingestion engine, some of them concurrent:
// every ledger stays consistent (verify), a batch never pays more than what was earned before its
// period's end and not yet paid, balances carry forward exactly from one statement to the next,
// and a batch created twice with the same idempotency key is one batch.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import type { ContributionOptions } from '#shared/orders/contribution';
import { balanceOf } from '#shared/money/ledger';
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { createBatch, listBatches, markPayout, statement } from '#lambdas/money/payouts';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { createActivation, moveActivation } from '#lambdas/money/activations';
import { verifyItems } from '../../scripts/lib/verify';
import { ingestSale, recordTestDonation, saleFields } from '../support/money-fixtures';

const index = indexCatalog(SAMPLE_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (k) => buyerAlias(k, 'salt') };
const MEMBERS = [1, 2, 3];

type Op =
  | { kind: 'sale'; athlete: number; card: number; quantity: number }
  | { kind: 'refund'; sale: number }
  | { kind: 'batch'; key: number; twice: boolean }
  | { kind: 'pay'; line: number }
  | { kind: 'allocate'; athlete: number; cents: number; key: number }
  | { kind: 'activate'; athlete: number; cents: number; answer: 'confirm' | 'confirm-twice' | 'decline' | 'cancel' | 'none' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(saleFields(MEMBERS)),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), sale: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('batch' as const), key: fc.nat(3), twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), line: fc.nat(10) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('allocate' as const),
      athlete: fc.constantFrom(...MEMBERS),
      cents: fc.integer({ min: 1, max: 9_000 }),
      key: fc.nat(2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('activate' as const),
      athlete: fc.constantFrom(...MEMBERS),
      cents: fc.integer({ min: 100, max: 9_000 }),
      answer: fc.constantFrom('confirm' as const, 'confirm-twice' as const, 'decline' as const, 'cancel' as const, 'none' as const),
    }),
  },
);

describe('payouts', () => {
  it('never pay more than was earned before the period ended, keep every ledger consistent and carry balances forward exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const store = createMemoryStore({ yieldBetween: () => new Promise((r) => setImmediate(r)) });
        let clock = Date.parse('2026-10-01T00:00:00.000Z');
        const now = () => new Date((clock += 60_000)).toISOString();
        const engine = createIngestEngine({ store, catalog: memoryCatalogReader(SAMPLE_CATALOG), options: () => options, now, sleep: () => Promise.resolve() });
        await recordTestDonation(store, 20_000);
        const sales: Array<{ orderId: string; lineId: string; quantity: number; price: string }> = [];
        const batchEnds: string[] = [];
        let seq = 0;
        for (const op of ops) {
          if (op.kind === 'sale') {
            const orderId = String(9_000_000_000_000_000n + BigInt(++seq));
            const line = await ingestSale(engine, orderId, op, new Date(clock).toISOString());
            sales.push({ orderId, lineId: line.id, quantity: op.quantity, price: line.price });
          } else if (op.kind === 'refund' && sales.length) {
            const sale = sales[op.sale % sales.length];
            const refund = refundPayload({
              id: `${sale.orderId}9${++seq}`,
              orderId: sale.orderId,
              createdAt: new Date(clock).toISOString(),
              lines: [{ lineItemId: sale.lineId, quantity: 1, subtotal: sale.price }],
            });
            await engine.ingest({ kind: 'refund', refund: normalizeRefund(parseJsonPreservingBigInts(refund)) });
          } else if (op.kind === 'batch') {
            const end = new Date(clock).toISOString();
            const input = {
              collectiveId: 1,
              members: MEMBERS,
              periodStart: '2026-01-01T00:00:00.000Z',
              periodEnd: end,
              idempotencyKey: `key-${op.key}-${end}`,
              by: 'u',
              now,
            };
            const runs = op.twice
              ? [
                  createBatch(store, input),
                  createBatch(store, input),
                  engine.ingest({
                    kind: 'order',
                    order: normalizeOrder(
                      parseJsonPreservingBigInts(
                        orderPayload({
                          id: String(8_000_000_000_000_000n + BigInt(++seq)),
                          createdAt: end,
                          email: 'x@example.com',
                          lines: [{ id: `${seq}7`, productId: sampleProductId(1, 1), title: 'Card', quantity: 1, price: '3.00' }],
                        }),
                      ),
                    ),
                  }),
                ]
              : [createBatch(store, input)];
            const results = await Promise.allSettled(runs);
            const batches = results
              .slice(0, op.twice ? 2 : 1)
              .flatMap((r) => (r.status === 'fulfilled' ? [(r.value as { batch: { batchId: string } }).batch.batchId] : []));
            if (batches.length === 2) expect(batches[0]).toBe(batches[1]); // the same key is one batch
            for (const r of results)
              if (r.status === 'rejected')
                expect(`${r.reason} ${JSON.stringify((r.reason as { fields?: unknown }).fields ?? {})}`).toMatch(/Nothing (left )?to pay/);
            batchEnds.push(end);
          } else if (op.kind === 'pay') {
            const lines = [...store.items.values()].filter((i) => String(i.SK).startsWith('PAYOUT#') && String(i.PK).startsWith('COLLECTIVE#'));
            if (lines.length) {
              const line = lines[op.line % lines.length];
              const input = {
                collectiveId: 1,
                batchId: String(line.batchId),
                athleteId: Number(line.athleteId),
                status: 'paid' as const,
                date: '2026-10-02',
                reference: 'ACH-1',
                idempotencyKey: `pay-${line.batchId}-${line.athleteId}`,
                by: 'u',
                now,
              };
              await markPayout(store, input).catch((e: unknown) => expect(String(e)).toMatch(/already marked/));
              await markPayout(store, input); // the same request again: the same answer, nothing doubled
            }
          } else if (op.kind === 'allocate') {
            await allocateDonation(store, {
              collectiveId: 1,
              donationId: 'd-1',
              allocations: [{ athleteId: op.athlete, amountCents: op.cents }],
              idempotencyKey: `alloc-${op.key}-${op.athlete}-${op.cents}`,
              by: 'u',
              now,
            }).catch((e: unknown) => expect(String(e)).toMatch(/left to allocate|differently/));
          } else if (op.kind === 'activate') {
            const { activation } = await createActivation(
              store,
              {
                athleteId: op.athlete,
                kind: 'appearance',
                description: 'Appearance',
                date: '2026-10-01',
                priceCents: op.cents,
                proofUrl: 'https://example.com/p',
                collectiveId: 1,
                collectiveName: 'C',
                athleteName: 'A',
                idempotencyKey: `act-${++seq}`,
              },
              { sub: 'u', label: 'u' },
              now(),
            );
            const ref = { collectiveId: 1, activationId: activation.id, athleteId: op.athlete };
            const who = { sub: 'a', label: 'A' };
            if (op.answer === 'confirm') await moveActivation(store, ref, 'confirm', 'athlete', who, now);
            if (op.answer === 'confirm-twice') await Promise.all([1, 2].map(() => moveActivation(store, ref, 'confirm', 'athlete', who, now)));
            if (op.answer === 'decline') await moveActivation(store, ref, 'decline', 'athlete', who, now, 'No');
            if (op.answer === 'cancel') await moveActivation(store, ref, 'cancel', 'collective', who, now);
          }
        }
        const items = store.all();
        expect(verifyItems(items, index, options).differences).toEqual([]);
        for (const athleteId of MEMBERS) {
          const head = ledgerHeadOf(items.find((i) => i.PK === `ATHLETE#${athleteId}` && i.SK === 'AGG#TOTAL')?.ledger);
          // Credited for activations: exactly the confirmed ones' prices (no deliverable, no credit).
          const confirmed = items.filter((i) => i.type === 'activation' && i.PK === 'COLLECTIVE#1' && i.athleteId === athleteId && i.status === 'confirmed');
          expect(head.activationsCents).toBe(confirmed.reduce((n, a) => n + Number(a.priceCents), 0));
          // Never more paid out than was earned before the latest batch's end.
          const lastEnd = batchEnds.at(-1);
          const entries = items.filter((i) => i.PK === `ATHLETE#${athleteId}` && String(i.SK).startsWith('LEDGER#'));
          const earnedBy = (end: string) => {
            const before = entries.filter((e) => String(e.SK) < `LEDGER#${end}`).at(-1);
            return before ? Number(before.salesAfterCents) - Number(before.reversalsAfterCents) + Number(before.creditsAfterCents) : 0;
          };
          if (lastEnd) expect(head.payoutsCents).toBeLessThanOrEqual(Math.max(0, ...batchEnds.map(earnedBy)));
          else expect(head.payoutsCents).toBe(0);
          // Statements chain: each period opens with the last one's closing balance.
          const cuts = ['2026-01-01T00:00:00.000Z', '2026-10-01T00:10:00.000Z', '2026-10-01T00:30:00.000Z', '2027-01-01T00:00:00.000Z'];
          let carried = 0;
          for (let i = 0; i + 1 < cuts.length; i++) {
            const s = await statement(store, athleteId, cuts[i], cuts[i + 1]);
            expect(s.openingBalanceCents).toBe(carried);
            expect(s.openingBalanceCents + s.earningsCents - s.reversalsCents + s.creditsCents - s.payoutsCents).toBe(s.closingBalanceCents);
            carried = s.closingBalanceCents;
          }
          expect(carried).toBe(balanceOf(head));
        }
        // Every batch is finished (no half-written batch is left behind).
        for (const b of await listBatches(store, 1)) expect(b.status).toBe('created');
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
