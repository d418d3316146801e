import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { invalidateCatalogCache } from '../../lambdas/common/catalog-repo';
import { MAX_WEBHOOK_BYTES, handler } from '../../lambdas/functions/webhook';
import { SAMPLE_CATALOG, sampleProductId } from '../../shared/seed-data';
import { orderPayload } from '../../shared/shopify-payloads';
import { invoke } from '../support/invoke';
import { TEST_SECRET, sendWebhook, webhookHeaders } from '../support/webhooks';

const ddb = mockClient(DynamoDBDocumentClient);
const order = orderPayload({ id: '9223372036854775807', createdAt: '2026-02-01T00:00:00Z', email: 'fan@example.com', lines: [{ id: '1', productId: sampleProductId(1, 1), title: 'Marcus Reed - Card #1', quantity: 1, price: '3.00' }] });

const catalogItems = [
  ...SAMPLE_CATALOG.athletes.map((data) => ({ type: 'athlete', data })),
  ...SAMPLE_CATALOG.collectives.map((data) => ({ type: 'collective', data })),
];

describe('webhook handler', () => {
  beforeEach(() => {
    // Prepare
    ddb.reset();
    invalidateCatalogCache();
    process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
    process.env.LOG_LEVEL = 'silent';
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: catalogItems });
    ddb.on(TransactWriteCommand).resolves({});
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

  it('answers 400 for malformed JSON and for a payload that is not an order, storing nothing', async () => {
    expect((await sendWebhook(handler, 'orders/create', '{"id": 1,')).status).toBe(400);
    const notOrder = await sendWebhook(handler, 'orders/create', '{"hello":"world"}');
    expect(notOrder.status).toBe(400);
    expect(notOrder.body.error.fields).toHaveProperty('id');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('acknowledges other topics with 200 and ignores them', async () => {
    const res = await sendWebhook(handler, 'products/update', '{"id":1}');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ignored: true, topic: 'products/update' });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('writes an order in one transaction guarded by the order version and the webhook id', async () => {
    const res = await sendWebhook(handler, 'orders/create', order, { webhookId: 'hook-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'applied', orderId: '9223372036854775807' });
    const [call] = ddb.commandCalls(TransactWriteCommand);
    const items = call.args[0].input.TransactItems ?? [];
    expect(items[0].Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(items[0].Put?.Item?.PK).toBe('ORDER#9223372036854775807');
    expect(items[1].Put?.Item?.PK).toBe('WEBHOOK#hook-1');
    expect(items.some((i) => i.Update?.Key?.SK === 'AGG#TOTAL')).toBe(true);
  });

  it('answers 503 when concurrent updates never settle, so Shopify retries', async () => {
    const conflict = Object.assign(new Error('conflict'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] });
    ddb.on(TransactWriteCommand).rejects(conflict);
    const res = await sendWebhook(handler, 'orders/create', order);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('retry_later');
  }, 20_000);

  it('treats a repeated webhook id as a duplicate without writing', async () => {
    ddb.on(GetCommand, { Key: { PK: 'WEBHOOK#seen', SK: 'WEBHOOK' } }).resolves({ Item: { PK: 'WEBHOOK#seen' } });
    const res = await sendWebhook(handler, 'orders/create', order, { webhookId: 'seen' });
    expect(res.body.outcome).toBe('duplicate');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
