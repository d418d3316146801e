// Webhook fuzzing (fast-check, aws-sdk-client-mock): random bodies, headers, topics, sizes and
// encodings. Bad input never gets a 5xx; nothing is stored without a valid signature; nothing is
// stored from a malformed payload even when it is correctly signed.
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { signShopify } from '#lambdas/orders/webhook-secret';
import { MAX_WEBHOOK_BYTES, handler } from '#lambdas/orders/webhook.handler';
import { sampleProductId } from '#shared/catalog/seed-data';
import { DELETE_TOPIC, ORDER_TOPICS, REFUND_TOPIC } from '#shared/orders/shopify';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { installWebhookTable } from '../support/fake-table';
import { invoke } from '../support/invoke';
import { TEST_SECRET } from '../support/webhooks';

const ddb = mockClient(DynamoDBDocumentClient);
const writeCalls = () =>
  ddb.commandCalls(TransactWriteCommand).length +
  ddb.commandCalls(PutCommand).length +
  ddb.commandCalls(UpdateCommand).length +
  ddb.commandCalls(DeleteCommand).length +
  ddb.commandCalls(BatchWriteCommand).length;
/** Writes other than parking the refused delivery for an operator (one Put into PARKED). */
const countingWrites = () => writeCalls() - ddb.commandCalls(PutCommand).filter((c) => c.args[0].input.Item?.PK === 'PARKED').length;
const parkedCalls = () => ddb.commandCalls(PutCommand).filter((c) => c.args[0].input.Item?.PK === 'PARKED').length;

const validOrder = () =>
  JSON.parse(
    orderPayload({
      id: '123456789',
      createdAt: '2026-03-01T00:00:00Z',
      email: 'fan@example.com',
      lines: [{ id: '11', productId: sampleProductId(1, 1), title: 'Card', quantity: 1, price: '3.00' }],
    }),
  ) as Record<string, unknown>;
const validRefund = () =>
  JSON.parse(
    refundPayload({ id: '77', orderId: '123456789', createdAt: '2026-03-02T00:00:00Z', lines: [{ lineItemId: '11', quantity: 1, subtotal: '3.00' }] }),
  ) as Record<string, unknown>;

// ---- arbitraries ---------------------------------------------------------------------------

const handledTopic = fc.constantFrom<string>(...ORDER_TOPICS, REFUND_TOPIC, DELETE_TOPIC);
const anyTopic = fc.oneof(
  handledTopic,
  fc.constantFrom('products/update', 'app/uninstalled', 'ORDERS/CREATE', '', ' orders/create '),
  fc.string({ maxLength: 40 }),
);

/** Raw bodies: JSON of any shape, text, random bytes (invalid UTF-8 included), UTF-16 with a BOM. */
const bodyBytes = fc.oneof(
  fc.json({ maxDepth: 3 }).map((s) => Buffer.from(s, 'utf8')),
  fc.string({ maxLength: 300, unit: 'binary' }).map((s) => Buffer.from(s, 'utf8')),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constantFrom(orderPayload, refundPayload).map(() => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(validOrder()), 'utf16le')])),
  fc.constantFrom(Buffer.alloc(0), Buffer.from('null'), Buffer.from('[]'), Buffer.from('{"id":'), Buffer.from('\u0000')),
);

/** Header names in any letter case, values with stray whitespace; extra headers. */
const caseOf = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''));
const extraHeaders = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !k.toLowerCase().startsWith('x-shopify')),
  fc.string({ maxLength: 20 }),
  { maxKeys: 3 },
);

type Signature = 'missing' | 'random' | 'wrong-secret' | 'other-body' | 'hex' | 'flipped' | 'empty';
const badSignature = fc.constantFrom<Signature>('missing', 'random', 'wrong-secret', 'other-body', 'hex', 'flipped', 'empty');

