// Webhook in -> figures out, against the real DynamoDB Local (no mocks).
import fc from 'fast-check';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as unattributedFn } from '#lambdas/orders/unattributed.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { settle, settlePending } from '#lambdas/orders/ingest';
import { createTestTable, type TestTable } from '../support/dynamo';
import { deliveryHistoryArb } from '../support/delivery-arbitrary';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(60_000);

let table: TestTable;
let seq = 0;
const nextId = () => String(18446744073709551000n - BigInt(++seq) * 1013n); // well above 2^53

const card = (athleteId: number, cardId: number, quantity = 1) => {
  const price = ({ 1: '3.00', 2: '5.00', 3: '25.00' } as Record<number, string>)[cardId];
  return { id: nextId(), productId: sampleProductId(athleteId, cardId), title: `Card ${athleteId}-${cardId}`, quantity, price: athleteId > 9 ? '5.00' : price };
};

const stats = async (athleteId: number) => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(athleteId) } })).body;

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  table = await createTestTable();
});

afterAll(() => table.drop());

describe('webhook ingestion against DynamoDB Local', () => {
  it('counts an order once across duplicates and several topics, and keeps 64-bit ids exact', async () => {
    const id = nextId();
    const lines = [card(5, 1, 2), card(5, 3)];
    const created = orderPayload({ id, createdAt: '2026-04-02T10:00:00Z', email: 'Buyer.One@example.com', financialStatus: 'paid', lines });
    expect((await deliver(webhook, 'orders/create', created, { webhookId: 'dup-1' })).body.outcome).toBe('applied');
    expect((await deliver(webhook, 'orders/create', created, { webhookId: 'dup-1' })).body.outcome).toBe('duplicate');
    expect((await deliver(webhook, 'orders/paid', created)).body.outcome).toBe('unchanged');

    const s = await stats(5);
    expect(s).toMatchObject({ totalCardsSold: 3, totalRevenueCents: 3100, orderCount: 1, uniqueFans: 1, averagePriceCents: 1033, earningsCents: 3007 });
    expect(s.monthly).toEqual([{ month: '2026-04', cardsSold: 3, revenueCents: 3100, orderCount: 1 }]);

    const orders = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '5' }, claims: claimsFor.athlete(5) });
    expect(orders.body.items).toEqual([
      {
        orderId: id,
        orderName: '#1000',
        createdAt: '2026-04-02T10:00:00.000Z',
        buyer: 'buyer.one',
        quantity: 3,
        amountCents: 3100,
        status: 'Paid',
        serials: expect.arrayContaining([
          { cardId: 1, from: 1, to: 2, editionSize: 500 },
          { cardId: 3, from: 1, to: 1, editionSize: 10 },
        ]),
        oversoldUnits: 0,
        whileLockedUnits: 1,
      },
    ]);
    // The sample editions: Base 500 and Signature 10; the Signature is still locked (10 Gold to sell first), so its unit is flagged.
    expect(JSON.stringify(orders.body)).not.toContain('@');
  });

  it('never lets an older updated_at overwrite a newer one, and cancellations remove the figures', async () => {
    const id = nextId();
    const lines = [card(6, 2)];
    const v1 = orderPayload({ id, createdAt: '2026-05-01T00:00:00Z', updatedAt: '2026-05-01T00:00:00Z', email: 'x@example.com', lines });
    const v3 = orderPayload({
      id,
      createdAt: '2026-05-01T00:00:00Z',
      updatedAt: '2026-05-03T00:00:00Z',
      cancelledAt: '2026-05-03T00:00:00Z',
      financialStatus: 'voided',
      email: 'x@example.com',
      lines,
    });
    const v2 = orderPayload({ id, createdAt: '2026-05-01T00:00:00Z', updatedAt: '2026-05-02T00:00:00Z', email: 'x@example.com', lines });
    await deliver(webhook, 'orders/create', v1);
    expect((await stats(6)).totalCardsSold).toBe(1);
    await deliver(webhook, 'orders/cancelled', v3);
    expect((await deliver(webhook, 'orders/updated', v2)).body.outcome).toBe('unchanged');
    expect(await stats(6)).toMatchObject({ totalCardsSold: 0, totalRevenueCents: 0, orderCount: 0, uniqueFans: 0 });
    const orders = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '6' }, claims: claimsFor.collective(2) });
    expect(orders.body.items[0]).toMatchObject({ orderId: id, status: 'Cancelled' });
  });

  it('applies refunds once, even when the refund arrives before its order', async () => {
    const id = nextId();
    const lines = [card(7, 3, 2)];
    const refund = refundPayload({
      id: nextId(),
      orderId: id,
      createdAt: '2026-06-05T00:00:00Z',
      lines: [{ lineItemId: lines[0].id, quantity: 1, subtotal: '25.00' }],
    });
    expect((await deliver(webhook, 'refunds/create', refund)).status).toBe(200);
    expect((await deliver(webhook, 'refunds/create', refund)).body.outcome).toBe('unchanged');
    await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: '2026-06-01T00:00:00Z', email: 'y@example.com', lines }));
    expect(await stats(7)).toMatchObject({ totalCardsSold: 1, totalRevenueCents: 2500, orderCount: 1 });
    // Shopify's later orders/updated reflects the refund in current_quantity: still counted once.
    await deliver(
      webhook,
      'orders/updated',
      orderPayload({
        id,
        createdAt: '2026-06-01T00:00:00Z',
        updatedAt: '2026-06-05T00:00:01Z',
        financialStatus: 'partially_refunded',
        email: 'y@example.com',
        lines: [{ ...lines[0], currentQuantity: 1 }],
      }),
    );
    expect(await stats(7)).toMatchObject({ totalCardsSold: 1, totalRevenueCents: 2500, orderCount: 1 });
  });

  it('names a Top Fan once a buyer holds every card of the athlete', async () => {
    const email = 'collector@example.com';
    for (const c of [1, 2])
      await deliver(webhook, 'orders/create', orderPayload({ id: nextId(), createdAt: '2026-07-01T00:00:00Z', email, lines: [card(8, c)] }));
    expect((await stats(8)).topFans).toEqual([]);
    await deliver(webhook, 'orders/create', orderPayload({ id: nextId(), createdAt: '2026-07-02T00:00:00Z', email, lines: [card(8, 3)] }));
    const { topFans } = await stats(8);
    expect(topFans).toEqual([{ buyer: expect.stringMatching(/^Fan [A-Z0-9]{6}$/), cardsHeld: 3 }]);
    expect(JSON.stringify(topFans)).not.toContain('collector');
    expect((await stats(8)).uniqueFans).toBe(1);
  });

  it("keeps lines no card matches as unattributed and shows them only to their own school's collective", async () => {
    await deliver(
      webhook,
      'orders/create',
      orderPayload({
        id: nextId(),
        createdAt: '2026-08-01T00:00:00Z',
        email: 'z@example.com',
        lines: [{ id: nextId(), productId: '42', title: 'Mystery box', quantity: 2, price: '9.50', vendor: 'Drift State University' }],
      }),
    );
    const own = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(own.body.unattributed.units).toBeGreaterThanOrEqual(2);
    expect(own.body.unattributed.recent[0]).toMatchObject({ title: 'Mystery box', units: 2, revenueCents: 1900, reason: 'unmatched' });
    const other = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '2' }, claims: claimsFor.collective(2) });
    expect(JSON.stringify(other.body.unattributed)).not.toContain('Mystery box');
  });

  it('lets the collective assign an unattributed line to a member card, exactly once', async () => {
    const id = nextId();
    const line = { id: nextId(), productId: '4242', title: 'Old listing - autographed item', quantity: 1, price: '5.00', vendor: 'Drift State University' };
    await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: '2026-08-03T00:00:00Z', email: 'w@example.com', lines: [line] }));
    const before = await stats(11);
    const unattributedBefore = (await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) }))
      .body.unattributed;
    const assign = (claims: Record<string, string>, athleteId = 11) =>
      invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
        pathParameters: { id: '1' },
        claims,
        body: JSON.stringify({ orderId: id, lineItemId: line.id, athleteId, cardId: 1 }),
      });
    expect((await assign(claimsFor.collective(2))).status).toBe(403); // another collective's account
    expect((await assign(claimsFor.collective(1), 4)).status).toBe(400); // not a member of collective 1
    // Collective 2 (Drift Tech) may not take a Drift State University sale for its own athlete.
    const cross = await invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
      pathParameters: { id: '2' },
      claims: claimsFor.collective(2),
      body: JSON.stringify({ orderId: id, lineItemId: line.id, athleteId: 4, cardId: 1 }),
    });
    expect(cross.status).toBe(403);
    // Accepted (202: the settle function applies it, as for a webhook), then the same again changes nothing.
    const accepted = await assign(claimsFor.collective(1));
    expect([accepted.status, accepted.body.outcome]).toEqual([202, 'applied']);
    await settle(id);
    expect((await assign(claimsFor.collective(1))).body.outcome).toBe('unchanged');
    // Assigned now: another card is refused (only unattributed sales can be assigned).
    expect(
      (
        await invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
          pathParameters: { id: '1' },
          claims: claimsFor.collective(1),
          body: JSON.stringify({ orderId: id, lineItemId: line.id, athleteId: 11, cardId: 1 }),
        })
      ).body.outcome,
    ).toBe('unchanged');
    expect(
      (
        await invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
          pathParameters: { id: '1' },
          claims: claimsFor.collective(1),
          body: JSON.stringify({ orderId: id, lineItemId: line.id, athleteId: 1, cardId: 1 }),
        })
      ).status,
    ).toBe(409);
    const after = await stats(11);
    expect(after.totalCardsSold - before.totalCardsSold).toBe(1);
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(500);
    const unattributedAfter = (await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) }))
      .body.unattributed;
    expect(unattributedBefore.units - unattributedAfter.units).toBe(1);
  });

  it('accepts an order with more unattributed lines than one transaction has items', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({ id: nextId(), productId: String(100 + i), title: `Loose item ${i}`, quantity: 1, price: '1.00' }));
    const res = await deliver(webhook, 'orders/create', orderPayload({ id: nextId(), createdAt: '2026-08-05T00:00:00Z', email: 'bulk@example.com', lines }));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('applied');
  });

  it('never loses an update under concurrent deliveries for the same athlete and month', async () => {
    const before = await stats(9);
    const bodies = Array.from({ length: 30 }, (_, i) =>
      orderPayload({ id: nextId(), createdAt: '2026-09-09T09:00:00Z', email: `c${i % 4}@example.com`, lines: [card(9, (i % 3) + 1)] }),
    );
    const results = await Promise.all(bodies.map((b) => deliver(webhook, 'orders/create', b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const after = await stats(9);
    expect(after.totalCardsSold - before.totalCardsSold).toBe(30);
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(10 * (300 + 500 + 2500));
    expect(after.uniqueFans).toBe(4);
    expect(after.topFans).toHaveLength(4);
  });

  it('stores test orders marked and leaves them out of the figures when the setting says so', async () => {
    const before = await stats(10);
    await deliver(
      webhook,
      'orders/create',
      orderPayload({ id: nextId(), createdAt: '2026-10-01T00:00:00Z', email: 'tester@example.com', test: true, lines: [card(10, 1)] }),
    );
    expect((await stats(10)).totalCardsSold).toBe(before.totalCardsSold);
  });

  it("serves the buyer's own orders from the buyer index", async () => {
    expect((await invoke(me, 'GET /api/me/orders')).status).toBe(401);
    expect((await invoke(me, 'GET /api/me/orders', { claims: claimsFor.buyer('buyer.one@example.com', false) })).status).toBe(403);
    const res = await invoke(me, 'GET /api/me/orders', { claims: claimsFor.buyer('buyer.one@example.com') });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].lines.map((l: { athleteId: number; cardId: number; quantity: number }) => [l.athleteId, l.cardId, l.quantity])).toEqual([
      [5, 1, 2],
      [5, 3, 1],
    ]);
  });

  it('leaves every figure equal to a recomputation (verify)', async () => {
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
    expect(report.orders).toBeGreaterThan(30);
  });
});

describe('property: any delivery history against the real table', () => {
  it('ends with figures equal to a recomputation', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryHistoryArb, async (deliveries) => {
        const t = await createTestTable();
        try {
          for (const d of deliveries) {
            const res = await deliver(webhook, d.topic, d.body, { webhookId: d.webhookId });
            expect(res.status).toBe(200);
          }
          await settlePending();
          const report = await verifyTable();
          expect(report.differences).toEqual([]);
        } finally {
          await t.drop();
          process.env.TABLE_NAME = table.tableName;
        }
      }),
      { numRuns: 12 },
    );
  });
});
