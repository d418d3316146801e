// Reconciliation against a fake Shopify Admin API (node:http on 127.0.0.1) and the real
// DynamoDB Local: orders no webhook delivered arrive exactly once; a second run changes nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { nextLink, readCheckpoint, reconcile } from '#lambdas/orders/reconcile';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { scanTable } from '../../scripts/bench/load';
import { settlePending } from '#lambdas/orders/ingest';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { ALL_SCOPES, startFakeAdminApi, withRefunds, type FakeAdminApi } from '../support/fake-shopify-admin';
import { invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const TOKEN = 'shpat_test_token';
const ATHLETE = 2;
const PRICES: Record<number, string> = { 1: '3.00', 2: '5.00', 3: '25.00' };

let table: TestTable;
let admin: FakeAdminApi;
let seq = 0;
const id = () => String(9_100_000_000_000_000_000n + BigInt(++seq) * 7919n);
const line = (cardId: number, quantity: number) => ({
  id: id(),
  productId: sampleProductId(ATHLETE, cardId),
  title: `Card ${cardId}`,
  quantity,
  price: PRICES[cardId],
});
const stats = async () => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(ATHLETE) } })).body;
const figures = (s: { totalCardsSold: number; totalRevenueCents: number; orderCount: number }) => ({
  cards: s.totalCardsSold,
  cents: s.totalRevenueCents,
  orders: s.orderCount,
});
const withoutCheckpoint = async () => (await scanTable(table.tableName)).filter((i) => i.PK !== 'RECONCILE').map((i) => ({ ...i }));

// The store's history. A, B (+ refund) and C reached us by webhook; C's cancellation, D and E
// (+ refund) did not.
const created = '2026-09-01T10:00:00Z';
const A = { id: id(), lines: [line(1, 1)] };
const B = { id: id(), lines: [line(3, 2)] };
const C = { id: id(), lines: [line(2, 1)] };
const D = { id: id(), lines: [line(1, 2)] };
const E = { id: id(), lines: [line(2, 3)] };
const order = (o: { id: string; lines: ReturnType<typeof line>[] }, extra: Partial<Parameters<typeof orderPayload>[0]> = {}) =>
  orderPayload({ id: o.id, createdAt: created, email: 'fan@example.com', lines: o.lines, ...extra });
const refundB = refundPayload({
  id: id(),
  orderId: B.id,
  createdAt: '2026-09-02T00:00:00Z',
  lines: [{ lineItemId: B.lines[0].id, quantity: 1, subtotal: '25.00' }],
});
const refundE = refundPayload({
  id: id(),
  orderId: E.id,
  createdAt: '2026-09-03T00:00:00Z',
  lines: [{ lineItemId: E.lines[0].id, quantity: 1, subtotal: '5.00' }],
});
const cancelledC = order(C, { updatedAt: '2026-09-04T00:00:00Z', cancelledAt: '2026-09-04T00:00:00Z', financialStatus: 'voided' });

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  table = await createTestTable();
  admin = await startFakeAdminApi({ token: TOKEN, pageSize: 2 });
  admin.orders = [order(A), withRefunds(order(B), [refundB]), cancelledC, order(D), withRefunds(order(E, { updatedAt: '2026-09-03T00:00:00Z' }), [refundE])];
  for (const [topic, body] of [
    ['orders/create', order(A)],
    ['orders/create', order(B)],
    ['refunds/create', refundB],
    ['orders/create', order(C)],
  ] as const) {
    expect((await deliver(webhook, topic, body)).status).toBe(200);
  }
});

afterAll(async () => {
  await admin.close();
  await table.drop();
});

