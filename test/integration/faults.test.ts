// Faults against a real DynamoDB Local of this file's own (kept on disk so it survives a restart):
// storage stopped in the middle of a burst, and 200 concurrent deliveries on one athlete-month.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import { resetDdbClient } from '#lambdas/platform/dynamodb';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { startDynamoLocal, type DynamoLocal } from '../../scripts/local/dynamodb-local';
import { verifyTable } from '../../scripts/lib/verify';
import { settlePending } from '#lambdas/orders/ingest';
import { pool } from '../../scripts/bench/util';
import { createTestTable, type TestTable } from '../support/dynamo';
import { invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(90_000);

const PRICE_CENTS: Record<number, number> = { 1: 300, 2: 500, 3: 2500 };
const price = (cardId: number) => `${PRICE_CENTS[cardId] / 100}.00`;

let dataDir: string;
let dynamo: DynamoLocal;
let table: TestTable;
let seq = 0;
const nextId = () => String(9_200_000_000_000_000_000n + BigInt(++seq) * 104_729n);
const stats = async (athleteId: number) => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(athleteId) } })).body;

interface Delivery {
  topic: string;
  body: string;
  webhookId: string;
}

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'nil-faults-'));
  dynamo = await startDynamoLocal({ dbPath: dataDir });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDdbClient();
  table = await createTestTable();
});

afterAll(async () => {
  await table?.drop().catch(() => undefined);
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('storage outage in the middle of a burst', () => {
  it('answers 5xx for the deliveries that failed, and after a restart their redelivery leaves every figure exact', async () => {
    // Prepare: 60 orders for athletes 3 and 4 in one month, and refunds for 10 of them.
    const deliveries: Delivery[] = [];
    const expected = new Map<number, { cards: number; cents: number; orders: number }>([
      [3, { cards: 0, cents: 0, orders: 0 }],
      [4, { cards: 0, cents: 0, orders: 0 }],
    ]);
    for (let i = 0; i < 60; i++) {
      const athleteId = 3 + (i % 2);
      const cardId = 1 + (i % 3);
      const quantity = 1 + (i % 2);
      const orderId = nextId();
      const lineId = nextId();
      deliveries.push({
        topic: 'orders/create',
        webhookId: `outage-o${i}`,
        body: orderPayload({
          id: orderId,
          createdAt: '2026-10-05T12:00:00Z',
          email: `buyer${i % 7}@example.com`,
          lines: [{ id: lineId, productId: sampleProductId(athleteId, cardId), title: `Card ${cardId}`, quantity, price: price(cardId) }],
        }),
      });
      let units = quantity;
      if (i % 6 === 0) {
        deliveries.push({
          topic: 'refunds/create',
          webhookId: `outage-r${i}`,
          body: refundPayload({
            id: nextId(),
            orderId,
            createdAt: '2026-10-06T00:00:00Z',
            lines: [{ lineItemId: lineId, quantity: 1, subtotal: price(cardId) }],
          }),
        });
        units -= 1;
      }
      const e = expected.get(athleteId)!;
      e.cards += units;
      e.cents += units * PRICE_CENTS[cardId];
      e.orders += units > 0 ? 1 : 0;
    }

    // Act: a burst, 4 in flight; storage stops after the 20th answer.
    let answered = 0;
    let stopping: Promise<void> | undefined;
    const first = await pool(deliveries, 4, async (d) => {
      const res = await deliver(webhook, d.topic, d.body, { webhookId: d.webhookId });
      if (++answered === 20) stopping = dynamo.stop();
      return res.status;
    });
    await stopping;
    const failed = deliveries.filter((_, i) => first[i] !== 200);

    // Assess: every failure is a 5xx (Shopify retries those), none is a 4xx.
    expect(first.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    expect(failed.length).toBeGreaterThan(0);
    expect(first.filter((s) => s !== 200).every((s) => s >= 500)).toBe(true);

    // Act: restart on the same port and data directory; Shopify redelivers the failed ones
    // (with the same webhook ids, in another order).
    dynamo = await startDynamoLocal({ port: dynamo.port, dbPath: dataDir });
    resetDdbClient();
    invalidateCatalogCache();
    const second = await pool([...failed].reverse(), 4, async (d) => (await deliver(webhook, d.topic, d.body, { webhookId: d.webhookId })).status);

    // Assess: nothing lost, nothing doubled (the sweep settles what the outage left pending).
    expect(second.every((s) => s === 200)).toBe(true);
    while ((await settlePending()).orders > 0);
    for (const [athleteId, e] of expected) {
      const s = await stats(athleteId);
      expect({ cards: s.totalCardsSold, cents: s.totalRevenueCents, orders: s.orderCount }).toEqual(e);
    }
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
    expect(report.orders).toBe(60);
  });
});

describe('concurrency', () => {
  it('keeps exact figures under 200 concurrent deliveries for the same athlete and month', async () => {
    // Prepare: 200 orders of athlete 5, one month, five buyers (fan holdings contended too).
    const deliveries: Delivery[] = Array.from({ length: 200 }, (_, i) => {
      const cardId = 1 + (i % 3);
      return {
        topic: 'orders/create',
        webhookId: `conc-${i}`,
        body: orderPayload({
          id: nextId(),
          createdAt: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`,
          email: `fan${i % 5}@example.com`,
          lines: [{ id: nextId(), productId: sampleProductId(5, cardId), title: `Card ${cardId}`, quantity: 1, price: price(cardId) }],
        }),
      };
    });
    const expectedCents = deliveries.reduce((sum, _, i) => sum + PRICE_CENTS[1 + (i % 3)], 0);

    // Act: 32 in flight at a time (DynamoDB Local on two cores chokes on 200 at once), each a real
    // TransactWriteItems on the same total and month items, racing the others; a 503 (conflicts
    // that did not settle) is redelivered, as Shopify would.
    let retried = 0;
    const statuses = await pool(deliveries, 32, async (d) => {
      for (let attempt = 1; ; attempt++) {
        const res = await deliver(webhook, d.topic, d.body, { webhookId: d.webhookId });
        if (res.status !== 503 || attempt === 20) return res.status;
        retried++;
        await new Promise((r) => setTimeout(r, 20 * attempt));
      }
    });

    // Assess
    expect(statuses.every((s) => s === 200)).toBe(true);
    while ((await settlePending()).orders > 0); // the scheduled sweep: what contention left pending
    const s = await stats(5);
    expect({ cards: s.totalCardsSold, cents: s.totalRevenueCents, orders: s.orderCount, fans: s.uniqueFans }).toEqual({
      cards: 200,
      cents: expectedCents,
      orders: 200,
      fans: 5,
    });
    expect(s.monthly).toEqual([{ month: '2026-10', cardsSold: 200, revenueCents: expectedCents, orderCount: 200 }]);
    expect(s.topFans).toHaveLength(5); // each fan bought all three cards
    expect((await verifyTable()).differences).toEqual([]);
    console.info(`200 concurrent deliveries: ${retried} redeliveries after 503`);
  });
});
