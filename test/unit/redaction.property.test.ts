// Property (issue 23): redaction never changes a figure. For any history of duplicated, reordered,
// refunded, cancelled and deleted deliveries (the ingestion property's arbitrary), redacting any of the
// buyers (Shopify's customers/redact, or a fan deleting their account: the same redaction events
// through the exactly-once ingestion path, sent any number of times, before or after settling) leaves
// every figure as it was: athlete totals and months, sale lines, the ledger, serials, unlocks, the
// number of fans and Top Fans, and what every fan holds (under a pseudonym now); `verify` finds no
// difference, and the redacted buyer's email and its buyer key are nowhere in the table.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import type { ContributionOptions } from '#shared/orders/contribution';
import { deliveryEvent } from '#shared/orders/deliveries';
import { isHandledTopic, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { createIngestEngine, settlePending } from '#lambdas/orders/ingest-engine';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import * as keys from '#lambdas/platform/keys';
import type { Item } from '#lambdas/platform/store';
import { verifyItems } from '../../scripts/lib/verify';
import { EDITION_CATALOG, deliveryHistoryArb } from '../support/delivery-arbitrary';

const index = indexCatalog(EDITION_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };
const BUYERS = ['a@example.com', 'b@example.com'];

/** Every figure, with the fans' holdings as a multiset per athlete (the buyer key is what changes). */
function figures(items: Item[]): string[] {
  const out: string[] = [];
  for (const i of items) {
    const sk = String(i.SK);
    if (sk === 'AGG#TOTAL')
      out.push(
        JSON.stringify([
          i.PK,
          'total',
          i.cardsSold ?? 0,
          i.revenueCents ?? 0,
          i.orderCount ?? 0,
          i.uniqueFans ?? 0,
          i.topFanCount ?? 0,
          i.issued ?? {},
          i.unlockedAt ?? {},
          i.ledger ?? {},
        ]),
      );
    else if (sk.startsWith('AGG#M#')) out.push(JSON.stringify([i.PK, sk, i.cardsSold ?? 0, i.revenueCents ?? 0, i.orderCount ?? 0]));
    else if (sk.startsWith('SALE#')) out.push(JSON.stringify([i.PK, sk, i.quantity, i.amountCents, i.status, i.serials ?? []]));
    else if (sk.startsWith('LEDGER#')) out.push(JSON.stringify([i.PK, i.seq, i.grossCents, i.athleteShareCents, i.balanceAfterCents]));
    else if (sk.startsWith('FAN#') && Object.values((i.cards as Record<string, number>) ?? {}).some((n) => n > 0))
      out.push(JSON.stringify([i.PK, 'fan', i.cards, i.serials ?? {}, i.top === true]));
    else if (sk.startsWith('TOPFAN#')) out.push(JSON.stringify([i.PK, 'topfan']));
    else if (sk === 'AGG' && String(i.PK).startsWith('UNATTR#')) out.push(JSON.stringify([i.PK, i.units ?? 0, i.revenueCents ?? 0, i.lines ?? 0]));
  }
  return out.sort();
}

const redactArb = fc.record({
  who: fc.subarray(BUYERS, { minLength: 1 }),
  times: fc.integer({ min: 1, max: 3 }),
  settleBetween: fc.boolean(),
});

describe('redaction', () => {
  it('never changes a figure, and leaves no trace of the redacted buyers', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryHistoryArb, redactArb, async (deliveries, redact) => {
        const store = createMemoryStore();
        let clock = Date.parse('2026-11-01T00:00:00.000Z');
        const engine = createIngestEngine({
          store,
          catalog: memoryCatalogReader(EDITION_CATALOG),
          options: () => options,
          now: () => new Date((clock += 1000)).toISOString(),
          sleep: () => Promise.resolve(),
        });
        for (const d of deliveries) {
          if (!isHandledTopic(d.topic)) continue;
          await engine.ingest(deliveryEvent(d.topic, parseJsonPreservingBigInts(d.body), undefined, '2026-11-01T00:00:00.000Z'), { webhookId: d.webhookId });
        }
        for (let i = 0; i < 20 && (await settlePending(engine, store)).orders > 0; i++);
        const before = figures(store.all());

        // Each redacted buyer's orders (as the privacy code finds them: under the buyer's key) get one pseudonym.
        for (let round = 0; round < redact.times; round++) {
          for (const email of redact.who) {
            const orders = await store.queryIndex(keys.buyerPartition(hashEmail(email)), 1000);
            const ids = [...new Set(orders.map((o) => String(o.orderId)))];
            for (const orderId of ids)
              await engine.accept({
                kind: 'redact',
                orderId,
                pseudonym: `redacted+${hashEmail(email).slice(0, 12)}@redacted.invalid`,
                at: '2026-11-30T00:00:00.000Z',
                by: 'test',
              });
            if (redact.settleBetween) await settlePending(engine, store);
          }
        }
        for (let i = 0; i < 20 && (await settlePending(engine, store)).orders > 0; i++);
        const items = store.all();
        expect(figures(items)).toEqual(before);
        const report = verifyItems(items, index, options);
        expect(report.differences).toEqual([]);
        expect(report.pending).toBe(0);
        const text = JSON.stringify(items);
        for (const email of redact.who) {
          expect(text).not.toContain(email);
          expect(text).not.toContain(hashEmail(email));
        }
      }),
      { numRuns: 120 },
    );
  }, 180_000);
});