function signatureFor(kind: Signature, body: Buffer, random: string): string | undefined {
  const good = signShopify(body, TEST_SECRET);
  switch (kind) {
    case 'missing':
      return undefined;
    case 'random':
      return random;
    case 'wrong-secret':
      return signShopify(body, `${TEST_SECRET}x`);
    case 'other-body':
      return signShopify(Buffer.concat([body, Buffer.from(' ')]), TEST_SECRET);
    case 'hex':
      return Buffer.from(good, 'base64').toString('hex');
    case 'flipped':
      return `${good[0] === 'A' ? 'B' : 'A'}${good.slice(1)}`;
    case 'empty':
      return '';
  }
}

interface Request {
  body: Buffer;
  base64: boolean;
  topic: string;
  signature: string | undefined;
  names: { topic: string; hmac: string; id: string };
  extra: Record<string, string>;
}

async function send(r: Request) {
  // A body API Gateway hands over as text must be text: random bytes only travel base64-encoded.
  const asText = !r.base64 && Buffer.from(r.body.toString('utf8'), 'utf8').equals(r.body);
  const headers: Record<string, string> = { ...r.extra, [r.names.topic]: r.topic, [r.names.id]: 'fuzz-id' };
  if (r.signature !== undefined) headers[r.names.hmac] = r.signature;
  return invoke(handler, 'POST /api/webhooks/shopify', { body: asText ? r.body.toString('utf8') : r.body, base64: !asText, headers });
}

const names = fc.record({ topic: caseOf('x-shopify-topic'), hmac: caseOf('x-shopify-hmac-sha256'), id: caseOf('x-shopify-webhook-id') });

// Mutations that make a correctly shaped order or refund invalid, each on its own.
const orderBreakers: Array<(o: Record<string, unknown>, junk: unknown) => unknown> = [
  (o) => ({ ...o, id: undefined, admin_graphql_api_id: undefined }),
  (o, junk) => ({ ...o, id: typeof junk === 'number' ? -Math.abs(junk) - 1 : { junk }, admin_graphql_api_id: 'gid://shopify/Order/abc' }),
  (o, junk) => ({ ...o, created_at: typeof junk === 'string' ? `not a date ${junk}` : (junk ?? null) }),
  (o, junk) => ({ ...o, line_items: Array.isArray(junk) ? { items: junk } : (junk ?? 'none') }),
  (o) => ({ ...o, line_items: ['not an object'] }),
  // (price_set carries the same amount in shop money and wins when present: break both)
  (o, junk) => ({
    ...o,
    line_items: [{ ...(o.line_items as object[])[0], price: typeof junk === 'string' ? `${junk}x` : junk === undefined ? null : [junk], price_set: undefined }],
  }),
  (o, junk) => ({
    ...o,
    line_items: [
      { ...(o.line_items as object[])[0], price_set: { shop_money: { amount: typeof junk === 'string' ? `${junk}x` : [junk], currency_code: 'USD' } } },
    ],
  }),
  (o, junk) => ({ ...o, line_items: [{ ...(o.line_items as object[])[0], quantity: typeof junk === 'number' ? -1 - Math.abs(junk) : '2' }] }),
  (o) => ({ ...o, line_items: [{ ...(o.line_items as object[])[0], current_quantity: 1.5 }] }),
  (_o, junk) => (Array.isArray(junk) ? junk : [junk]),
];
const refundBreakers: Array<(r: Record<string, unknown>, junk: unknown) => unknown> = [
  (r) => ({ ...r, order_id: undefined }),
  (r, junk) => ({ ...r, id: { junk }, admin_graphql_api_id: undefined }),
  (r, junk) => ({ ...r, refund_line_items: Array.isArray(junk) ? { junk } : (junk ?? 'none') }),
  (r) => ({ ...r, refund_line_items: [{ quantity: 1 }] }),
  (r) => ({ ...r, refund_line_items: [{ line_item_id: 11, quantity: -2 }] }),
  (r) => ({ ...r, created_at: 'yesterday-ish', processed_at: undefined }),
];
const junk = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
);

// ---- properties ----------------------------------------------------------------------------

