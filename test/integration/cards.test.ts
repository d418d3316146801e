// The card lifecycle on DynamoDB Local, through the handlers: a collective creates a card with an
// uploaded image, the athlete approves the exact image version, the collective publishes it, fans
// buy it (serials, quota unlocks), a set closes (Top Fans recomputed), and every bad input gets a
// clear error with nothing half-written. `verify` finds 0 differences at the end.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handler as cards } from '#lambdas/cards/cards.handler';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as checkout } from '#lambdas/orders/checkout.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { localProductId } from '#lambdas/cards/cards-repo';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('card image bytes')]);
let seq = 7_100_000;
const nextId = () => String(++seq);

describe('card lifecycle on DynamoDB Local', () => {
  let table: TestTable;
  let uploads: string;
  const env = { ...process.env };

  /** Writes an upload as the local PUT route would, and returns its image URL. */
  async function upload(bytes: Buffer = PNG, ext = 'png'): Promise<{ url: string; file: string }> {
    const key = `${randomUUID()}.${ext}`;
    const file = path.join(uploads, key);
    await writeFile(file, bytes);
    return { url: `/api/uploads/local/${key}`, file };
  }

  const base = '/api/collectives/{id}/athletes/{athleteId}';
  const asCollective = (collectiveId: number, athleteId: number, extra: Record<string, string> = {}) => ({
    pathParameters: { id: String(collectiveId), athleteId: String(athleteId), ...extra },
    claims: claimsFor.collective(collectiveId),
  });
  const create = (athleteId: number, body: unknown, collectiveId = 1) =>
    invoke(cards, `POST ${base}/cards`, { ...asCollective(collectiveId, athleteId), body: JSON.stringify(body) });
  const action = (athleteId: number, cardId: number, verb: 'submit' | 'publish' | 'retire', body?: unknown) =>
    invoke(cards, `POST ${base}/cards/{cardId}/${verb}`, {
      ...asCollective(1, athleteId, { cardId: String(cardId) }),
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const decide = (athleteId: number, cardId: number, verb: 'approve' | 'reject', body: unknown, as = athleteId) =>
    invoke(cards, `POST /api/athletes/{id}/cards/{cardId}/${verb}`, {
      pathParameters: { id: String(athleteId), cardId: String(cardId) },
      claims: claimsFor.athlete(as),
      body: JSON.stringify(body),
    });
  const ownerCards = async (athleteId: number) => (await invoke(cards, `GET ${base}/cards`, asCollective(1, athleteId))).body;
  const publicCard = async (athleteId: number, cardId: number) =>
    (await invoke(catalog, 'GET /api/athletes/{id}', { pathParameters: { id: String(athleteId) } })).body.cards.find((c: { id: number }) => c.id === cardId);
  const buy = (productId: string, quantity: number, email: string) =>
    deliver(
      webhook,
      'orders/create',
      orderPayload({
        id: nextId(),
        createdAt: new Date().toISOString(),
        email,
        lines: [{ id: nextId(), productId, title: 'A card', quantity, price: '12.00' }],
      }),
    );

  let setId = 0;
  let imageUrl = '';
  const cardBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Riley - 2027 Base',
    edition: 'Base',
    image: imageUrl,
    description: 'The first card of 2027',
    priceCents: 1200,
    editionSize: 150,
    unlock: null,
    setId,
    ...extra,
  });

  beforeAll(async () => {
    table = await createTestTable();
    uploads = await mkdtemp(path.join(tmpdir(), 'drift-cards-'));
    process.env.UPLOADS_DIR = uploads;
    process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
    // Local mode: publishing assigns a local product; the local checkout refuses before delivering.
    process.env.LOCAL_WEBHOOK_URL = 'http://127.0.0.1:9/unused';
    delete process.env.SHOPIFY_ADMIN_TOKEN;
    imageUrl = (await upload()).url;
  });
  afterAll(async () => {
    process.env = env;
    await rm(uploads, { recursive: true, force: true });
    await table.drop();
  });

  it('opens a set for a member and refuses another collective (403)', async () => {
    const res = await invoke(cards, `POST ${base}/sets`, { ...asCollective(1, 10), body: JSON.stringify({ name: '2027 Season' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: '2027 Season', cardIds: [], closedAt: null });
    setId = res.body.id;
    expect((await invoke(cards, `POST ${base}/sets`, { ...asCollective(2, 10), body: JSON.stringify({ name: 'Mine' }) })).status).toBe(403);
  });

  it('refuses bad input with a clear message per field and writes nothing', async () => {
    const before = (await ownerCards(10)).cards.length;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ priceCents: 0 }, 'priceCents', /more than \$0\.00/],
      [{ priceCents: -500 }, 'priceCents', /more than \$0\.00/],
      [{ priceCents: 50_000_000 }, 'priceCents', /at most \$10,000\.00/],
      [{ priceCents: 12.5 }, 'priceCents', /whole cents/],
      [{ editionSize: 0 }, 'editionSize', /at least 1/],
      [{ editionSize: -3 }, 'editionSize', /at least 1/],
      [{ editionSize: 10_000_000 }, 'editionSize', /at most 100,000/],
      [{ editionSize: 2.5 }, 'editionSize', /whole number/],
      [{ image: 'https://example.com/x.png' }, 'image', /uploaded/],
      [{ name: '' }, 'name', /required/],
      [{ unlock: { athleteId: 4, cardId: 1, units: 5 } }, 'unlock.cardId', /same athlete/],
      [{ unlock: { cardId: 99, units: 5 } }, 'unlock.cardId', /no card 99/],
      [{ unlock: { cardId: 1, units: 0 } }, 'unlock.units', /at least 1/],
      [{ setId: 1 }, 'setId', /closed/],
      [{ setId: null }, 'setId', /set/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await create(10, cardBody(patch));
      expect([JSON.stringify(patch), res.status, res.body.error.code]).toEqual([JSON.stringify(patch), 400, 'validation']);
      expect(res.body.error.fields[field]).toMatch(message);
    }
    // A file that is not an image, or over 10 MB, is refused when the card goes to the athlete.
    expect((await ownerCards(10)).cards.length).toBe(before);
  });

  let baseId = 0;
  let goldId = 0;

  it('creates cards, refuses an unlock cycle, and keeps each card a draft until submitted', async () => {
    const created = await create(10, cardBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: 'draft', editionSize: 150, setId, sale: null });
    baseId = created.body.id;
    const gold = await create(
      10,
      cardBody({ name: 'Riley - 2027 Gold', edition: 'Gold', editionSize: 5, priceCents: 4000, unlock: { cardId: baseId, units: 2 } }),
    );
    expect(gold.status).toBe(201);
    goldId = gold.body.id;
    const cycle = await invoke(cards, `PUT ${base}/cards/{cardId}`, {
      ...asCollective(1, 10, { cardId: String(baseId) }),
      body: JSON.stringify(cardBody({ unlock: { cardId: goldId, units: 1 } })),
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.fields['unlock.cardId']).toMatch(/unlock each other/);
    // Drafts are not public, and cannot be bought.
    expect(await publicCard(10, baseId)).toBeUndefined();
    expect((await invoke(checkout, 'POST /api/checkout', { body: JSON.stringify({ athleteId: 10, cardId: baseId }) })).status).toBe(404);
  });

  it('refuses a non-image upload and one over 10 MB when submitting', async () => {
    const text = await upload(Buffer.from('not an image at all'));
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    for (const [file, message] of [
      [text.url, /not a PNG, JPG or GIF/],
      [big.url, /10MB or smaller/],
    ] as const) {
      const draft = await create(10, cardBody({ name: 'Bad image', image: file }));
      const res = await action(10, draft.body.id, 'submit');
      expect(res.status).toBe(400);
      expect(res.body.error.fields.image).toMatch(message);
      expect((await ownerCards(10)).cards.find((c: { id: number }) => c.id === draft.body.id).state).toBe('draft');
      expect((await invoke(cards, `DELETE ${base}/cards/{cardId}`, asCollective(1, 10, { cardId: String(draft.body.id) }))).status).toBe(204);
    }
  });

  it('sends a card to the athlete, who alone decides: a rejection keeps its reason, an approval its image version', async () => {
    expect((await action(10, baseId, 'publish')).status).toBe(409); // not approved yet
    const submitted = await action(10, baseId, 'submit');
    expect(submitted.body).toMatchObject({ state: 'pending', imageHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    const hash = submitted.body.imageHash;
    // Another athlete may not decide (403), nor may the collective's account.
    expect((await decide(10, baseId, 'approve', { imageHash: hash }, 4)).status).toBe(403);
    expect(
      (
        await invoke(cards, 'POST /api/athletes/{id}/cards/{cardId}/approve', {
          pathParameters: { id: '10', cardId: String(baseId) },
          claims: claimsFor.collective(1),
          body: JSON.stringify({ imageHash: hash }),
        })
      ).status,
    ).toBe(403);
    // A stale review (another image version) is refused.
    expect((await decide(10, baseId, 'approve', { imageHash: 'sha256:stale' })).status).toBe(409);

    await action(10, goldId, 'submit');
    const rejected = await decide(10, goldId, 'reject', { reason: 'Use my 2027 photo' });
    expect(rejected.body).toMatchObject({ state: 'rejected', rejectionReason: 'Use my 2027 photo' });
    const seen = (await ownerCards(10)).cards.find((c: { id: number }) => c.id === goldId);
    expect(seen).toMatchObject({ state: 'rejected', rejectionReason: 'Use my 2027 photo' });
    expect(seen.history.map((e: { action: string }) => e.action)).toEqual(['created', 'submitted', 'rejected']);

    const approved = await decide(10, baseId, 'approve', { imageHash: hash });
    expect(approved.body).toMatchObject({ state: 'approved', approval: { by: 'athlete-10', imageHash: hash } });
    // The same decision again changes nothing.
    expect((await decide(10, baseId, 'approve', { imageHash: hash })).status).toBe(200);
  });

  it('publishes an approved card with a local product id; a product already selling another card is refused', async () => {
    delete process.env.LOCAL_WEBHOOK_URL;
    const manual = await action(10, baseId, 'publish');
    expect(manual.status).toBe(400);
    expect(manual.body.error.fields.shopifyProductId).toMatch(/Shopify product/);
    const taken = await action(10, baseId, 'publish', { shopifyProductId: '7420000000101' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/already sells another card/);
    process.env.LOCAL_WEBHOOK_URL = 'http://127.0.0.1:9/unused';
    const published = await action(10, baseId, 'publish');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ state: 'published', shopifyProductId: localProductId(10, baseId), sale: { remaining: 150, buyable: true } });
    expect(await publicCard(10, baseId)).toMatchObject({ name: 'Riley - 2027 Base', editionSize: 150, remaining: 150, buyable: true });
    // Published cards do not change; they retire.
    expect(
      (
        await invoke(cards, `PUT ${base}/cards/{cardId}`, {
          ...asCollective(1, 10, { cardId: String(baseId) }),
          body: JSON.stringify(cardBody({ priceCents: 1 })),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await invoke(cards, `PUT ${base}/cards/{cardId}`, {
          ...asCollective(1, 10, { cardId: String(baseId) }),
          body: JSON.stringify(cardBody({ priceCents: 1500 })),
        })
      ).status,
    ).toBe(409);
  });

  it('sends a card back to the athlete when its image bytes change after approval', async () => {
    const image = await upload();
    const card = await create(10, cardBody({ name: 'Riley - Replaced', image: image.url }));
    const hash = (await action(10, card.body.id, 'submit')).body.imageHash;
    await decide(10, card.body.id, 'approve', { imageHash: hash });
    // A presigned S3 URL can be replayed while valid: the bytes behind the same URL change.
    await writeFile(image.file, Buffer.concat([PNG, Buffer.from('another picture')]));
    const res = await action(10, card.body.id, 'publish');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/image changed after the athlete approved it/);
    const back = (await ownerCards(10)).cards.find((c: { id: number }) => c.id === card.body.id);
    expect(back.state).toBe('pending');
    expect(back.imageHash).not.toBe(hash);
  });

  it('refuses to drop an approved limited edition (409, saying why) and drops an approved open edition as it was approved', async () => {
    const drop = (cardId: number) => {
      const startsAt = new Date(Date.now() + 3_600_000).toISOString();
      return invoke(cards, `POST ${base}/cards/{cardId}/drop`, {
        ...asCollective(1, 10, { cardId: String(cardId) }),
        body: JSON.stringify({ startsAt, endsAt: new Date(Date.parse(startsAt) + 86_400_000).toISOString() }),
      });
    };
    // Their own set: the set closed below keeps the cards it was given.
    const moments = (await invoke(cards, `POST ${base}/sets`, { ...asCollective(1, 10), body: JSON.stringify({ name: 'Moments' }) })).body.id;
    const approvedCard = async (extra: Record<string, unknown>) => {
      const card = await create(10, cardBody({ image: (await upload()).url, setId: moments, ...extra }));
      await decide(10, card.body.id, 'approve', { imageHash: (await action(10, card.body.id, 'submit')).body.imageHash });
      return card.body.id as number;
    };
    const limited = await approvedCard({ name: 'Riley - Gold Moment', edition: 'Gold', editionSize: 50 });
    const refused = await drop(limited);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'conflict',
      message:
        'The athlete approved this card as Gold, an edition of 50, and a drop sells an open edition (as many as fans order in the window): to drop it, ask the athlete to approve an open-edition version of the card first',
    });
    expect((await ownerCards(10)).cards.find((c: { id: number }) => c.id === limited)).toMatchObject({ state: 'approved', editionSize: 50, edition: 'Gold' });
    expect(await publicCard(10, limited)).toBeUndefined();

    const open = await approvedCard({ name: 'Riley - Open Moment', edition: 'Gold', editionSize: null });
    const dropped = await drop(open);
    expect(dropped.status).toBe(200);
    expect(dropped.body).toMatchObject({ state: 'published', edition: 'Gold', editionSize: null, drop: { closedAt: null, printRun: null } });
  });

  it('locks a card until its quota sells, shows progress, refuses to sell it locked, then unlocks it exactly once', async () => {
    // Gold (5, unlocking after 2 Base): edited, approved and published while Base has sold 0.
    await invoke(cards, `PUT ${base}/cards/{cardId}`, {
      ...asCollective(1, 10, { cardId: String(goldId) }),
      body: JSON.stringify(cardBody({ name: 'Riley - 2027 Gold', edition: 'Gold', editionSize: 5, priceCents: 4000, unlock: { cardId: baseId, units: 2 } })),
    });
    const hash = (await action(10, goldId, 'submit')).body.imageHash;
    await decide(10, goldId, 'approve', { imageHash: hash });
    await action(10, goldId, 'publish');
    expect(await publicCard(10, goldId)).toMatchObject({ locked: true, buyable: false, unlock: { cardId: baseId, units: 2, sold: 0, unlockedAt: null } });
    const locked = await invoke(checkout, 'POST /api/checkout', { body: JSON.stringify({ athleteId: 10, cardId: goldId }) });
    expect([locked.status, locked.body.error.code, locked.body.error.message]).toEqual([409, 'card_locked', 'This card is locked: 0 of 2 Base sold to unlock']);

    await buy(localProductId(10, baseId), 1, 'first@example.com');
    expect((await publicCard(10, goldId)).unlock.sold).toBe(1);
    await buy(localProductId(10, baseId), 1, 'second@example.com');
    const unlocked = await publicCard(10, goldId);
    expect(unlocked).toMatchObject({ locked: false, buyable: true, unlock: { sold: 2, unlockedAt: expect.any(String) } });
    expect(await publicCard(10, baseId)).toMatchObject({ sold: 2, issued: 2, remaining: 148 });
  });

  it('unlocks at publication a card whose quota was already reached', async () => {
    const late = await create(10, cardBody({ name: 'Riley - Late Gold', edition: 'Gold', editionSize: 10, unlock: { cardId: baseId, units: 1 } }));
    const hash = (await action(10, late.body.id, 'submit')).body.imageHash;
    await decide(10, late.body.id, 'approve', { imageHash: hash });
    await action(10, late.body.id, 'publish');
    expect(await publicCard(10, late.body.id)).toMatchObject({ locked: false, unlock: { unlockedAt: expect.any(String) } });
  });

  it('gives serials in counting order, retires a refunded serial, and sells out with oversold units flagged', async () => {
    const orderId = nextId();
    const lineId = nextId();
    await deliver(
      webhook,
      'orders/create',
      orderPayload({
        id: orderId,
        createdAt: new Date().toISOString(),
        email: 'gold@example.com',
        lines: [{ id: lineId, productId: localProductId(10, goldId), title: 'Gold', quantity: 3, price: '40.00' }],
      }),
    );
    const collection = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('gold@example.com') });
    const held = (body: { items: Array<{ sets: Array<{ id: number; cards: Array<{ id: number }> }> }> }, cardId: number) =>
      body.items[0].sets.find((s) => s.id === setId)!.cards.find((c) => c.id === cardId);
    const gold = held(collection.body, goldId);
    expect(gold).toMatchObject({ held: 3, serials: [[1, 3]] });
    // One unit refunded: serial #3 retires (never reissued); 3 more sold: #4, #5, then one oversold.
    await deliver(
      webhook,
      'refunds/create',
      refundPayload({ id: nextId(), orderId, createdAt: new Date().toISOString(), lines: [{ lineItemId: lineId, quantity: 1, subtotal: '40.00' }] }),
    );
    await buy(localProductId(10, goldId), 3, 'late@example.com');
    expect(await publicCard(10, goldId)).toMatchObject({ sold: 5, issued: 5, remaining: 0, soldOut: true, oversold: 1, buyable: false });
    const mine = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('late@example.com') });
    expect(held(mine.body, goldId)).toMatchObject({ held: 3, serials: [[4, 5]] });
    const soldOut = await invoke(checkout, 'POST /api/checkout', { body: JSON.stringify({ athleteId: 10, cardId: goldId }) });
    expect([soldOut.status, soldOut.body.error.code]).toEqual([409, 'sold_out']);
  });

  it('closes a set: its membership is fixed, Top Fans are recomputed, and the fan sees the badge the athlete counts', async () => {
    // gold@example.com buys a Base and a Late Gold, so it holds every card on sale in the set.
    await buy(localProductId(10, baseId), 1, 'gold@example.com');
    const lateGold = (await ownerCards(10)).cards.find((c: { name: string }) => c.name === 'Riley - Late Gold');
    await buy(localProductId(10, lateGold.id), 1, 'gold@example.com');
    const closed = await invoke(cards, `POST ${base}/sets/{setId}/close`, asCollective(1, 10, { setId: String(setId) }));
    expect(closed.status).toBe(200);
    const owner = await ownerCards(10);
    const set = owner.sets.find((s: { id: number }) => s.id === setId);
    expect(set.closedAt).not.toBeNull();
    // Only cards on sale stayed in the set; the pending one left it.
    expect(set.cardIds.sort()).toEqual([baseId, goldId, lateGold.id].sort());
    expect(owner.cards.find((c: { name: string }) => c.name === 'Riley - Replaced').setId).toBeNull();
    // A new card cannot join a closed set.
    expect((await create(10, cardBody({ name: 'Too late' }))).body.error.fields.setId).toMatch(/closed/);

    const fan = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('gold@example.com') });
    const entry = fan.body.items.find((i: { athlete: { id: number } }) => i.athlete.id === 10);
    expect(entry.topFan).toBe(true);
    expect(entry.sets.find((s: { id: number }) => s.id === setId)).toMatchObject({ countsForTopFan: true, held: 3, total: 3, complete: true });
    const other = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('first@example.com') });
    const partial = other.body.items.find((i: { athlete: { id: number } }) => i.athlete.id === 10);
    expect(partial.topFan).toBe(false);
    expect(partial.sets.find((s: { id: number }) => s.id === setId)).toMatchObject({ held: 1, total: 3, complete: false });
  });

  it('retires a card: still shown (marked), no longer sold, and the figures verify with 0 differences', async () => {
    const retired = await action(10, baseId, 'retire');
    expect(retired.body.state).toBe('retired');
    expect(await publicCard(10, baseId)).toMatchObject({ state: 'retired', buyable: false });
    expect((await invoke(checkout, 'POST /api/checkout', { body: JSON.stringify({ athleteId: 10, cardId: baseId }) })).status).toBe(409);
    expect((await invoke(cards, `DELETE ${base}/cards/{cardId}`, asCollective(1, 10, { cardId: String(baseId) }))).status).toBe(409);
    const report = await verifyTable();
    expect(report.differences).toEqual([]);
  });

  it('recomputes Top Fans exactly while orders settle concurrently with the set closing', async () => {
    const set = (await invoke(cards, `POST ${base}/sets`, { ...asCollective(1, 11), body: JSON.stringify({ name: 'Race Set' }) })).body;
    const ids: number[] = [];
    for (const name of ['Race One', 'Race Two']) {
      const card = await create(11, { ...cardBody({ name, editionSize: null }), setId: set.id });
      const hash = (await action(11, card.body.id, 'submit')).body.imageHash;
      await decide(11, card.body.id, 'approve', { imageHash: hash });
      await action(11, card.body.id, 'publish');
      ids.push(card.body.id);
    }
    const buyers = Array.from({ length: 12 }, (_, i) => `racer${i}@example.com`);
    const orders = buyers.flatMap((email, i) => ids.slice(0, i % 3 === 0 ? 1 : 2).map((cardId) => buy(localProductId(11, cardId), 1, email)));
    const close = invoke(cards, `POST ${base}/sets/{setId}/close`, asCollective(1, 11, { setId: String(set.id) }));
    const [closed] = await Promise.all([close, ...orders]);
    expect(closed.status).toBe(200);
    const { settlePending } = await import('#lambdas/orders/ingest');
    await settlePending();
    expect((await verifyTable()).differences).toEqual([]);
    const top = await invoke(me, 'GET /api/me/collection', { claims: claimsFor.buyer('racer1@example.com') });
    expect(top.body.items.find((i: { athlete: { id: number } }) => i.athlete.id === 11).topFan).toBe(true);
  });
});
