// A fan's own data on DynamoDB Local through the account function (issue 23): "download my data"
// answers the account, the orders under its email and the cards held with their serials, and is
// recorded (served) in the operators' queue; "delete my account" emails a code through the SES
// client (here the local SES stand-in), refuses a wrong one, and with the right one redacts the
// fan's orders exactly as customers/redact does (the holdings move to an anonymous collector), removes
// the person's own items and the Cognito user, completes the queue's request with the CCPA dates, and
// leaves every figure as it was (verify: 0 differences). Panels' accounts are not deleted here.
// The deletion forgets the person everywhere (issue 32): the collector page and display name, the
// follows and the follower entries, the notices and their settings; the export holds them before.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { settlePending } from '#lambdas/orders/ingest';
import { handler as account } from '#lambdas/sales/account.handler';
import { handler as community } from '#lambdas/community/community.handler';
import { handler as notifications } from '#lambdas/notifications/notifications.handler';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as operator } from '#lambdas/operator/operator.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { hashEmail } from '#lambdas/identity/buyers';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { createLocalMail, type LocalMail } from '../../scripts/local/mail';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { useRecordingIdentityAdmin, type RecordingIdentityAdmin } from '../support/identity-admin';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(60_000);

const FAN = 'deleting.fan@example.com';
const OTHER = 'staying.fan@example.com';
const fan = { ...claimsFor.buyer(FAN), 'cognito:username': 'deletingfan' };
const operatorClaims = { sub: 'operator-1', email: 'ops@example.com', email_verified: 'true', 'cognito:groups': '[operator]' };
let table: TestTable;
let server: Server;
let mail: LocalMail;
let identity: RecordingIdentityAdmin;

