// The fan pages' reads on DynamoDB Local (issue 24 items 1, 3, 6): the storefront's new and live
// cards kept by card writes (publish lists a card, retire takes it off), the limited editions almost
// sold out; a card's recent sales with pseudonyms only; a buyer's order revealing the serials it got
// once counted (and to nobody else); My Collection dating the cards of the buyer's latest orders.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as cards } from '#lambdas/cards/cards.handler';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { localProductId } from '#lambdas/cards/cards-repo';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import type { StorefrontResponse } from '#shared/catalog/storefront-api';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver, sendWebhook } from '../support/webhooks';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a moment card')]);
let seq = 8_400_000;
const nextId = () => String(++seq);

describe('fan pages on DynamoDB Local', () => {
  let table: TestTable;
  let uploads: string;
  const env = { ...process.env };

  beforeAll(async () => {
    table = await createTestTable();
    uploads = await mkdtemp(path.join(tmpdir(), 'drift-fans-'));
    process.env.UPLOADS_DIR = uploads;
    process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
    process.env.LOCAL_WEBHOOK_URL = 'http://127.0.0.1:9/unused';
    process.env.DEMO_MODE = 'true';
    delete process.env.SHOPIFY_ADMIN_TOKEN;
  });
  afterAll(async () => {
    process.env = env;
    await rm(uploads, { recursive: true, force: true });
    await table.drop();
  });

  const storefront = async (): Promise<StorefrontResponse> => {
    const res = await invoke(catalog, 'GET /api/storefront');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
    return res.body;
  };
  const order = (productId: string, quantity: number, email: string, financialStatus = 'paid') => {
    const id = nextId();
    return {
      id,
      body: orderPayload({
        id,
        createdAt: new Date().toISOString(),
        email,
        financialStatus,
        lines: [{ id: nextId(), productId, title: 'A card', quantity, price: '5.00' }],
      }),
    };
  };

  it('opens with the newest cards on sale, their athletes, and the featured schools and athletes', async () => {
    const body = await storefront();
    // The seed publishes every card at once; the Gold and Signature editions are still locked.
    expect(body.live).toHaveLength(8);
    expect(body.live.every((c) => c.card.buyable && c.card.edition === 'Base')).toBe(true);
    expect(body.live[0]).toMatchObject({ athlete: { id: 15 }, card: { id: 1, editionSize: 500, remaining: 500 } });
    expect(body.live[0].athlete.name).toEqual(expect.any(String));
    expect(body.almostGone).toEqual([]);
    expect(body.schools.length).toBeGreaterThan(0);
    expect(body.athletes.length).toBeGreaterThan(0);
  });

  let momentId = 0;
  it('lists a card the moment it is published, as almost gone when most of it sold, and takes it off when retired', async () => {
    const set = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/sets', {
      pathParameters: { id: '1', athleteId: '1' },
      claims: claimsFor.collective(1),
      body: JSON.stringify({ name: 'Moments' }),
    });
    const key = `${randomUUID()}.png`;
    await writeFile(path.join(uploads, key), PNG);
    const base = { pathParameters: { id: '1', athleteId: '1' }, claims: claimsFor.collective(1) };
    const created = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards', {
      ...base,
      body: JSON.stringify({
        name: 'Marcus Reed - Rivalry Moment',
        edition: 'Rivalry',
        image: `/api/uploads/local/${key}`,
        description: 'The catch',
        priceCents: 900,
        editionSize: 4,
        unlock: null,
        setId: set.body.id,
      }),
    });
    expect(created.status).toBe(201);
    momentId = created.body.id;
    const onCard = { pathParameters: { ...base.pathParameters, cardId: String(momentId) }, claims: base.claims };
    const hash = (await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/submit', onCard)).body.imageHash;
    // Not on sale yet: not listed.
    expect((await storefront()).live.some((c) => c.athlete.id === 1 && c.card.id === momentId)).toBe(false);
    await invoke(cards, 'POST /api/athletes/{id}/cards/{cardId}/approve', {
      pathParameters: { id: '1', cardId: String(momentId) },
      claims: claimsFor.athlete(1),
      body: JSON.stringify({ imageHash: hash }),
    });
    expect((await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/publish', onCard)).status).toBe(200);

    let body = await storefront();
    expect(body.live[0]).toMatchObject({ athlete: { id: 1, name: 'Marcus Reed' }, card: { id: momentId, edition: 'Rivalry', editionSize: 4, remaining: 4 } });

    const sold = order(localProductId(1, momentId), 3, 'moment@example.com');
    await deliver(webhook, 'orders/create', sold.body);
    body = await storefront();
    expect(body.almostGone.map((c) => [c.athlete.id, c.card.id, c.card.remaining])).toEqual([[1, momentId, 1]]);

    expect((await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/retire', onCard)).status).toBe(200);
    body = await storefront();
    expect(body.live.some((c) => c.athlete.id === 1 && c.card.id === momentId)).toBe(false);
    expect(body.almostGone).toEqual([]);
  });

  let orderId = '';
  let createdAt = '';
  it("reveals an order's serials to its buyer once counted, and to nobody else", async () => {
    const bought = order(sampleProductId(2, 1), 2, 'Casey.Lee@Example.com', 'pending');
    orderId = bought.id;
    createdAt = JSON.parse(bought.body).created_at;
    // Accepted, not settled yet: no serials to show.
    expect((await sendWebhook(webhook, 'orders/create', bought.body)).status).toBe(200);
    const asBuyer = { pathParameters: { orderId }, claims: claimsFor.buyer('casey.lee@example.com') };
    let res = await invoke(me, 'GET /api/me/orders/{orderId}', asBuyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId, settled: false, counted: false, lines: [{ athleteId: 2, cardId: 1, quantity: 2, serials: [] }], athletes: [] });

    const paid = JSON.parse(bought.body);
    await deliver(webhook, 'orders/paid', JSON.stringify({ ...paid, financial_status: 'paid', updated_at: new Date(Date.now() + 1000).toISOString() }));
    res = await invoke(me, 'GET /api/me/orders/{orderId}', asBuyer);
    expect(res.body).toMatchObject({ settled: true, counted: true, lines: [{ athleteId: 2, cardId: 1, quantity: 2, serials: [[1, 2]] }] });
    expect(res.headers['cache-control']).toBe('no-store');
    // The set's progress, as My Collection shows it.
    expect(res.body.athletes[0]).toMatchObject({ athlete: { id: 2 }, sets: [{ name: '2026 Season', held: 1, total: 3 }] });

    expect((await invoke(me, 'GET /api/me/orders/{orderId}', { pathParameters: { orderId }, claims: claimsFor.buyer('someone@example.com') })).status).toBe(
      404,
    );
    expect((await invoke(me, 'GET /api/me/orders/{orderId}', { pathParameters: { orderId } })).status).toBe(401);
    expect((await invoke(me, 'GET /api/me/orders/{orderId}', { pathParameters: { orderId: 'abc' }, claims: asBuyer.claims })).status).toBe(400);
    // The demo twin answers the demo buyer's orders only.
    expect((await invoke(me, 'GET /api/demo/me/orders/{orderId}', { pathParameters: { orderId } })).status).toBe(404);
  });

  it("lists a card's recent sales with the serials they got, by pseudonym, never any part of an email", async () => {
    await deliver(webhook, 'orders/create', order(sampleProductId(2, 1), 1, 'jordan.fan@example.com').body);
    const res = await invoke(athletes, 'GET /api/athletes/{id}/cards/{cardId}/sales', { pathParameters: { id: '2', cardId: '1' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
    expect(res.body.items.map((s: { serials: unknown; units: number }) => [s.serials, s.units])).toEqual([
      [[[3, 3]], 1],
      [[[1, 2]], 2],
    ]);
    for (const sale of res.body.items) expect(sale.owner).toMatch(/^Fan [A-Z2-9]{6}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/jordan|casey|example\.com/i);
    // Another card of the athlete has sold nothing.
    expect((await invoke(athletes, 'GET /api/athletes/{id}/cards/{cardId}/sales', { pathParameters: { id: '2', cardId: '2' } })).body.items).toEqual([]);
    expect((await invoke(athletes, 'GET /api/athletes/{id}/cards/{cardId}/sales', { pathParameters: { id: '999', cardId: '1' } })).status).toBe(404);
  });

  it("dates the cards of the buyer's latest orders in My Collection and names the newest", async () => {
    const res = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('casey.lee@example.com') });
    const card = res.body.items[0].sets[0].cards.find((c: { id: number }) => c.id === 1);
    expect(card).toMatchObject({ held: 2, serials: [[1, 2]], acquiredAt: createdAt });
    expect(res.body.items[0].sets[0].cards.find((c: { id: number }) => c.id === 2).acquiredAt).toBeNull();
    expect(res.body.latest).toEqual({ athleteId: 2, cardId: 1, at: createdAt });
  });
});
