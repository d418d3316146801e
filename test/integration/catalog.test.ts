// The catalog by entity on DynamoDB Local: the sample orders delivered through the webhook in their
// phases give the demo's card states (an unlocked Gold, a sold-out Signature, a locked Gold with
// progress); a collective's edits are seen at once by its own reads and by search, and leave no
// derived item behind (roster, sport counts, members, product and name indexes, search blocks);
// a card saved a moment ago is attributed by its product id and settled with its edition.
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { derivedWrites, saveAthlete } from '#lambdas/catalog/admin-repo';
import { SEARCH_REFRESH_MS } from '#lambdas/platform/cache-policy';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { athleteProfileItem } from '#lambdas/catalog/catalog-items';
import type { Athlete } from '#shared/catalog/catalog-types';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { settlePending } from '#lambdas/orders/ingest';
import { resetSearchIndex, searchIndex, summariesOf } from '#lambdas/catalog/search-index';
import { handler as admin } from '#lambdas/catalog/admin.handler';
import { handler as catalogFn } from '#lambdas/catalog/catalog.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as search } from '#lambdas/catalog/search.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { sampleDeliveries } from '../../scripts/lib/sample-orders';
import { verifyTable } from '../../scripts/lib/verify';
import { catalogDrift } from '../support/catalog-drift';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, sendWebhook } from '../support/webhooks';

jest.setTimeout(120_000);

let table: TestTable;

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  process.env.COUNT_TEST_ORDERS = 'false';
  process.env.DEMO_MODE = 'true';
  table = await createTestTable();
  resetSearchIndex();
  // The sample orders, phase by phase, each settled before the next (as `npm start` seeds them).
  const deliveries = sampleDeliveries(structuredClone(SAMPLE_CATALOG), new Date('2026-11-20T12:00:00.000Z'));
  for (const phase of [1, 2, 3]) {
    for (const d of deliveries.filter((x) => x.phase === phase))
      expect((await sendWebhook(webhook, d.topic, d.body, { webhookId: d.webhookId })).status).toBe(200);
    expect(await settlePending()).toMatchObject({ pending: 0 });
  }
});

afterAll(() => table.drop());

const athleteView = async (id: number) => (await invoke(catalogFn, 'GET /api/athletes/{id}', { pathParameters: { id: String(id) } })).body;
const card = (view: { cards: Array<{ id: number }> }, id: number) => view.cards.find((c) => c.id === id) as Record<string, any>;

async function adminCall(routeKey: string, pathParameters: Record<string, string>, body: unknown, collectiveId = 1): Promise<{ status: number; body: any }> {
  return invoke(admin, routeKey, { pathParameters, body: JSON.stringify(body), claims: claimsFor.collective(collectiveId) });
}

describe('the demo catalog after the sample orders', () => {
  it("shows Marcus Reed's Gold and Signature unlocked, Jalen Brooks' Signature sold out and Tyler Vance's Gold locked with progress", async () => {
    const marcus = await athleteView(1);
    expect(card(marcus, 1)).toMatchObject({ edition: 'Base', editionSize: 500, sold: 31, locked: false });
    expect(card(marcus, 2)).toMatchObject({ edition: 'Gold', locked: false, buyable: true, unlock: { cardId: 1, units: 25, unlockedAt: expect.any(String) } });
    // 4 Signature sold, 1 refunded (its serial retired if it was issued before the refund arrived).
    expect(card(marcus, 3)).toMatchObject({ edition: 'Signature', locked: false, sold: 3, soldOut: false });
    expect(card(marcus, 3).remaining).toBe(10 - card(marcus, 3).issued);
    const jalen = await athleteView(2);
    expect(card(jalen, 3)).toMatchObject({ edition: 'Signature', sold: 10, issued: 10, remaining: 0, soldOut: true, buyable: false, oversold: 0 });
    const tyler = await athleteView(3);
    expect(card(tyler, 2)).toMatchObject({ edition: 'Gold', locked: true, buyable: false, unlock: { cardId: 1, units: 25, sold: 8, unlockedAt: null } });
    expect(card(tyler, 3)).toMatchObject({ locked: true, unlock: { cardId: 2, units: 10, sold: 0 } });
  });

  it('has no sale of a locked card and verifies with 0 differences', async () => {
    for (const id of [1, 2, 3]) expect((await athleteView(id)).cards.every((c: { oversold: number }) => c.oversold === 0)).toBe(true);
    const stats = await invoke(collectives, 'GET /api/demo/collectives/{id}/stats', { pathParameters: { id: '1' } });
    expect(stats.status).toBe(200);
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
  });
});

