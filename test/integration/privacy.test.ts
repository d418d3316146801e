// Shopify's mandatory privacy webhooks on DynamoDB Local: verified before anything (401 on a bad
// signature, nothing stored); a customer's redaction removes the email from every one of the
// customer's orders (named or found under the email), moves the holdings to an anonymous collector
// and keeps every figure (verify: 0 differences); a data request is queued for the operators, whose
// export holds what Drift has for that customer; each is recorded once, however often it arrives.
import { settlePending } from '#lambdas/orders/ingest';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as operator } from '#lambdas/operator/operator.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore, keyString } from '#lambdas/platform/store';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { acceptEvent } from '#lambdas/orders/accept';
import { redactShop } from '../../scripts/lib/privacy';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver, sendWebhook } from '../support/webhooks';

jest.setTimeout(60_000);

let table: TestTable;
const operatorClaims = { sub: 'operator-1', email: 'ops@example.com', email_verified: 'true', 'cognito:groups': '[operator]' };
const card = (id: string, quantity = 1) => ({ id, productId: sampleProductId(1, 1), title: 'Card', quantity, price: '5.00' });
const ORDER_A = '19100000000000000001';
const ORDER_B = '19100000000000000002';
const ORDER_C = '19100000000000000003';

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  table = await createTestTable();
  for (const [id, email, created] of [
    [ORDER_A, 'fan@example.com', '2026-10-02T10:00:00Z'],
    [ORDER_B, 'Fan@Example.com', '2026-10-03T10:00:00Z'],
    [ORDER_C, 'other@example.com', '2026-10-04T10:00:00Z'],
  ] as const) {
    const res = await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: created, email, lines: [card(`${id}1`)] }));
    expect(res.status).toBe(200);
  }
});
afterAll(() => table?.drop());

const privacy = (topic: string, body: object, options: { signature?: string; webhookId?: string } = {}) =>
  sendWebhook(webhook, topic, JSON.stringify(body), options);
const stats = async () => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) })).body;
const collection = async (email: string) => (await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer(email) })).body;
const rawOrder = async (id: string) => JSON.stringify((await dynamoStore.get([keys.order(id)])).get(keyString(keys.order(id))));
const redactBody = {
  shop_id: 954889,
  shop_domain: 'drift-test.myshopify.com',
  customer: { id: 191167, email: 'fan@example.com', phone: null },
  orders_to_redact: [ORDER_A],
};

it('refuses a privacy request with a bad signature and stores nothing', async () => {
  const res = await privacy('customers/redact', redactBody, { signature: 'bm90IHRoZSBzaWduYXR1cmU=' });
  expect(res.status).toBe(401);
  expect((await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items).toEqual([]);
  expect(await rawOrder(ORDER_A)).toContain('fan@example.com');
});

it("redacts the customer's orders, keeps every figure and the holdings as an anonymous collector's", async () => {
  const before = await stats();
  expect((await collection('fan@example.com')).items.length).toBeGreaterThan(0);
  const res = await privacy('customers/redact', redactBody);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ requestId: 'redact-954889-191167', status: 'completed', orders: 2 });
  await settlePending();

  // The email is gone from both orders (the one Shopify named and the one found under the email).
  for (const id of [ORDER_A, ORDER_B]) {
    const raw = await rawOrder(id);
    expect(raw.toLowerCase()).not.toContain('fan@example.com');
    expect(raw).toContain('@redacted.invalid');
    expect(raw).not.toContain(hashEmail('fan@example.com'));
  }
  expect(await rawOrder(ORDER_C)).toContain('other@example.com');
  // The customer's holdings left their key: signing in with that email finds nothing any more...
  expect((await collection('fan@example.com')).items).toEqual([]);
  const fans = await dynamoStore.query(keys.athletePartition(1), 100, { beginsWith: 'FAN#' });
  expect(fans.some((f) => f.SK === `FAN#${hashEmail('fan@example.com')}`)).toBe(false);
  // ...and every figure is as it was.
  expect(await stats()).toEqual(before);
  expect((await verifyTable()).differences).toEqual([]);
});

