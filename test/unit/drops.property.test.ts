// Property (issue 24 item 4, decision 0022): a moment drop's serials are exactly 1..print run, none
// reused, under duplicated, reordered and concurrent deliveries across the close. Acceptors and
// batching sweepers (each its own engine, as separate Lambda instances) run while two drop sweeps
// race to close the drop at a random moment; the settle engine reads the catalog from the same
// store the close writes. At the end the drop closed once, its print run is what was issued at
// the close (on the card and on the athlete's total), no order created outside the window holds a
// serial, later units are oversold (counted and flagged, never dropped), and verify finds every
// figure equal to a recomputation.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import type { Catalog } from '#shared/catalog/catalog-types';
import type { ContributionOptions } from '#shared/orders/contribution';
import { deliveryEvent } from '#shared/orders/deliveries';
import { isHandledTopic, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import type { HandledTopic } from '#shared/orders/shopify';
import type { AppliedAthleteGroup } from '#shared/orders/settlement';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import { athleteFromItems, catalogItems } from '#lambdas/catalog/catalog-items';
import { cardsRepo } from '#lambdas/cards/cards-repo';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { RetryLater } from '#lambdas/platform/errors';
import { createIngestEngine, settlePending } from '#lambdas/orders/ingest-engine';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { verifyItems } from '../../scripts/lib/verify';
import { EDITION_CATALOG, deliveryHistoryArbOf } from '../support/delivery-arbitrary';
import type { Delivery } from '../support/delivery-arbitrary';

const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };
// The generated orders are created on the 10th of months 1 to 3 of 2026: months 1 and 2 fall in the window.
const WINDOW = { startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2026-02-15T00:00:00.000Z' };
const CLOSE_AT = new Date('2026-02-15T00:00:30.000Z');
const DROP_ATHLETE = 1;
const DROP_CARD = 1;

/** EDITION_CATALOG with athlete 1's first card a live moment drop (an open edition, no quota). */
const CATALOG: Catalog = {
  ...EDITION_CATALOG,
  athletes: EDITION_CATALOG.athletes.map((a) =>
    a.id !== DROP_ATHLETE
      ? a
      : {
          ...a,
          digitalcollectibles: a.digitalcollectibles.map((c) =>
            c.id === DROP_CARD ? { ...c, editionSize: null, unlock: null, drop: { ...WINDOW, closedAt: null, printRun: null } } : c,
          ),
        },
  ),
};

const dropDeps = {
  now: () => CLOSE_AT,
  fingerprint: async (url: string) => `hash:${url}`,
  publishMode: () => 'local' as const,
  createProduct: async () => '1',
  setProductStatus: async () => undefined,
};

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const handled = (d: Delivery): d is Delivery & { topic: HandledTopic } => isHandledTopic(d.topic);
const eventOf = (d: Delivery & { topic: HandledTopic }) => deliveryEvent(d.topic, parseJsonPreservingBigInts(d.body), undefined, '2026-03-20T00:00:00.000Z');

async function run(deliveries: Delivery[], workers: { acceptors: number; sweepers: number; closeAfter: number }, seed: number) {
  const random = prng(seed);
  const store = createMemoryStore({
    yieldBetween: async () => {
      for (let i = Math.floor(random() * 4); i > 0; i--) await new Promise((r) => setImmediate(r));
    },
  });
  for (const item of catalogItems(structuredClone(CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  // The drop's due close, as scheduling it writes.
  const end = keys.dropEnd(WINDOW.endsAt, DROP_ATHLETE, DROP_CARD);
  store.items.set(keyString(end), { ...end, athleteId: DROP_ATHLETE, cardId: DROP_CARD, endsAt: WINDOW.endsAt });
  // The settle engine reads each athlete's cards from the store (where the close writes the card);
  // products and rosters from the static catalog (they do not change here).
  const catalog = {
    ...memoryCatalogReader(CATALOG),
    athlete: async (id: number) => athleteFromItems(await store.query(keys.catalogAthletePartition(id), 1_000)),
  };
  let clock = Date.parse('2026-03-20T00:00:00.000Z');
  const newEngine = () =>
    createIngestEngine({ store, catalog, options: () => options, now: () => new Date((clock += 1000)).toISOString(), sleep: () => Promise.resolve() });
  const queue = deliveries.filter(handled);
  let accepted = 0;
  let accepting = workers.acceptors;
  const acceptors = Array.from({ length: workers.acceptors }, async () => {
    const engine = newEngine();
    for (let d = queue.shift(); d; d = queue.shift()) {
      try {
        await engine.accept(eventOf(d), { webhookId: d.webhookId });
        accepted++;
      } catch (error) {
        if (!(error instanceof RetryLater)) throw error;
        queue.push(d);
      }
    }
    accepting--;
  });
  const sweepers = Array.from({ length: workers.sweepers }, async () => {
    const engine = newEngine();
    for (;;) {
      const done = accepting === 0;
      const swept = await settlePending(engine, store, { limit: 3 });
      if (done && swept.orders === 0) return;
      await new Promise((r) => setImmediate(r));
    }
  });
  // Two drop sweeps race to close it once `closeAfter` deliveries are in; a sweep that lost to
  // settle steps moving the total leaves the drop due, and sweeps again (every minute in AWS).
  let closes = 0;
  const due = () => store.items.has(keyString(end));
  const closers = Array.from({ length: 2 }, async () => {
    while (accepted < Math.min(workers.closeAfter, deliveries.length) && accepting > 0) await new Promise((r) => setImmediate(r));
    while (due()) {
      const swept = await cardsRepo(store).sweepDrops(dropDeps, { graceMs: 0 });
      closes += swept.closed;
      await new Promise((r) => setImmediate(r));
    }
  });
  await Promise.all([...acceptors, ...sweepers, ...closers]);
  return { items: store.all(), closes };
}

describe('a moment drop across its close', () => {
  it('numbers exactly 1..print run, none reused, and closes once, whatever the deliveries do', async () => {
    let sawLate = 0;
    let sawNumbered = 0;
    await fc.assert(
      fc.asyncProperty(
        deliveryHistoryArbOf(12),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat({ max: 30 }),
        fc.integer(),
        async (deliveries, acceptors, sweepers, closeAfter, seed) => {
          const { items, closes } = await run(deliveries, { acceptors, sweepers, closeAfter }, seed);
          const report = verifyItems(items, indexCatalog(CATALOG), options);
          expect(report.differences).toEqual([]);
          expect(report.pending).toBe(0);
          expect(closes).toBe(1);

          const card = athleteFromItems(items.filter((i) => i.PK === keys.catalogAthletePartition(DROP_ATHLETE)))!.digitalcollectibles.find(
            (c) => c.id === DROP_CARD,
          )!;
          const total = items.find((i) => i.PK === keys.aggTotal(DROP_ATHLETE).PK && i.SK === keys.aggTotal(DROP_ATHLETE).SK);
          const issued = Number((total?.issued as Record<string, number> | undefined)?.[DROP_CARD] ?? 0);
          const printRun = card.drop!.printRun!;
          expect(card.drop!.closedAt).toBe(CLOSE_AT.toISOString());
          expect(card.editionSize).toBe(printRun);
          expect((total?.printRuns as Record<string, number> | undefined)?.[DROP_CARD] ?? 0).toBe(printRun);
          expect(issued).toBe(printRun);

          // Every serial of the drop, active or retired, exactly once: 1..print run.
          const serials: number[] = [];
          for (const item of items.filter((i) => keys.familyOf(i as unknown as Key) === 'applied' && i.athleteId === DROP_ATHLETE)) {
            const applied = item as unknown as AppliedAthleteGroup & { athleteId: number };
            const createdAt = applied.meta?.createdAt ?? '';
            for (const line of Object.values(applied.lines)) {
              if (line.cardId !== DROP_CARD) continue;
              const held = [...line.active, ...line.retired].flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k));
              // An order created outside the window holds no serial: its units are oversold.
              if (createdAt && (createdAt < WINDOW.startsAt || createdAt >= WINDOW.endsAt)) expect(held).toEqual([]);
              serials.push(...held);
              sawLate += line.oversold;
            }
          }
          expect([...serials].sort((a, b) => a - b)).toEqual(Array.from({ length: printRun }, (_, k) => k + 1));
          sawNumbered += printRun;
        },
      ),
      { numRuns: 120 },
    );
    // The runs numbered units, and counted units after the close or outside the window.
    expect(sawNumbered).toBeGreaterThan(0);
    expect(sawLate).toBeGreaterThan(0);
  }, 240_000);
});
