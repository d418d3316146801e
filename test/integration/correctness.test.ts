// The reproduced defects of the correctness issue, each replayed against DynamoDB Local through
// the real handlers: every one is now refused or handled, and the figures stay exact (verify).
import { saveAthlete, saveCollective } from '#lambdas/catalog/admin-repo';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import { settlePending } from '#lambdas/orders/ingest';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as unattributedFn } from '#lambdas/orders/unattributed.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import type { Athlete } from '#shared/catalog/catalog-types';
import { SAMPLE_ATHLETES, SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { deletePayload, orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { pool } from '../../scripts/bench/util';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(120_000);

let table: TestTable;
let seq = 0;
const nextId = () => String(17_000_000_000_000_000_000n + BigInt(++seq) * 7_919n);
const stats = async (athleteId: number) => (await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: String(athleteId) } })).body;
const cardLine = (athleteId: number, cardId: number, extra: Record<string, unknown> = {}) => ({
  id: nextId(),
  productId: sampleProductId(athleteId, cardId),
  title: `Card ${athleteId}-${cardId}`,
  quantity: 1,
  price: '3.00',
  ...extra,
});

/** Extra athletes (one card each) so one order can touch more athletes than a transaction holds. */
const extraAthletes: Athlete[] = Array.from({ length: 30 }, (_, i) => {
  const id = 200 + i;
  return {
    ...SAMPLE_ATHLETES[0],
    id,
    name: `Extra Player ${id}`,
    handle: `extra${id}`,
    digitalcollectibles: [{ ...SAMPLE_ATHLETES[0].digitalcollectibles[0], id: 1, shopifyProductId: `88${id}`, name: `Extra ${id} - Card #1` }],
  };
});
/** An edition of 150 for the concurrency test. */
const editionAthlete: Athlete = {
  ...SAMPLE_ATHLETES[0],
  id: 300,
  name: 'Edition Player',
  handle: 'edition',
  digitalcollectibles: [{ ...SAMPLE_ATHLETES[0].digitalcollectibles[0], id: 1, shopifyProductId: '99300', name: 'Edition - Card #1', editionSize: 150 }],
};

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  table = await createTestTable();
  for (const athlete of [...extraAthletes, editionAthlete]) await saveAthlete({ ...athlete, collectiveId: 1 });
  await saveCollective({
    ...SAMPLE_CATALOG.collectives[0],
    members: [...SAMPLE_CATALOG.collectives[0].members, ...extraAthletes.map((a) => a.id), editionAthlete.id],
  });
  invalidateCatalogCache();
});

afterAll(() => table.drop());

afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

