// Property: settling in batches (lambdas/orders/ingest-settle.ts settleMany, the sweeper; the pure
// fold is shared/orders/settle-batch.ts) keeps every effect exactly once. Deliveries are accepted
// by concurrent workers while concurrent sweepers (each its own engine, as separate Lambda
// instances: their in-process locks do not see each other) settle whatever is pending, many
// orders of an athlete per transaction, with reads and writes interleaved at random. Every figure
// equals a recomputation (verify), serials are exactly 1..issued, no transaction exceeds
// DynamoDB's 100 items, and a batch leaves item for item what the same orders settled one by one
// leave. With the guard on the athlete's total removed, the same property fails.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import type { ContributionOptions } from '#shared/orders/contribution';
import type { DomainEvent } from '#shared/cards/domain-events';
import { deliveryEvent } from '#shared/orders/deliveries';
import { isHandledTopic, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import type { HandledTopic } from '#shared/orders/shopify';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { RetryLater } from '#lambdas/platform/errors';
import { createIngestEngine, settlePending } from '#lambdas/orders/ingest-engine';
import type { Store, Write } from '#lambdas/platform/store';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import * as keys from '#lambdas/platform/keys';
import { verifyItems } from '../../scripts/lib/verify';
import { EDITION_CATALOG, deliveryHistoryArbOf } from '../support/delivery-arbitrary';
import type { Delivery } from '../support/delivery-arbitrary';

const index = indexCatalog(EDITION_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };
const manyOrders = deliveryHistoryArbOf(14);

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const eventOf = (d: Delivery & { topic: HandledTopic }) => deliveryEvent(d.topic, parseJsonPreservingBigInts(d.body), undefined, '2026-11-01T00:00:00.000Z');
const handled = (d: Delivery): d is Delivery & { topic: HandledTopic } => isHandledTopic(d.topic);

interface RunOptions {
  acceptors: number;
  sweepers: number;
  seed: number;
  /** Markers each sweep reads per shard (small: many passes, each a few orders). */
  sweepLimit: number;
  /** Rewrites every transaction (a deliberately broken guard). */
  mutate?: (writes: Write[]) => Write[];
  /** The settle hook's items for each event (they join the batch's transaction). */
  eventWrites?: (event: DomainEvent) => Write[];
}

async function run(deliveries: Delivery[], o: RunOptions) {
  const random = prng(o.seed);
  const base = createMemoryStore({
    yieldBetween: async () => {
      for (let i = Math.floor(random() * 4); i > 0; i--) await new Promise((r) => setImmediate(r));
    },
  });
  let largest = 0;
  let batched = 0;
  const store: Store = {
    ...base,
    transact: async (writes) => {
      largest = Math.max(largest, writes.length);
      batched = Math.max(batched, writes.filter((w) => 'put' in w && String(w.put.SK).startsWith(keys.appliedPrefix) && w.put.kind === 'athlete').length);
      await base.transact(o.mutate ? o.mutate(writes) : writes);
    },
  };
  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  const newEngine = () =>
    createIngestEngine({
      store,
      catalog: memoryCatalogReader(EDITION_CATALOG),
      options: () => options,
      now: () => new Date((clock += 1000)).toISOString(),
      sleep: () => Promise.resolve(),
      ...(o.eventWrites ? { eventWrites: o.eventWrites } : {}),
    });
  const queue = [...deliveries];
  let accepting = o.acceptors;
  const acceptors = Array.from({ length: o.acceptors }, async () => {
    const engine = newEngine();
    for (let d = queue.shift(); d; d = queue.shift()) {
      if (!handled(d)) continue;
      try {
        await engine.accept(eventOf(d), { webhookId: d.webhookId });
      } catch (error) {
        if (!(error instanceof RetryLater)) throw error;
        queue.push(d); // Shopify redelivers after a 503
      }
    }
    accepting--;
  });
  const sweepers = Array.from({ length: o.sweepers }, async () => {
    const engine = newEngine();
    for (;;) {
      const done = accepting === 0;
      const swept = await settlePending(engine, store, { limit: o.sweepLimit });
      if (done && swept.orders === 0) return;
      await new Promise((r) => setImmediate(r));
    }
  });
  await Promise.all([...acceptors, ...sweepers]);
  return { items: base.all(), largest, batched };
}

describe('batched settlement', () => {
  it('equals a recomputation with concurrent acceptors and concurrent batching sweepers', async () => {
    let sawBatch = false;
    await fc.assert(
      fc.asyncProperty(
        manyOrders,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer(),
        async (deliveries, acceptors, sweepers, sweepLimit, seed) => {
          const { items, largest, batched } = await run(deliveries, { acceptors, sweepers, sweepLimit, seed });
          const report = verifyItems(items, index, options);
          expect(report.differences).toEqual([]);
          expect(report.pending).toBe(0);
          expect(largest).toBeLessThanOrEqual(100);
          sawBatch ||= batched > 1;
        },
      ),
      { numRuns: 150 },
    );
    // The runs did settle several orders of one athlete in one transaction.
    expect(sawBatch).toBe(true);
  }, 180_000);

  it('leaves item for item what the same orders settled one by one leave, events included', async () => {
    let sawEvent = false;
    await fc.assert(
      fc.asyncProperty(manyOrders, async (deliveries) => {
        // The hook's item per event: the events a batch causes are those of the orders one by one.
        const eventWrites = (event: DomainEvent): Write[] => {
          const subject = 'cardId' in event ? event.cardId : event.buyerKey;
          const cause = 'cause' in event ? `${event.cause.orderId}#${event.cause.orderVersion}` : 'drop';
          return [{ put: { PK: `EVENT#${event.kind}`, SK: `${event.athleteId}#${subject}#${cause}` }, condition: { notExists: true } }];
        };
        const settleWith = async (mode: 'one' | 'many') => {
          const store = createMemoryStore();
          const engine = createIngestEngine({
            store,
            catalog: memoryCatalogReader(EDITION_CATALOG),
            options: () => options,
            now: () => '2026-11-01T00:00:00.000Z',
            eventWrites,
          });
          const accepted: string[] = [];
          for (const d of deliveries) {
            if (!handled(d)) continue;
            const { orderId } = await engine.accept(eventOf(d), { webhookId: d.webhookId });
            accepted.push(orderId);
          }
          const order = [...new Set(accepted)];
          if (mode === 'many') await engine.settleMany(order);
          else for (const id of order) await engine.settle(id);
          return store.all();
        };
        const one = await settleWith('one');
        const many = await settleWith('many');
        // A fan's version moves once per write: one by one, once per order that changes it; in a batch, once.
        const comparable = (items: Record<string, unknown>[]) => items.map((i) => (String(i.SK).startsWith('FAN#') ? { ...i, version: 'moved' } : i));
        expect(comparable(many)).toEqual(comparable(one));
        expect(verifyItems(many, index, options).differences).toEqual([]);
        sawEvent ||= many.some((i) => String(i.PK).startsWith('EVENT#'));
      }),
      { numRuns: 100 },
    );
    expect(sawEvent).toBe(true);
  }, 120_000);

  it('fails when the guard on the athlete total is removed (the property can catch a lost update)', async () => {
    const unguarded = (writes: Write[]): Write[] =>
      writes.map((w) => ('update' in w && w.update.SK === 'AGG#TOTAL' && 'condition' in w ? { ...w, condition: undefined } : w) as Write);
    const result = await fc.check(
      fc.asyncProperty(manyOrders, fc.integer(), async (deliveries, seed) => {
        const { items } = await run(deliveries, { acceptors: 2, sweepers: 3, sweepLimit: 2, seed, mutate: unguarded });
        expect(verifyItems(items, index, options).differences).toEqual([]);
      }),
      { numRuns: 100, seed: 27, endOnFailure: true },
    );
    expect(result.failed).toBe(true);
  }, 180_000);
});