describe('webhook fuzzing', () => {
  beforeEach(() => {
    // Prepare: the catalog (product index, profiles...) as the table holds it; no order or marker yet.
    installWebhookTable(ddb, TEST_SECRET);
  });

  it('answers 401 to anything without a valid signature, and never touches the table', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyBytes,
        fc.boolean(),
        anyTopic,
        badSignature,
        fc.base64String({ maxLength: 60 }),
        names,
        extraHeaders,
        async (body, base64, topic, kind, random, n, extra) => {
          ddb.resetHistory();
          const res = await send({ body, base64, topic, signature: signatureFor(kind, body, random), names: n, extra });
          expect(res.status).toBe(401);
          expect(res.body.error.code).toBe('unauthorized');
          expect(ddb.calls()).toHaveLength(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers 413 to bodies over 1 MiB whatever their signature, before verifying', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4096 }), fc.boolean(), fc.boolean(), async (extraBytes, signed, base64) => {
        ddb.resetHistory();
        const body = Buffer.alloc(MAX_WEBHOOK_BYTES + extraBytes, 0x61);
        const res = await send({
          body,
          base64,
          topic: 'orders/create',
          signature: signed ? signShopify(body, TEST_SECRET) : undefined,
          names: { topic: 'x-shopify-topic', hmac: 'x-shopify-hmac-sha256', id: 'x-shopify-webhook-id' },
          extra: {},
        });
        expect(res.status).toBe(413);
        expect(ddb.calls()).toHaveLength(0);
      }),
      { numRuns: 8 },
    );
  });

  it('never answers 5xx to correctly signed junk, counts nothing unless it answered 2xx, and parks what it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(bodyBytes, fc.boolean(), anyTopic, names, extraHeaders, async (body, base64, topic, n, extra) => {
        ddb.resetHistory();
        const res = await send({ body, base64, topic, signature: signShopify(body, TEST_SECRET), names: n, extra });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 300 || res.body.ignored) expect(countingWrites()).toBe(0);
        if (res.status >= 400) expect(parkedCalls()).toBe(1);
        if (!['orders/create', 'orders/paid', 'orders/updated', 'orders/cancelled', 'refunds/create', 'orders/delete'].includes(topic.trim())) {
          expect(res).toMatchObject({ status: 200, body: { ignored: true } });
          expect(ddb.calls()).toHaveLength(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers 400 naming the field to a signed order or refund with one thing broken, counts nothing and parks it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(fc.constantFrom(...ORDER_TOPICS), fc.nat({ max: orderBreakers.length - 1 }), junk)
            .map(([topic, i, j]) => ({ topic: topic as string, payload: orderBreakers[i](validOrder(), j) })),
          fc
            .tuple(fc.constant(REFUND_TOPIC), fc.nat({ max: refundBreakers.length - 1 }), junk)
            .map(([topic, i, j]) => ({ topic, payload: refundBreakers[i](validRefund(), j) })),
        ),
        fc.boolean(),
        async ({ topic, payload }, base64) => {
          ddb.resetHistory();
          const body = Buffer.from(JSON.stringify(payload) ?? 'null', 'utf8');
          const res = await send({
            body,
            base64,
            topic,
            signature: signShopify(body, TEST_SECRET),
            names: { topic: 'X-Shopify-Topic', hmac: 'X-Shopify-Hmac-Sha256', id: 'X-Shopify-Webhook-Id' },
            extra: {},
          });
          expect(res.status).toBe(400);
          expect(res.body.error.code).toBe('bad_request');
          expect(Object.keys(res.body.error.fields ?? {}).length).toBeGreaterThan(0);
          expect(countingWrites()).toBe(0);
          expect(parkedCalls()).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('still accepts the unbroken order in either encoding (the fuzzed rejections are not blanket ones)', async () => {
    for (const base64 of [true, false]) {
      ddb.resetHistory();
      const body = Buffer.from(JSON.stringify(validOrder()), 'utf8');
      const res = await send({
        body,
        base64,
        topic: 'orders/create',
        signature: signShopify(body, TEST_SECRET),
        names: { topic: 'X-SHOPIFY-TOPIC', hmac: 'x-shopify-hmac-sha256', id: 'X-Shopify-Webhook-Id' },
        extra: {},
      });
      expect(res.status).toBe(200);
      expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    }
  });
});
