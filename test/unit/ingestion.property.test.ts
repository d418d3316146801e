// Property: the ingestion engine itself (lambdas/orders/ingest-engine.ts, over an in-memory store
// with DynamoDB's conditional all-or-nothing semantics) leaves every figure equal to a
// recomputation from scratch, for any sequence of duplicated, reordered, refunded, cancelled and
// deleted deliveries processed by concurrent workers whose reads and writes interleave at random.
// Serials are exactly 1..issued without duplicates, each unit counted holds one serial or is
// oversold, the ledger follows its rounding rule, and a card unlocks if and only if counted sales
// of its quota card reached the quota at some point.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import type { ContributionOptions } from '#shared/orders/contribution';
import { deliveryEvent } from '#shared/orders/deliveries';
import { isHandledTopic, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { RetryLater } from '#lambdas/platform/errors';
import { createIngestEngine, settlePending } from '#lambdas/orders/ingest-engine';
import type { IngestStore } from '#lambdas/platform/store';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { verifyItems } from '../../scripts/lib/verify';
import { EDITION_CATALOG, deliveryHistoryArb } from '../support/delivery-arbitrary';
import type { Delivery } from '../support/delivery-arbitrary';

const index = indexCatalog(EDITION_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };

/** A small seeded PRNG, so a failing run replays exactly. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

async function run(deliveries: Delivery[], workers: number, seed: number) {
  const random = prng(seed);
  const store = createMemoryStore({
    yieldBetween: async () => {
      for (let i = Math.floor(random() * 4); i > 0; i--) await new Promise((r) => setImmediate(r));
    },
  });
  // Every count of every card ever committed, to check the unlock rule against history.
  const maxSeen = new Map<string, number>();
  const observed: IngestStore = {
    ...store,
    transact: async (writes) => {
      await store.transact(writes);
      for (const w of writes) {
        if ('update' in w && w.update.SK === 'AGG#TOTAL' && w.set?.cards) {
          for (const [card, units] of Object.entries(w.set.cards as Record<string, number>)) {
            const key = `${w.update.PK}|${card}`;
            maxSeen.set(key, Math.max(maxSeen.get(key) ?? 0, units));
          }
        }
      }
    },
  };
  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  // One engine per worker, as separate Lambda instances: their in-process locks do not see each
  // other, so only the store's conditions keep the effects exactly-once.
  const newEngine = () =>
    createIngestEngine({
      store: observed,
      catalog: memoryCatalogReader(EDITION_CATALOG),
      options: () => options,
      now: () => new Date((clock += 1000)).toISOString(),
      sleep: () => Promise.resolve(),
    });
  const engine = newEngine();
  const queue = [...deliveries];
  let retried = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const engine = newEngine();
      for (let d = queue.shift(); d; d = queue.shift()) {
        if (!isHandledTopic(d.topic)) continue;
        const event = deliveryEvent(d.topic, parseJsonPreservingBigInts(d.body), undefined, '2026-11-01T00:00:00.000Z');
        try {
          await engine.ingest(event, { webhookId: d.webhookId });
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          retried++;
          queue.push(d); // Shopify redelivers after a 503
        }
      }
    }),
  );
  for (let i = 0; i < 20 && (await settlePending(engine, observed)).orders > 0; i++);
  return { items: store.all(), maxSeen, retried };
}

describe('ingestion engine', () => {
  it('equals a recomputation for any interleaving of duplicated, reordered, refunded, cancelled and deleted deliveries', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryHistoryArb, fc.integer({ min: 1, max: 4 }), fc.integer(), async (deliveries, workers, seed) => {
        const { items, maxSeen } = await run(deliveries, workers, seed);
        const report = verifyItems(items, index, options);
        expect(report.differences).toEqual([]);
        expect(report.pending).toBe(0);

        // Unlocks: a card is unlocked exactly when its quota card's count reached the quota.
        for (const athlete of EDITION_CATALOG.athletes.slice(0, 4)) {
          const total = items.find((i) => i.PK === `ATHLETE#${athlete.id}` && i.SK === 'AGG#TOTAL');
          const unlockedAt = (total?.unlockedAt as Record<string, string> | undefined) ?? {};
          for (const card of athlete.digitalcollectibles) {
            if (!card.unlock) continue;
            const reached = (maxSeen.get(`ATHLETE#${athlete.id}|${card.unlock.cardId}`) ?? 0) >= card.unlock.units;
            expect({ athlete: athlete.id, card: card.id, unlocked: Boolean(unlockedAt[String(card.id)]) }).toEqual({
              athlete: athlete.id,
              card: card.id,
              unlocked: reached,
            });
          }
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('ends in the same figures whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryHistoryArb, fc.integer(), async (deliveries, seed) => {
        const figures = (items: Record<string, unknown>[]) =>
          items
            .filter(
              (i) =>
                String(i.SK).startsWith('AGG#') ||
                String(i.SK).startsWith('FAN#') ||
                String(i.SK).startsWith('TOPFAN#') ||
                String(i.SK).startsWith('SALE#') ||
                i.SK === 'AGG',
            )
            .map((i) => [
              i.PK,
              i.SK,
              i.cardsSold ?? 0,
              i.revenueCents ?? 0,
              i.orderCount ?? 0,
              i.uniqueFans ?? 0,
              i.earnedCents ?? 0,
              i.quantity ?? 0,
              i.amountCents ?? 0,
              i.units ?? 0,
              Object.values((i.cards as object) ?? {}).filter(Boolean).length,
            ])
            // Items left at zero (an emptied month, a fan who holds nothing now) record history, not figures.
            .filter((f) => String(f[1]).startsWith('SALE#') || f.slice(2).some((v) => v !== 0))
            .map((f) => JSON.stringify(f))
            .sort();
        const sequential = await run(deliveries, 1, seed);
        const concurrent = await run([...deliveries].reverse(), 4, seed + 1);
        expect(figures(concurrent.items)).toEqual(figures(sequential.items));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