const card = (id: string, cardId: number, quantity = 1) => ({ id, productId: sampleProductId(1, cardId), title: 'Card', quantity, price: '5.00' });
const figures = async () => {
  const stats = (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } })).body;
  return { cards: stats.totalCardsSold, revenue: stats.totalRevenueCents, fans: stats.uniqueFans, orders: stats.orderCount, topFans: stats.topFanCount };
};
const codeIn = () => /is (\d{6})\./.exec(String(mail.messages(FAN).at(-1)!.text))![1];

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  mail = createLocalMail({ basePath: '/local-mail' });
  server = createServer((req, res) => void mail.handle(req, res).then((answered) => answered || res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SES_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local-mail`;
  process.env.MAIL_FROM = 'Drift <no-reply@drift.test>';
  process.env.AWS_REGION ??= 'us-east-2';
  identity = useRecordingIdentityAdmin();
  table = await createTestTable();
  for (const [id, email, lines] of [
    ['19300000000000000001', FAN, [card('193000000000000000011', 1, 2)]],
    ['19300000000000000002', FAN, [card('193000000000000000021', 2)]],
    ['19300000000000000003', OTHER, [card('193000000000000000031', 1)]],
  ] as const) {
    const res = await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: '2026-10-05T10:00:00Z', email, lines: [...lines] }));
    expect(res.status).toBe(200);
  }
  await settlePending({ deadlineMs: 30_000 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await table?.drop();
});

it("downloads the fan's own data: account, orders, cards and serials, profile, follows, notifications; served and recorded for the operators", async () => {
  // A display name with a public page, a follow, and the bell read once (it records the address).
  expect((await invoke(community, 'PUT /api/me/profile', { claims: fan, body: JSON.stringify({ displayName: 'LeavingFan', public: true }) })).status).toBe(200);
  expect((await invoke(community, 'PUT /api/me/follows/{kind}/{id}', { claims: fan, pathParameters: { kind: 'athlete', id: '1' } })).status).toBe(200);
  expect((await invoke(notifications, 'GET /api/me/notifications', { claims: fan })).status).toBe(200);
  const res = await invoke(account, 'GET /api/me/data', { claims: fan });
  expect(res.body.profile).toMatchObject({ displayName: 'LeavingFan', public: true });
  expect(res.body.follows).toEqual([expect.objectContaining({ kind: 'athlete', id: 1 })]);
  expect(res.body.notifications.settings).toMatchObject({ address: FAN });
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/attachment/);
  expect(res.body.account).toMatchObject({ username: 'deletingfan', email: FAN, emailVerified: true, groups: ['buyer'] });
  expect(res.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual(['19300000000000000001', '19300000000000000002']);
  expect(res.body.orders[0]).toMatchObject({ email: FAN, totalCents: 1000, lines: [expect.objectContaining({ quantity: 2 })] });
  const cards = res.body.cards[0];
  expect(cards).toMatchObject({ athleteId: 1, athleteName: expect.any(String) });
  expect(cards.cards.map((c: { cardId: number; units: number }) => [c.cardId, c.units])).toEqual([
    [1, 2],
    [2, 1],
  ]);
  expect(cards.cards[0].serials.length).toBeGreaterThan(0);
  expect(JSON.stringify(res.body)).not.toContain(OTHER);
  const queue = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items;
  expect(queue.find((r: { topic: string }) => r.topic === 'account/data')).toMatchObject({ status: 'completed', acknowledgeBy: expect.any(String) });
});

it('refuses to delete an athlete’s or a collective’s account here', async () => {
  for (const claims of [claimsFor.athlete(1), claimsFor.collective(1)]) {
    const res = await invoke(account, 'POST /api/me/deletion', { claims });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/ask the platform's operators/);
  }
});

it('deletes the account with the emailed code, redacting its orders while every figure stays', async () => {
  const before = await figures();
  const asked = await invoke(account, 'POST /api/me/deletion', { claims: fan });
  expect(asked.status).toBe(200);
  expect(asked.body).toMatchObject({ sentTo: 'd***@example.com', expiresAt: expect.any(String) });
  expect(mail.messages(FAN).at(-1)).toMatchObject({ subject: 'Your Drift account deletion code', from: 'Drift <no-reply@drift.test>' });
  expect((await invoke(account, 'POST /api/me/deletion', { claims: fan })).status).toBe(409); // not again within a minute
  expect((await invoke(account, 'GET /api/me/account', { claims: fan })).body.deletion).toMatchObject({ expiresAt: asked.body.expiresAt });

  const wrong = await invoke(account, 'POST /api/me/deletion/confirm', {
    claims: fan,
    body: JSON.stringify({ code: codeIn() === '000000' ? '111111' : '000000' }),
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields.code).toBe('That code is not correct: check the email and try again');
  expect((await invoke(account, 'POST /api/me/deletion/confirm', { claims: fan, body: JSON.stringify({ code: '12' }) })).body.error.fields.code).toBe(
    'Enter the 6-digit code from the email',
  );
  expect(identity.deleted).toEqual([]);

  const done = await invoke(account, 'POST /api/me/deletion/confirm', { claims: fan, body: JSON.stringify({ code: codeIn() }) });
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ redactedOrders: 2, requestId: expect.stringMatching(/^account-delete-/) });
  expect(identity.deleted).toEqual(['deletingfan']);
  await settlePending({ deadlineMs: 30_000 });
  // The jobs settlement left (the school board's tallies of the redacted cards), as the sender applies them.
  const sender = (await import('#lambdas/notifications/default-sender')).defaultSender();
  for (const key of await sender.sweep()) await sender.deliver(key);

  expect(await figures()).toEqual(before);
  expect((await verifyTable()).differences).toEqual([]);
  // The cards stay as an anonymous collector's; the fan's key holds nothing.
  expect((await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer(FAN) })).body.items).toEqual([]);
  expect((await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer(OTHER) })).body.items).toHaveLength(1);
  const items = (await ddb().send(new ScanCommand({ TableName: tableName() }))).Items ?? [];
  expect(items.filter((i) => JSON.stringify(i).includes(FAN)).map((i) => `${i.PK}|${i.SK}`)).toEqual([]);
  const everything = JSON.stringify(items);
  expect(everything).not.toContain(hashEmail(FAN));
  expect(everything).toContain(OTHER);
  const request = (await invoke(operator, 'GET /api/operator/privacy', { claims: operatorClaims })).body.items.find(
    (r: { requestId: string }) => r.requestId === done.body.requestId,
  );
  expect(request).toMatchObject({
    topic: 'account/deletion',
    status: 'completed',
    redactedOrders: 2,
    accountClosedAt: expect.any(String),
    acknowledgeBy: expect.any(String),
    dueBy: expect.any(String),
  });
  expect(request.dueBy > request.acknowledgeBy).toBe(true);
  // Forgotten: the collector page is gone and its name free, the athlete's followers do not name
  // the fan, and a request with the still-valid token writes nothing.
  expect((await invoke(community, 'GET /api/collectors/{name}', { pathParameters: { name: 'LeavingFan' } })).status).toBe(404);
  expect((await invoke(community, 'PUT /api/me/follows/{kind}/{id}', { claims: fan, pathParameters: { kind: 'athlete', id: '1' } })).status).toBe(410);
  expect((await invoke(community, 'PUT /api/me/profile', { claims: fan, body: JSON.stringify({ displayName: 'LeavingFan', public: false }) })).status).toBe(
    410,
  );
  expect(
    (await invoke(community, 'PUT /api/me/profile', { claims: claimsFor.buyer(OTHER), body: JSON.stringify({ displayName: 'LeavingFan', public: false }) }))
      .status,
  ).toBe(200);
  expect(JSON.stringify((await ddb().send(new ScanCommand({ TableName: tableName() }))).Items)).not.toContain(hashEmail(FAN));
});