describe('correctness defects, replayed', () => {
  it('applies an order touching 30 athletes in full (more writes than one transaction holds), exactly once', async () => {
    const id = nextId();
    const body = orderPayload({
      id,
      createdAt: '2026-09-01T00:00:00Z',
      email: 'big@example.com',
      lines: extraAthletes.map((a) => ({ id: nextId(), productId: `88${a.id}`, title: a.name, quantity: 1, price: '3.00' })),
    });
    const res = await deliver(webhook, 'orders/create', body, { webhookId: 'wide-1' });
    expect(res.status).toBe(200);
    expect((await deliver(webhook, 'orders/create', body, { webhookId: 'wide-1' })).body.outcome).toBe('duplicate');
    for (const a of extraAthletes) expect(await stats(a.id)).toMatchObject({ totalCardsSold: 1, totalRevenueCents: 300, orderCount: 1 });
  });

  it('counts an orders/paid that shares its updated_at second with the pending orders/create', async () => {
    const id = nextId();
    const lines = [cardLine(12, 1)];
    const before = (await stats(12)).totalCardsSold;
    await deliver(
      webhook,
      'orders/create',
      orderPayload({ id, createdAt: '2026-09-02T00:00:00Z', email: 'same@example.com', financialStatus: 'pending', lines }),
    );
    expect((await stats(12)).totalCardsSold).toBe(before);
    const paid = await deliver(
      webhook,
      'orders/paid',
      orderPayload({ id, createdAt: '2026-09-02T00:00:00Z', email: 'same@example.com', financialStatus: 'paid', lines }),
    );
    expect(paid.body.outcome).toBe('applied');
    expect((await stats(12)).totalCardsSold).toBe(before + 1);
  });

  it('takes a deleted order out of every figure, exactly once, with a reversing ledger entry', async () => {
    const id = nextId();
    const before = await stats(13);
    await deliver(
      webhook,
      'orders/create',
      orderPayload({ id, createdAt: '2026-09-03T00:00:00Z', email: 'gone@example.com', lines: [cardLine(13, 1, { price: '5.00' })] }),
    );
    expect((await stats(13)).totalRevenueCents).toBe(before.totalRevenueCents + 500);
    for (let i = 0; i < 2; i++) expect((await deliver(webhook, 'orders/delete', deletePayload(id), { webhookId: `del-${i}` })).status).toBe(200);
    // A late orders/updated of the deleted order changes nothing.
    await deliver(
      webhook,
      'orders/updated',
      orderPayload({
        id,
        createdAt: '2026-09-03T00:00:00Z',
        updatedAt: '2026-09-04T00:00:00Z',
        email: 'gone@example.com',
        lines: [cardLine(13, 1, { price: '5.00' })],
      }),
    );
    expect(await stats(13)).toMatchObject({
      totalCardsSold: before.totalCardsSold,
      totalRevenueCents: before.totalRevenueCents,
      earningsCents: before.earningsCents,
    });
    const orders = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '13' }, claims: claimsFor.athlete(13) });
    expect(orders.body.items.map((o: { orderId: string }) => o.orderId)).not.toContain(id);
  });

  it('refuses an order in another shop currency (422, parked) instead of counting 1500 JPY as $1,500.00', async () => {
    const before = await stats(14);
    const res = await deliver(
      webhook,
      'orders/create',
      orderPayload({ id: nextId(), currency: 'JPY', createdAt: '2026-09-05T00:00:00Z', email: 'yen@example.com', lines: [cardLine(14, 1, { price: '1500' })] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('currency_not_supported');
    expect((await stats(14)).totalRevenueCents).toBe(before.totalRevenueCents);
    expect((await verifyTable()).parked).toBeGreaterThanOrEqual(1);
  });

  it("never attributes another school's product by title to an athlete named after it", async () => {
    // A collective (Drift State, school 2) names an athlete after Drift Tech's hoodie.
    const attacker: Athlete = {
      ...SAMPLE_ATHLETES[0],
      id: 400,
      name: 'Engineers Hoodie',
      handle: 'hoodie',
      digitalcollectibles: [],
      sets: [],
      collectiveId: null,
    };
    await saveAthlete(attacker);
    invalidateCatalogCache();
    for (const vendor of ['Drift Tech', undefined]) {
      await deliver(
        webhook,
        'orders/create',
        orderPayload({
          id: nextId(),
          createdAt: '2026-09-06T00:00:00Z',
          email: 'fan@example.com',
          lines: [{ id: nextId(), productId: '5550001', title: 'Engineers Hoodie', quantity: 1, price: '45.00', vendor }],
        }),
      );
    }
    expect(await stats(400)).toMatchObject({ totalCardsSold: 0, totalRevenueCents: 0 });
    const drift = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(JSON.stringify(drift.body.unattributed)).not.toContain('Engineers Hoodie');
    const tech = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '2' }, claims: claimsFor.collective(2) });
    expect(tech.body.unattributed.recent.map((l: { title: string }) => l.title)).toContain('Engineers Hoodie');
  });

  it('refuses to reassign a sale that product attribution gave to another collective athlete (409), changing nothing', async () => {
    const id = nextId();
    const line = cardLine(4, 1);
    await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: '2026-09-07T00:00:00Z', email: 'steal@example.com', lines: [line] }));
    const before = [await stats(1), await stats(4)];
    const res = await invoke(unattributedFn, 'POST /api/collectives/{id}/unattributed/assign', {
      pathParameters: { id: '1' },
      claims: claimsFor.collective(1),
      body: JSON.stringify({ orderId: id, lineItemId: line.id, athleteId: 1, cardId: 1 }),
    });
    expect(res.status).toBe(409);
    expect([await stats(1), await stats(4)]).toEqual(before);
  });

  it('answers 400 to a tampered cursor on the public demo, never 500, and never exposes an email hash', async () => {
    process.env.DEMO_MODE = 'true';
    try {
      const first = await invoke(me, 'GET /api/demo/me/orders', { query: { limit: '1' } });
      expect(first.status).toBe(200);
      if (first.body.nextCursor) expect(Buffer.from(first.body.nextCursor, 'base64url').toString('utf8')).not.toMatch(/BUYER#/);
      for (const cursor of [
        'eyJ4IjoxfQ',
        Buffer.from(JSON.stringify({ GSI1PK: 'BUYER#x', GSI1SK: 'a', PK: 'ORDER#1', SK: 'ORDER' })).toString('base64url'),
        '%%%',
      ]) {
        const res = await invoke(me, 'GET /api/demo/me/orders', { query: { cursor } });
        expect(res).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
      }
    } finally {
      delete process.env.DEMO_MODE;
    }
  });

  it('stores a signed order of 5,000 minimal lines (compressed) and refuses amounts past 2^53 with a 4xx, never a 5xx', async () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => ({
      id: String(i + 1),
      product_id: 6_000_000 + i,
      title: 'x',
      quantity: 1,
      price: '1.00',
      vendor: 'Drift Tech',
    }));
    const body = JSON.stringify({
      id: Number(nextId().slice(0, 15)),
      created_at: '2026-09-08T00:00:00Z',
      email: 'bulk@example.com',
      currency: 'USD',
      line_items: lines,
    });
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const big = await deliver(webhook, 'orders/create', body);
    expect(big.status).toBe(200);
    const huge = orderPayload({
      id: nextId(),
      createdAt: '2026-09-08T00:00:00Z',
      email: 'rich@example.com',
      lines: [cardLine(15, 1, { quantity: 1_000_000, price: '9999999999999.00' })],
    });
    const res = await deliver(webhook, 'orders/create', huge);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('order_not_storable');
  });
});