describe("a collective's edits", () => {
  it('are seen at once by its own reads and by search, with every derived item in step', async () => {
    const created = await adminCall(
      'POST /api/collectives/{id}/athletes',
      { id: '1' },
      { name: 'Zoe Park', sport: 'Soccer', position: 'Forward', number: '9' },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const members = await invoke(collectives, 'GET /api/collectives/{id}/members', {
      pathParameters: { id: '1' },
      query: { limit: '100' },
      claims: claimsFor.collective(1),
    });
    expect(members.body.items.map((m: { id: number }) => m.id)).toContain(id);
    expect((await invoke(search, 'GET /api/search', { query: { query: 'zoe park' } })).body.athletes.items.map((a: { id: number }) => a.id)).toEqual([id]);
    const school = (await invoke(catalogFn, 'GET /api/schools/{id}', { pathParameters: { id: '2' } })).body;
    expect(school.sports.find((s: { sport: string }) => s.sport === 'Soccer')).toMatchObject({ count: 1, athletes: [{ id, name: 'Zoe Park' }] });

    expect(
      (
        await adminCall(
          'PUT /api/collectives/{id}/athletes/{athleteId}',
          { id: '1', athleteId: String(id) },
          { name: 'Zoe Parker', sport: 'Basketball', position: 'Center', number: '33', status: 'Paused' },
        )
      ).status,
    ).toBe(200);
    const after = await invoke(collectives, 'GET /api/collectives/{id}/members', {
      pathParameters: { id: '1' },
      query: { limit: '100', query: 'parker' },
      claims: claimsFor.collective(1),
    });
    expect(after.body.items).toEqual([
      expect.objectContaining({ id, name: 'Zoe Parker', sport: 'Basketball', position: 'Center', number: '33', status: 'Paused' }),
    ]);
    expect((await invoke(search, 'GET /api/search', { query: { query: 'zoe park' } })).body.athletes.items.map((a: { name: string }) => a.name)).toEqual([
      'Zoe Parker',
    ]);
    const roster = await invoke(catalogFn, 'GET /api/schools/{id}/sports/{sport}/athletes', { pathParameters: { id: '2', sport: 'Basketball' } });
    expect(roster.body.items.map((a: { number: string }) => a.number)).toEqual(['3', '33']);
    expect(
      (await invoke(catalogFn, 'GET /api/schools/{id}', { pathParameters: { id: '2' } })).body.sports.map((s: { sport: string }) => s.sport),
    ).not.toContain('Soccer');

    expect((await adminCall('PUT /api/schools/{id}/colors', { id: '2' }, { primary: '#123456', secondary: '#FFFFFF', accent: '#000000' })).status).toBe(200);
    expect((await invoke(search, 'GET /api/search', { query: { query: 'drift state' } })).body.schools.items[0].colors).toEqual({ primary: '#123456' });
    const settings = await invoke(collectives, 'GET /api/collectives/{id}', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(settings.body.school.colors.primary).toBe('#123456');

    expect((await adminCall('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: String(id) }, {})).status).toBe(204);
    const gone = await invoke(collectives, 'GET /api/collectives/{id}/members', {
      pathParameters: { id: '1' },
      query: { limit: '100' },
      claims: claimsFor.collective(1),
    });
    expect(gone.body.items.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await athleteView(id)).athlete).toMatchObject({ id, collectiveId: null });

    expect(await catalogDrift()).toEqual([]);
  });

  it('concurrent edits of one athlete both land (the version retries), derived items in step', async () => {
    const results = await Promise.all([
      adminCall('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '10' }, { position: 'Relay' }),
      adminCall('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '10' }, { number: '41' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await athleteView(10)).athlete).toMatchObject({ position: 'Relay', number: '41' });
    expect(await catalogDrift()).toEqual([]);
  });
});

describe('the search index of another function', () => {
  it('sees a write it did not make once the manifest is checked again (within SEARCH_REFRESH_MS), reading only that block', async () => {
    const names = async (now: number, query: string) => {
      const state = await searchIndex(now);
      return (await summariesOf(state, state.engine.searchAthletes(query, { limit: 10 }).items, now)).map((a) => a.name);
    };
    /** Another function's write of athlete 10 (its profile, its derived items and its search block); this process is not told. */
    const rename = async (from: Athlete, to: Athlete) => {
      const block = (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.searchBlock(0), ConsistentRead: true }))).Item;
      const profile = { Put: { TableName: tableName(), Item: athleteProfileItem(to, 1) } };
      await ddb().send(new TransactWriteCommand({ TransactItems: [profile, ...derivedWrites(from, to, block)] }));
    };
    const now = Date.now();
    expect(await names(now, 'avery')).toEqual(['Avery Collins']);
    const before = (await getAthlete(10, { consistent: true }))!;
    const after = { ...before, name: 'Avery Collins-Hart' };
    await rename(before, after);
    expect(await names(now + 1, 'collins-hart')).toEqual([]);
    expect(await names(now + SEARCH_REFRESH_MS + 1, 'collins-hart')).toEqual(['Avery Collins-Hart']);
    expect((await searchIndex(now + SEARCH_REFRESH_MS + 1)).versions.get(0)).toBe(
      Number((await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.searchBlock(0) }))).Item?.version),
    );
    expect(await names(now + SEARCH_REFRESH_MS + 2, 'marcus')).toEqual(['Marcus Reed']);
    await rename(after, before);
  });
});

describe('ingestion reads what it needs', () => {
  it('attributes a card saved a moment ago by its product id and settles it with its edition size', async () => {
    const before = (await getAthlete(12))!;
    const newCard = {
      ...before.digitalcollectibles[0],
      id: 2,
      shopifyProductId: '8800000012',
      name: 'Kendall Ross - Card #2',
      editionSize: 2,
      unlock: null,
      edition: 'Gold',
    };
    await saveAthlete({
      ...before,
      digitalcollectibles: [...before.digitalcollectibles, newCard],
      sets: [...(before.sets ?? []), { id: 2, name: '2027 Season', cardIds: [2], closedAt: null }],
    });
    const id = '7700000000000000001';
    const res = await sendWebhook(
      webhook,
      'orders/create',
      orderPayload({
        id,
        createdAt: '2026-11-21T00:00:00Z',
        email: 'fast@example.com',
        lines: [{ id: '7700000000000000002', productId: '8800000012', title: 'No title match', quantity: 3, price: '5.00' }],
      }),
    );
    expect(res.status).toBe(200);
    await settlePending();
    expect(card(await athleteView(12), 2)).toMatchObject({ sold: 3, issued: 2, remaining: 0, soldOut: true, oversold: 1 });
    expect((await verifyTable()).differences).toEqual([]);
    expect(await catalogDrift()).toEqual([]);
  });
});
