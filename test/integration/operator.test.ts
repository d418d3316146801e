// The platform inbox on DynamoDB Local: a real order whose products are not in the catalog and
// whose vendor and titles name no school (a snowboard, a custom item) is stored under school 0;
// only operators see it; an operator sends a line to a collective, whose unattributed sales then
// list it and who assigns it to a card; every figure stays exact (verify).
import { settle } from '#lambdas/orders/ingest';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as operator } from '#lambdas/operator/operator.handler';
import { handler as unattributedFn } from '#lambdas/orders/unattributed.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(60_000);

let table: TestTable;
const operatorClaims = { sub: 'operator-1', email: 'ops@example.com', email_verified: 'true', 'cognito:groups': '[operator]' };
const orderId = '19000000000000000001';
const snowboard = {
  id: '19000000000000000011',
  productId: '7001001',
  title: 'The Complete Snowboard',
  quantity: 1,
  price: '699.95',
  vendor: 'Snowboard Vendor',
};
const custom = { id: '19000000000000000012', productId: '7001002', title: 'Custom engraving', quantity: 2, price: '10.00', vendor: 'Drift Shop' };

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  table = await createTestTable();
  const res = await deliver(
    webhook,
    'orders/create',
    orderPayload({ id: orderId, createdAt: '2026-10-02T10:00:00Z', email: 'rider@example.com', lines: [snowboard, custom] }),
  );
  expect(res.status).toBe(200);
});
afterAll(() => table?.drop());

const inbox = (claims: Record<string, string> | undefined = operatorClaims, query?: Record<string, string>) =>
  invoke(operator, 'GET /api/operator/unattributed', { claims, query });
const route = (body: object, claims: Record<string, string> = operatorClaims) =>
  invoke(operator, 'POST /api/operator/unattributed/route', { claims, body: JSON.stringify(body) });
const collectiveStats = async (id: number) =>
  (await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: String(id) }, claims: claimsFor.collective(id) })).body;

it('keeps sales that name no school in the platform inbox, seen by operators only', async () => {
  const res = await inbox();
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ units: 3, revenueCents: 71_995 });
  expect(res.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Custom engraving', 'The Complete Snowboard']);
  expect(JSON.stringify(res.body)).not.toContain('rider');
  expect((await invoke(operator, 'GET /api/operator/unattributed', {})).status).toBe(401);
  expect((await inbox(claimsFor.collective(1))).status).toBe(403);
  expect((await inbox(claimsFor.buyer('rider@example.com'))).status).toBe(403);
  // No collective sees them until an operator sends them.
  for (const id of [1, 2, 3]) expect(JSON.stringify((await collectiveStats(id)).unattributed)).not.toContain('Snowboard');
  expect((await inbox(operatorClaims, { cursor: 'eyJ4IjoxfQ' })).status).toBe(400);
});

it('lists the collectives a line can be sent to, with their schools', async () => {
  const res = await invoke(operator, 'GET /api/operator/collectives', { claims: operatorClaims });
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual(
    expect.arrayContaining([expect.objectContaining({ collectiveId: 1, schoolId: expect.any(Number), schoolName: expect.any(String) })]),
  );
  expect((await invoke(operator, 'GET /api/operator/collectives', { claims: claimsFor.collective(1) })).status).toBe(403);
});

it('sends a line to a collective, which then assigns it to a card; the figures move by exactly that line', async () => {
  expect((await route({ orderId, lineItemId: snowboard.id, collectiveId: 1 }, claimsFor.collective(1))).status).toBe(403);
  expect((await route({ orderId, lineItemId: snowboard.id, collectiveId: 999 })).status).toBe(400);
  expect((await route({ orderId, lineItemId: '1', collectiveId: 1 })).status).toBe(404);
  const sent = await route({ orderId, lineItemId: snowboard.id, collectiveId: 1 });
  expect(sent.status).toBe(202);
  await settle(orderId);
  expect((await route({ orderId, lineItemId: snowboard.id, collectiveId: 1 })).status).toBe(200); // the same again: unchanged
  expect((await route({ orderId, lineItemId: snowboard.id, collectiveId: 2 })).status).toBe(409); // it belongs to a school now

  const after = await inbox();
  expect(after.body).toMatchObject({ units: 2, revenueCents: 2_000 });
  expect(after.body.items.map((i: { title: string }) => i.title)).toEqual(['Custom engraving']);
  const mine = await collectiveStats(1);
  expect(mine.unattributed.recent).toEqual([expect.objectContaining({ orderId, lineItemId: snowboard.id, title: 'The Complete Snowboard' })]);
  expect(JSON.stringify((await collectiveStats(2)).unattributed)).not.toContain('Snowboard');

  const before = (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } })).body;
  const assigned = await invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
    pathParameters: { id: '1' },
    claims: claimsFor.collective(1),
    body: JSON.stringify({ orderId, lineItemId: snowboard.id, athleteId: 1, cardId: 1 }),
  });
  expect(assigned.status).toBe(202);
  await settle(orderId);
  const now = (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } })).body;
  expect(now.totalCardsSold - before.totalCardsSold).toBe(1);
  expect((await collectiveStats(1)).unattributed.recent).toEqual([]);
  expect((await verifyTable()).differences).toEqual([]);
});
