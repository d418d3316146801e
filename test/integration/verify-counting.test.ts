// `npm run verify` counts Shopify test orders by the rule the writer used, not by the environment
// verify runs in: local mode counts them (COUNT_TEST_ORDERS=true in its own process) while the
// shell that runs verify usually has no COUNT_TEST_ORDERS at all (false). Against DynamoDB Local,
// through the real webhook, settle and verify.
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { settlePending } from '#lambdas/orders/ingest';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { invoke } from '../support/invoke';
import { TEST_SECRET, deliver, sendWebhook } from '../support/webhooks';

jest.setTimeout(60_000);

let table: TestTable;
let seq = 0;
const nextId = () => String(9_007_199_254_900_000n + BigInt(++seq) * 101n);
const stats = async (athleteId: number) => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(athleteId) } })).body;
/** A Shopify test order of two units of the athlete's card #1 (its line id derived from the order's). */
const testOrder = (id: string, athleteId: number, extra: { updatedAt?: string; financialStatus?: string } = {}) =>
  orderPayload({
    id,
    createdAt: '2026-10-01T10:00:00Z',
    email: 'tester@example.com',
    test: true,
    ...extra,
    lines: [{ id: `${id}1`, productId: sampleProductId(athleteId, 1), title: 'Test card', quantity: 2, price: '3.00' }],
  });

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
});

afterAll(() => {
  delete process.env.COUNT_TEST_ORDERS;
  return table.drop();
});

describe('verify uses the counting rule the orders were written with', () => {
  it('a test order ingested with counting on: verify with COUNT_TEST_ORDERS off reports no difference', async () => {
    process.env.COUNT_TEST_ORDERS = 'true';
    const before = await stats(3);
    expect((await deliver(webhook, 'orders/create', testOrder(nextId(), 3))).status).toBe(200);
    expect((await stats(3)).totalCardsSold).toBe(before.totalCardsSold + 2);

    for (const env of ['false', undefined, 'true']) {
      if (env === undefined) delete process.env.COUNT_TEST_ORDERS;
      else process.env.COUNT_TEST_ORDERS = env;
      const report = await verifyTable();
      expect(report.differences).toEqual([]);
      expect(report.testOrders).toMatchObject({ counted: 1, notCounted: 0, unrecorded: 0 });
    }
  });

  it('a test order ingested with counting off: verify with COUNT_TEST_ORDERS on reports no difference', async () => {
    process.env.COUNT_TEST_ORDERS = 'false';
    const before = await stats(4);
    expect((await deliver(webhook, 'orders/create', testOrder(nextId(), 4))).status).toBe(200);
    expect((await stats(4)).totalCardsSold).toBe(before.totalCardsSold);

    process.env.COUNT_TEST_ORDERS = 'true';
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
    expect(report.testOrders).toMatchObject({ counted: 1, notCounted: 1 });
  });

  it('a changed setting applies to orders stored after it: an order keeps its rule through later deliveries, settled anywhere', async () => {
    process.env.COUNT_TEST_ORDERS = 'true';
    const id = nextId();
    const created = testOrder(id, 6, { financialStatus: 'pending' });
    expect((await sendWebhook(webhook, 'orders/create', created)).status).toBe(200);
    // Settled by a process whose setting says otherwise (a CLI in another shell, or the settle
    // function deployed with another setting): it counts the order by its recorded rule.
    process.env.COUNT_TEST_ORDERS = 'false';
    await settlePending();
    const before = await stats(6);
    // orders/paid delivered after the setting changed: still counted, as when it was first stored.
    const paid = testOrder(id, 6, { financialStatus: 'paid', updatedAt: '2026-10-01T10:05:00Z' });
    expect((await deliver(webhook, 'orders/paid', paid)).body.outcome).toBe('applied');
    expect((await stats(6)).totalCardsSold).toBe(before.totalCardsSold + 2);
    for (const env of ['true', 'false']) {
      process.env.COUNT_TEST_ORDERS = env;
      expect((await verifyTable()).differences).toEqual([]);
    }
  });
});