describe('reconcile (Shopify Admin API -> ingest)', () => {
  it('brings in the orders, refunds and updates no webhook delivered, exactly once', async () => {
    // Prepare
    expect(figures(await stats())).toEqual({ cards: 3, cents: 300 + 2500 + 500, orders: 3 });
    admin.throttleNext = 1; // the first call is rate-limited: honoured and retried

    // Act
    const report = await reconcile({
      storeDomain: 'test.myshopify.com',
      accessToken: TOKEN,
      baseUrl: admin.baseUrl,
      since: '2026-08-01T00:00:00Z',
      mode: 'rest',
    });
    await settlePending(); // what the table's stream triggers in AWS

    // Assess: A + B(1 left) + D(2) + E(2 left); C cancelled.
    expect(report).toMatchObject({ since: '2026-08-01T00:00:00.000Z', sinceSource: 'option', pages: 3, orders: 5, refunds: 2 });
    expect(report.counts).toEqual({ applied: 4, unchanged: 3, duplicate: 0, malformed: 0, 'retry-later': 0 });
    expect(
      report.entries
        .filter((e) => e.outcome === 'applied')
        .map((e) => e.id)
        .sort(),
    ).toEqual([C.id, D.id, E.id, JSON.parse(refundE.replace(/"id":(\d+)/, '"id":"$1"')).id].sort());
    expect(figures(await stats())).toEqual({ cards: 6, cents: 300 + 2500 + 600 + 1000, orders: 4 });
    expect((await verifyTable()).differences).toEqual([]);
    expect(admin.requests.map((r) => r.status)).toEqual([429, 200, 200, 200]);
    expect(admin.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(admin.requests[1].query.get('updated_at_min')).toBe('2026-08-01T00:00:00.000Z');
    expect(await readCheckpoint()).toBe(report.checkpoint);
  });

  it('changes nothing when run again from the command line (from the stored checkpoint)', async () => {
    // Prepare
    const before = await withoutCheckpoint();
    const checkpoint = await readCheckpoint();
    admin.requests.length = 0;

    // Act: `npm run reconcile` without --since resumes from the checkpoint.
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/reconcile.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TABLE_NAME: table.tableName,
        SHOPIFY_STORE_DOMAIN: 'test.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: TOKEN,
        SHOPIFY_ADMIN_BASE_URL: admin.baseUrl,
        LOG_LEVEL: 'silent',
      },
    });

    // Assess
    expect(stdout).toContain(`since ${checkpoint} (checkpoint)`);
    expect(stdout).toContain('applied 0, already held 7');
    // The token's scopes checked (one GraphQL call), then --mode auto: one ordersCount call (a
    // small window), then REST pages.
    expect(admin.requests.slice(0, 2).map((r) => r.path)).toEqual([expect.stringMatching(/graphql\.json$/), expect.stringMatching(/graphql\.json$/)]);
    expect(admin.requests[2].query.get('updated_at_min')).toBe(checkpoint);
    expect(await withoutCheckpoint()).toEqual(before);
    expect(figures(await stats())).toEqual({ cards: 6, cents: 4400, orders: 4 });
  });

  it('stops at once, naming the scope, when the token cannot read orders', async () => {
    // Prepare: a token granted only what publication needs.
    admin.scopes = ['write_products', 'read_locations'];
    admin.requests.length = 0;

    // Act
    const run = promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/reconcile.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TABLE_NAME: table.tableName,
        SHOPIFY_STORE_DOMAIN: 'test.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: TOKEN,
        SHOPIFY_ADMIN_BASE_URL: admin.baseUrl,
        LOG_LEVEL: 'silent',
      },
    });

    // Assess: exit code 2 (configuration), the scope named, no order read.
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `reconcile failed: Shopify's app token lacks read_orders: grant it in the app's settings (docs/RUNBOOK.md, "Shopify app scopes")`,
      ),
    });
    expect(admin.requests.map((r) => r.path)).toEqual([expect.stringMatching(/graphql\.json$/)]);
    admin.scopes = [...ALL_SCOPES];
  });

  it('keeps the token on the store origin and reads Link headers', async () => {
    expect(
      nextLink(
        '<https://s.myshopify.com/admin/api/2026-10/orders.json?page_info=abc>; rel="previous", <https://s.myshopify.com/admin/api/2026-10/orders.json?page_info=def>; rel="next"',
      ),
    ).toBe('https://s.myshopify.com/admin/api/2026-10/orders.json?page_info=def');
    expect(nextLink(null)).toBeNull();
    const evil = async () => new Response('{"orders":[]}', { status: 200, headers: { link: '<https://evil.example.com/steal>; rel="next"' } });
    await expect(
      reconcile({ storeDomain: 's.myshopify.com', accessToken: TOKEN, since: '2026-08-01T00:00:00Z', fetch: evil as typeof fetch, mode: 'rest' }),
    ).rejects.toThrow(/another origin/);
  });

  it('repeats a GET whose connection was reset, and gives up after its attempts', async () => {
    // Prepare: the first call's socket is reset (a keep-alive connection the server had closed).
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
      return new Response('{"orders":[]}', { status: 200 });
    };
    const options = { storeDomain: 's.myshopify.com', accessToken: TOKEN, since: '2026-08-01T00:00:00Z', mode: 'rest' as const, sleep: async () => {} };

    // Act and assess: one reset costs one more call.
    await expect(reconcile({ ...options, fetch: flaky as typeof fetch })).resolves.toMatchObject({ orders: 0 });
    expect(calls).toBe(2);
    const down = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(reconcile({ ...options, fetch: down as typeof fetch })).rejects.toThrow('fetch failed');
  });

  it('through a bulk operation: skips what it holds, reads only the rest, exactly once', async () => {
    // Prepare: F reached Shopify but no webhook brought it.
    const F = { id: id(), lines: [line(1, 1)] };
    admin.orders = [...admin.orders, order(F, { updatedAt: '2026-09-05T00:00:00Z' })];
    admin.requests.length = 0;
    admin.graphql.length = 0;
    const run = () =>
      reconcile({
        storeDomain: 'test.myshopify.com',
        accessToken: TOKEN,
        baseUrl: admin.baseUrl,
        since: '2026-08-01T00:00:00Z',
        mode: 'bulk',
        sleep: async () => {},
      });

    // Act
    const report = await run();
    await settlePending();

    // Assess: A-E are held at their latest update; F alone is read, by id.
    expect(report).toMatchObject({ mode: 'bulk', listed: 6, held: 5, pages: 1, orders: 1 });
    expect(report.counts).toEqual({ applied: 1, unchanged: 0, duplicate: 0, malformed: 0, 'retry-later': 0 });
    expect(admin.requests.find((r) => r.query.get('ids'))?.query.get('ids')).toBe(F.id);
    expect(admin.requests.find((r) => r.path.startsWith('/bulk/'))?.token).toBeUndefined();
    expect(admin.graphql.every((g) => g.outcome === 'ok')).toBe(true);
    expect(figures(await stats())).toEqual({ cards: 7, cents: 4700, orders: 5 });
    expect(await run()).toMatchObject({ listed: 6, held: 6, pages: 0 });
    expect((await verifyTable()).differences).toEqual([]);
  });
});
