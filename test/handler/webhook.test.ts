import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { MAX_WEBHOOK_BYTES, handler } from '#lambdas/orders/webhook.handler';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { installWebhookTable } from '../support/fake-table';
import { invoke } from '../support/invoke';
import { TEST_SECRET, sampleOrder, sendWebhook, webhookHeaders } from '../support/webhooks';

const ddb = mockClient(DynamoDBDocumentClient);
const order = sampleOrder('9223372036854775807');

describe('webhook handler', () => {
  beforeEach(() => {
    // Prepare: the catalog (product index, profiles...) as the table holds it; no order or marker yet.
    installWebhookTable(ddb, TEST_SECRET);
  });

  it('rejects a missing signature with 401 and touches nothing', async () => {
    const res = await invoke(handler, 'POST /api/webhooks/shopify', { body: order, headers: { 'x-shopify-topic': 'orders/create' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('rejects a signature made with another secret with 401', async () => {
    const res = await sendWebhook(handler, 'orders/create', order, { secret: 'wrong' });
    expect(res.status).toBe(401);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('verifies over the raw bytes: a re-serialised body fails', async () => {
    const headers = webhookHeaders('orders/create', order);
    const reserialised = JSON.stringify(JSON.parse(order));
    const res = await invoke(handler, 'POST /api/webhooks/shopify', { body: reserialised, headers });
    expect(res.status).toBe(401);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const big = `{"pad":"${'x'.repeat(MAX_WEBHOOK_BYTES)}"}`;
    const res = await sendWebhook(handler, 'orders/create', big);
    expect(res.status).toBe(413);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('answers 400 for malformed JSON and for a payload that is not an order, counting nothing and parking it for an operator', async () => {
    expect((await sendWebhook(handler, 'orders/create', '{"id": 1,', { webhookId: 'bad-json' })).status).toBe(400);
    const notOrder = await sendWebhook(handler, 'orders/create', '{"hello":"world"}', { webhookId: 'not-order' });
    expect(notOrder.status).toBe(400);
    expect(notOrder.body.error.fields).toHaveProperty('id');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const parked = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(parked).toEqual([
      expect.objectContaining({ PK: 'PARKED', SK: 'WEBHOOK#bad-json', reason: 'malformed' }),
      expect.objectContaining({ PK: 'PARKED', SK: 'WEBHOOK#not-order', reason: 'malformed' }),
    ]);
  });

  it('answers 422 to an order in another shop currency and parks it, never counting it at face value', async () => {
    const yen = orderPayload({
      id: '9223372036854775806',
      currency: 'JPY',
      createdAt: '2026-02-01T00:00:00Z',
      email: 'fan@example.com',
      lines: [{ id: '1', productId: sampleProductId(1, 1), title: 'Marcus Reed - Card #1', quantity: 1, price: '1500' }],
    });
    const res = await sendWebhook(handler, 'orders/create', yen, { webhookId: 'yen' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('currency_not_supported');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({ PK: 'PARKED', SK: 'ORDER#9223372036854775806', reason: 'currency' });
  });

  it('answers 503 with the error format when storage is unavailable', async () => {
    ddb.on(BatchGetCommand).rejects(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }));
    const res = await sendWebhook(handler, 'orders/create', order);
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'storage_unavailable' });
  });

  it('acknowledges other topics with 200 and ignores them', async () => {
    const res = await sendWebhook(handler, 'products/update', '{"id":1}');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ignored: true, topic: 'products/update' });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('stores an order in one transaction guarded by the order version and the webhook id, with its pending groups', async () => {
    const res = await sendWebhook(handler, 'orders/create', order, { webhookId: 'hook-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'applied', orderId: '9223372036854775807' });
    const [call] = ddb.commandCalls(TransactWriteCommand);
    const items = call.args[0].input.TransactItems ?? [];
    expect(items[0].Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(items[0].Put?.Item).toMatchObject({ PK: 'ORDER#9223372036854775807', version: 1, pending: new Set(['A#1']) });
    expect(items[1].Put?.Item?.PK).toBe('WEBHOOK#hook-1');
    expect(items[2].Put?.Item).toMatchObject({ PK: 'PENDING#7', SK: 'ORDER#9223372036854775807' });
    // One read before it: the webhook marker, the order and the line's product in one BatchGetItem.
    const reads = ddb.commandCalls(BatchGetCommand).map((c) => (c.args[0].input.RequestItems?.Orders?.Keys ?? []).map((k) => String(k.PK)));
    expect(reads).toEqual([expect.arrayContaining(['WEBHOOK#hook-1', 'ORDER#9223372036854775807', expect.stringMatching(/PRODUCT/)])]);
    expect(reads[0]).toHaveLength(3);
  });

  it('answers 503 when concurrent updates never settle, so Shopify retries', async () => {
    const conflict = Object.assign(new Error('conflict'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] });
    ddb.on(TransactWriteCommand).rejects(conflict);
    const res = await sendWebhook(handler, 'orders/create', order);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('retry_later');
  }, 20_000);

  it('treats a repeated webhook id as a duplicate without writing', async () => {
    // The table holds the marker (the marker is read with the order and the products, in one call).
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Array<{ PK: string }> }> }) => ({
      Responses: { Orders: input.RequestItems.Orders.Keys.filter((k) => k.PK === 'WEBHOOK#seen').map((k) => ({ ...k })) },
    }));
    const res = await sendWebhook(handler, 'orders/create', order, { webhookId: 'seen' });
    expect(res.body.outcome).toBe('duplicate');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