it('records a redaction once, however often Shopify delivers it', async () => {
  const again = await privacy('customers/redact', redactBody);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ requestId: 'redact-954889-191167', status: 'completed' });
  const queue = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items;
  expect(queue).toHaveLength(1);
  expect(queue[0]).toMatchObject({ topic: 'customers/redact', status: 'completed', redactedOrders: 2, completedBy: 'shopify:customers/redact' });
  expect(JSON.stringify(queue)).not.toContain('example.com');
});

it("queues a data request for the operators, whose export holds the customer's orders and holdings", async () => {
  const body = {
    shop_id: 954889,
    shop_domain: 'drift-test.myshopify.com',
    orders_requested: [ORDER_C],
    customer: { id: 191168, email: 'other@example.com', phone: null },
    data_request: { id: 9999 },
  };
  expect((await privacy('customers/data_request', body)).status).toBe(200);
  expect((await privacy('customers/data_request', body)).status).toBe(200);
  const queue = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items;
  expect(queue.map((q: { requestId: string }) => q.requestId)).toEqual(['data-954889-9999', 'redact-954889-191167']);
  expect(queue[0]).toMatchObject({ status: 'received', orders: 1, dueBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

  expect((await invoke(operator, 'GET /api/operator/privacy', { claims: claimsFor.collective(1) })).status).toBe(403);
  const exportOf = (id: string, claims = operatorClaims) =>
    invoke(operator, 'GET /api/operator/privacy/{requestId}/export', { claims, pathParameters: { requestId: id } });
  expect((await exportOf('data-954889-9999', claimsFor.collective(1))).status).toBe(403);
  expect((await exportOf('redact-954889-191167')).status).toBe(409);
  expect((await exportOf('data-954889-1')).status).toBe(404);
  expect((await exportOf('../etc')).status).toBe(400);
  const res = await exportOf('data-954889-9999');
  expect(res.status).toBe(200);
  expect(res.headers?.['content-disposition']).toContain('drift-data-954889-9999.json');
  expect(res.body.orders).toEqual([expect.objectContaining({ orderId: ORDER_C, email: 'other@example.com', totalCents: 500 })]);
  expect(res.body.holdings).toEqual([expect.objectContaining({ athleteId: 1 })]);
  const after = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items[0];
  expect(after.status).toBe('exported');
});

it('records a shop redaction for the operator; a malformed request is a 400', async () => {
  expect((await privacy('shop/redact', { shop_id: 954889, shop_domain: 'drift-test.myshopify.com' })).body).toMatchObject({
    requestId: 'shop-954889',
    status: 'received',
  });
  expect((await privacy('customers/redact', { shop_id: 954889 })).status).toBe(400);
  expect((await privacy('customers/data_request', { shop_id: 954889, customer: { id: 5 } })).status).toBe(400);
});

it("carries out a shop's redaction with the operator's command: no order names a buyer, every figure stays", async () => {
  const before = await stats();
  const result = await redactShop(dynamoStore, 'shop-954889', { accept: (e) => acceptEvent(e), by: 'operator:test' });
  expect(result).toEqual({ orders: 1, buyers: 1, alreadyRedacted: 2 });
  await settlePending();
  for (const id of [ORDER_A, ORDER_B, ORDER_C]) expect(await rawOrder(id)).not.toMatch(/@example\.com/i);
  expect(await stats()).toEqual(before);
  expect((await verifyTable()).differences).toEqual([]);
  const queue = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items;
  expect(queue.find((q: { requestId: string }) => q.requestId === 'shop-954889')).toMatchObject({
    status: 'completed',
    completedBy: 'operator:test',
    redactedOrders: 1,
  });
  await expect(redactShop(dynamoStore, 'data-954889-9999', { accept: (e) => acceptEvent(e), by: 'x' })).rejects.toThrow(/not a shop redaction/);
});
