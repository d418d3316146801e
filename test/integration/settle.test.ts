// The settle function against DynamoDB Local: what the webhook accepted is applied when the
// table's stream delivers the order's PENDING marker, or by the scheduled sweep.
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as settleFn } from '#lambdas/orders/settle.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { invoke } from '../support/invoke';
import { TEST_SECRET, sendWebhook } from '../support/webhooks';

jest.setTimeout(60_000);

let table: TestTable;
const stats = async (athleteId: number) => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(athleteId) } })).body;
const order = (id: string, athleteId: number) =>
  orderPayload({
    id,
    createdAt: '2026-10-02T00:00:00Z',
    email: 'settle@example.com',
    lines: [{ id: `${id}1`, productId: sampleProductId(athleteId, 1), title: 'Card', quantity: 1, price: '3.00' }],
  });

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
});
afterAll(() => table.drop());

describe('settle function', () => {
  it('applies an accepted order when the stream delivers its PENDING marker, and ignores other records', async () => {
    const accepted = await sendWebhook(webhook, 'orders/create', order('9100000000000000001', 2));
    expect(accepted.status).toBe(200);
    expect((await stats(2)).totalCardsSold).toBe(0); // stored, not applied yet
    const marker = keys.pendingOrder('9100000000000000001');
    const record = (PK: string, SK: string, eventName: 'INSERT' | 'REMOVE', seq: string) => ({
      eventName,
      dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } }, SequenceNumber: seq },
    });
    const result = await settleFn({
      Records: [record('ATHLETE#2', 'AGG#TOTAL', 'INSERT', '1'), record(marker.PK, marker.SK, 'REMOVE', '2'), record(marker.PK, marker.SK, 'INSERT', '3')],
    } as never);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await stats(2)).toMatchObject({ totalCardsSold: 1, totalRevenueCents: 300 });
    // A redelivered stream record changes nothing.
    await settleFn({ Records: [record(marker.PK, marker.SK, 'INSERT', '3')] } as never);
    expect((await stats(2)).totalCardsSold).toBe(1);
  });

  it('sweeps whatever is still pending on its schedule', async () => {
    await sendWebhook(webhook, 'orders/create', order('9100000000000000002', 3));
    await sendWebhook(webhook, 'orders/create', order('9100000000000000013', 3));
    const result = await settleFn({ source: 'aws.events' } as never);
    expect(result).toMatchObject({ orders: 2, settled: 2, pending: 0 });
    expect((await stats(3)).totalCardsSold).toBe(2);
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
    expect(report.pending).toBe(0);
  });

  it("settles a burst of one athlete's orders in batches, as many per transaction as it holds (decision 0021)", async () => {
    // Prepare: 60 orders of athlete 4's first card by 20 buyers, accepted (stored, not applied).
    const ids = Array.from({ length: 60 }, (_, i) => `92000000000000${String(100 + i)}`);
    for (const [i, id] of ids.entries()) {
      const body = orderPayload({
        id,
        createdAt: '2026-10-03T00:00:00Z',
        email: `burst${i % 20}@example.com`,
        lines: [{ id: `${id}1`, productId: sampleProductId(4, 1), title: 'Card', quantity: 1, price: '3.00' }],
      });
      expect((await sendWebhook(webhook, 'orders/create', body)).status).toBe(200);
    }
    const records = ids.map((id, i) => {
      const marker = keys.pendingOrder(id);
      return { eventName: 'INSERT', dynamodb: { Keys: { PK: { S: marker.PK }, SK: { S: marker.SK } }, SequenceNumber: String(1000 + i) } };
    });
    const send = jest.spyOn(ddb(), 'send');

    // Act: one stream batch holding every marker.
    const result = await settleFn({ Records: records } as never);

    // Assess: all applied, in a handful of transactions of many items (at most 100 each).
    expect(result).toEqual({ batchItemFailures: [] });
    const sizes = send.mock.calls
      .map(([command]) => command as unknown)
      .filter((command) => command instanceof TransactWriteCommand)
      .map((command) => (command as TransactWriteCommand).input.TransactItems?.length ?? 0);
    send.mockRestore();
    const batches = sizes.filter((n) => n > 10);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.length).toBeLessThanOrEqual(8);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(await stats(4)).toMatchObject({ totalCardsSold: 60, totalRevenueCents: 18_000, uniqueFans: 20 });
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
    expect(report.pending).toBe(0);
  });
});
