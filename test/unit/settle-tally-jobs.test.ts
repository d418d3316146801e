// Settlement's school-board tallies (lambdas/notifications/settle-hooks.ts) are jobs written in the
// settle transaction and applied later by the sender. A fan whose holding of an athlete goes to
// nothing loses its fan item, so the item's version starts again when the fan buys again: a tally
// keyed by that version collided with the one still waiting for the sender, its conditional put
// cancelled the settle transaction, and every later order of the athlete stayed pending until the
// sender ran. Keyed by the athlete total's version (one per committed batch), it never collides.
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import type { ContributionOptions } from '#shared/orders/contribution';
import { normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { leaderboardWrites } from '#lambdas/notifications/settle-hooks';
import { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { createMemoryStore } from '#lambdas/platform/memory-store';

const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };

const order = (id: string, createdAt: string) =>
  normalizeOrder(
    parseJsonPreservingBigInts(
      orderPayload({
        id,
        createdAt,
        email: 'returning.fan@example.com',
        financialStatus: 'paid',
        lines: [{ id: `${id}1`, productId: sampleProductId(1, 1), title: 'Marcus Reed - Card #1', quantity: 1, price: '3.00' }],
      }),
    ),
  );

it('settles a fan who bought, was refunded in full and bought again while the first tallies wait for the sender', async () => {
  const store = createMemoryStore();
  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  const engine = createIngestEngine({
    store,
    catalog: memoryCatalogReader(structuredClone(SAMPLE_CATALOG)),
    options: () => options,
    fanWrites: leaderboardWrites,
    sleep: () => Promise.resolve(),
    now: () => new Date((clock += 1000)).toISOString(),
  });
  const settled = async (event: Parameters<typeof engine.ingest>[0]) => (await engine.ingest(event, { deadline: Date.now() + 2_000 })).pending;

  expect(await settled({ kind: 'order', order: order('7100000000000000001', '2026-10-01T10:00:00.000Z') })).toBe(0);
  const refund = normalizeRefund(
    parseJsonPreservingBigInts(
      refundPayload({
        id: '7200000000000000001',
        orderId: '7100000000000000001',
        createdAt: '2026-10-02T10:00:00.000Z',
        lines: [{ lineItemId: '71000000000000000011', quantity: 1 }],
      }),
    ),
  );
  expect(await settled({ kind: 'refund', refund })).toBe(0);
  // The fan holds nothing of the athlete: its item is gone, the two tallies wait for the sender.
  expect(await settled({ kind: 'order', order: order('7100000000000000002', '2026-10-03T10:00:00.000Z') })).toBe(0);

  const tallies = store.all().filter((i) => i.kind === 'tally');
  expect(tallies.map((t) => t.delta)).toEqual(expect.arrayContaining([1, -1, 1]));
  expect(tallies).toHaveLength(3);
});
