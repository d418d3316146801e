// The Stripe webhook's handler (lambdas/payments/stripe-webhook.handler.ts) on events whose object
// Stripe no longer returns: the handler's re-read answers 404 resource_missing (the stand-in answers
// as Stripe does), so no delivery of the event can ever apply. It answers 200 (a 5xx would make
// Stripe deliver it again for three days), logs one structured line with the event's and the
// object's ids, and records nothing in the table (not even the event as applied).
import { PassThrough } from 'node:stream';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '#lambdas/payments/stripe-webhook.handler';
import { sendLogsTo } from '#lambdas/platform/log';
import { signStripePayload } from '#lambdas/platform/stripe-client';
import { invoke } from '../support/invoke';
import { useStripeStandIn } from '../support/local-stripe';

jest.setTimeout(30_000);

const SECRET = 'whsec_gone_objects';
const ddb = mockClient(DynamoDBDocumentClient);
const rail = useStripeStandIn({ apiKey: 'sk_test_gone', retryDelayMs: 5, signingSecret: SECRET, log: () => undefined });
// A connected account that exists (a payout's event names it): only its payout is gone.
let accountId = '';
beforeAll(async () => {
  accountId = (
    await rail.stripe.request<{ id: string }>('POST', '/v1/accounts', {
      params: { type: 'express', country: 'US', capabilities: { transfers: { requested: true } } },
    })
  ).id;
});

const event = (id: string, type: string, object: Record<string, unknown>, account?: string) => {
  const body = Buffer.from(
    JSON.stringify({
      id,
      object: 'event',
      type,
      ...(account ? { account } : {}),
      api_version: '2026-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }),
  );
  return invoke(handler, 'POST /api/webhooks/stripe', { body, headers: { 'stripe-signature': signStripePayload(body, SECRET) } });
};

let lines: Array<Record<string, unknown>>;
const level = process.env.LOG_LEVEL;
beforeEach(() => {
  ddb.reset();
  // Nothing of these objects in the table: no event recorded, no line.
  ddb.on(BatchGetCommand).resolves({ Responses: {} });
  lines = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((l) => lines.push(JSON.parse(l) as Record<string, unknown>)),
  );
  sendLogsTo(sink, sink);
  process.env.LOG_LEVEL = 'info';
});
afterEach(() => {
  sendLogsTo(process.stdout, process.stderr);
  process.env.LOG_LEVEL = level;
});

const writes = () => [...ddb.commandCalls(PutCommand), ...ddb.commandCalls(UpdateCommand), ...ddb.commandCalls(TransactWriteCommand)];

it.each([
  ['a payout of a connected account', 'evt_gone_payout', 'payout.paid', { id: 'po_gone_1', object: 'payout' }, true],
  ['a transfer', 'evt_gone_transfer', 'transfer.reversed', { id: 'tr_gone_1', object: 'transfer' }, false],
])('answers 200 for %s Stripe no longer returns, logs it with both ids and records nothing', async (_what, id, type, object, connected) => {
  const res = await event(id, type, object, connected ? accountId : undefined);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ received: true, outcome: 'gone' });
  expect(writes()).toEqual([]);
  const gone = lines.filter((l) => l.message === 'stripe event for an object Stripe no longer has');
  expect(gone).toHaveLength(1);
  expect(gone[0]).toMatchObject({ level: 'WARN', eventId: id, type, objectId: object.id });
});