describe('revenue is what the buyer paid (discounts, giveaways, taxes)', () => {
  it('counts net revenue for a discount code, a giveaway and a tax-inclusive price; a refunded discounted line nets to zero', async () => {
    const before = await stats(2);
    const discounted = nextId();
    const lines = [cardLine(2, 1, { quantity: 2, discount: '1.50' })];
    await deliver(
      webhook,
      'orders/create',
      orderPayload({ id: discounted, discountCode: 'FAN150', createdAt: '2026-09-10T00:00:00Z', email: 'd@example.com', lines }),
    );
    await deliver(
      webhook,
      'orders/create',
      orderPayload({
        id: nextId(),
        discountCode: 'FREE',
        createdAt: '2026-09-10T00:00:00Z',
        email: 'g@example.com',
        lines: [cardLine(2, 1, { discount: '3.00' })],
      }),
    );
    await deliver(
      webhook,
      'orders/create',
      orderPayload({ id: nextId(), taxesIncluded: true, createdAt: '2026-09-10T00:00:00Z', email: 't@example.com', lines: [cardLine(2, 1, { tax: '0.25' })] }),
    );
    const after = await stats(2);
    expect(after.totalCardsSold - before.totalCardsSold).toBe(4); // the giveaway is a card sold
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(450 + 0 + 275);
    await deliver(
      webhook,
      'refunds/create',
      refundPayload({
        id: nextId(),
        orderId: discounted,
        createdAt: '2026-09-11T00:00:00Z',
        lines: [{ lineItemId: lines[0].id, quantity: 2, subtotal: '4.50' }],
      }),
    );
    const refunded = await stats(2);
    expect(refunded.totalRevenueCents - before.totalRevenueCents).toBe(275);
    expect(refunded.totalCardsSold - before.totalCardsSold).toBe(2);
  });

  it('does not list a tip as an unattributed card sale', async () => {
    const before = (await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) })).body
      .unattributed;
    await deliver(
      webhook,
      'orders/create',
      orderPayload({
        id: nextId(),
        createdAt: '2026-09-12T00:00:00Z',
        email: 'tip@example.com',
        lines: [cardLine(1, 1), { id: nextId(), productId: null, title: 'Tip', quantity: 1, price: '2.00' }],
      }),
    );
    const after = (await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) })).body
      .unattributed;
    expect(after.units).toBe(before.units);
  });
});

describe('editions under concurrency', () => {
  it('gives 200 concurrent one-unit deliveries on an edition of 150 serials 1..150 exactly once and flags 50 as oversold', async () => {
    const bodies = Array.from({ length: 200 }, (_, i) =>
      orderPayload({
        id: nextId(),
        createdAt: '2026-10-01T00:00:00Z',
        email: `drop${i % 17}@example.com`,
        lines: [{ id: nextId(), productId: '99300', title: 'Edition - Card #1', quantity: 1, price: '3.00' }],
      }),
    );
    const statuses = await pool(bodies, 32, async (body, i) => {
      for (let attempt = 1; ; attempt++) {
        const res = await deliver(webhook, 'orders/create', body, { webhookId: `drop-${i}` });
        if (res.status !== 503 || attempt === 20) return res.status;
      }
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    while ((await settlePending()).orders > 0);
    const s = await stats(300);
    expect(s).toMatchObject({ totalCardsSold: 200, totalRevenueCents: 60_000 });
    expect(s.cardStates['1']).toMatchObject({ sold: 200, issued: 150, oversold: 50 });
    const serials: number[] = [];
    let oversold = 0;
    let cursor: string | undefined;
    do {
      const page = await invoke(athletes, 'GET /api/athletes/{id}/orders', {
        pathParameters: { id: '300' },
        query: { limit: '100', ...(cursor ? { cursor } : {}) },
        claims: claimsFor.athlete(300),
      });
      for (const line of page.body.items) {
        for (const r of line.serials) for (let n = r.from; n <= r.to; n++) serials.push(n);
        oversold += line.oversoldUnits;
      }
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(serials.sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(oversold).toBe(50);
  });
});
