// The community on DynamoDB Local (issue 26 items 1 to 3, 6): sales settled through the production
// engine with its hooks move the leaderboards and leave jobs the sender applies (a Top Fan's notice,
// the school's tallies, an unlock told to the athlete, the collective and the followers, the news);
// display names are validated, unique and never an athlete's; public lists name fans by their
// chosen names only when their profile is public and never list a minor; follows feed the news;
// forgetPerson removes what a deleted account leaves here.
import { normalizeOrder, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { SEASON_SET_ID, sampleProductId } from '#shared/catalog/seed-data';
import { handler as community } from '#lambdas/community/community.handler';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as notifications } from '#lambdas/notifications/notifications.handler';
import { ingest } from '#lambdas/orders/ingest';
import { createSender } from '#lambdas/notifications/sender';
import { forgetPerson } from '#lambdas/notifications/forget-person';
import { settleEventWrites } from '#lambdas/notifications/settle-hooks';
import { recordAgeBand } from '#lambdas/identity/age-bands';
import { hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(120_000);

const CASEY = 'casey@example.com';
const BLAKE = 'blake@example.com';
const MINOR = 'young@example.com';
let order = 9_100_000;

async function buy(email: string, card: number, quantity = 1, athlete = 1) {
  const id = String(order++);
  const payload = orderPayload({
    id,
    createdAt: new Date().toISOString(),
    email,
    lines: [{ id: `${id}1`, productId: sampleProductId(athlete, card), title: 'Card', quantity, price: ['3.00', '5.00', '25.00'][card - 1] }],
  });
  await ingest({ kind: 'order', order: normalizeOrder(parseJsonPreservingBigInts(payload)) });
}

describe('the community on DynamoDB Local', () => {
  let table: TestTable;
  const sender = createSender({
    store: dynamoStore,
    mailer: () => ({ send: async () => 'id' }),
    now: () => new Date(),
    site: () => 'https://drift.example',
    secret: async () => 'x'.repeat(32),
  });
  const drain = async () => {
    for (let pass = 0; pass < 4; pass++) for (const key of await sender.sweep()) await sender.deliver(key);
  };
  const as = (email: string) => ({ claims: claimsFor.buyer(email) });
  const save = (email: string, body: unknown) => invoke(community, 'PUT /api/me/profile', { ...as(email), body: JSON.stringify(body) });

  beforeAll(async () => {
    table = await createTestTable();
    await recordAgeBand(dynamoStore, hashEmail(MINOR), { band: 'minor', source: 'sign-up', at: new Date().toISOString() });
    // Casey holds the whole season set of Marcus Reed (athlete 1) and one more card; Blake one
    // card; a minor two.
    await buy(CASEY, 1, 2);
    await buy(CASEY, 2);
    await buy(CASEY, 3);
    await buy(BLAKE, 1);
    await buy(MINOR, 1, 2);
    await drain();
  });
  afterAll(async () => {
    await table.drop();
  });

  it('validates display names: unique, never an athlete’s, reserved words refused; a minor stays private', async () => {
    expect((await save(CASEY, { displayName: 'MarcusReed', public: false })).body.error.fields).toEqual({
      displayName: 'This name is too close to Marcus Reed, an athlete on Drift: choose a name that is your own.',
    });
    expect((await save(CASEY, { displayName: 'Drift Support', public: false })).body.error.fields.displayName).toContain('a word kept for Drift');
    const saved = await save(CASEY, { displayName: 'CaseyCollects', public: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ displayName: 'CaseyCollects', public: true, canBePublic: true, pseudonym: expect.stringMatching(/^Fan [A-Z2-9]{6}$/) });
    expect((await save(BLAKE, { displayName: 'casey.collects', public: false })).body.error.fields).toEqual({
      displayName: 'That display name is taken: choose another.',
    });
    expect((await save(MINOR, { displayName: 'YoungCollector', public: true })).status).toBe(403);
    expect((await save(MINOR, { displayName: 'YoungCollector', public: false })).status).toBe(200);
  });

  it('ranks the athlete’s, the set’s and the school’s fans, naming only public profiles and never a minor', async () => {
    const athlete = await invoke(community, 'GET /api/athletes/{id}/leaderboard', { pathParameters: { id: '1' } });
    expect(athlete.body).toEqual({
      board: 'athlete',
      entries: [
        { rank: 1, name: 'CaseyCollects', cards: 4, complete: true },
        { rank: 2, name: null, cards: 1, complete: false },
      ],
      fans: 3,
    });
    const set = await invoke(community, 'GET /api/athletes/{id}/leaderboard', { pathParameters: { id: '1' }, query: { set: String(SEASON_SET_ID) } });
    expect(set.body).toMatchObject({
      board: 'set',
      entries: [
        { rank: 1, name: 'CaseyCollects', cards: 3, complete: true },
        { rank: 2, name: null, cards: 1 },
      ],
      fans: 3,
    });
    const school = await invoke(community, 'GET /api/schools/{id}/leaderboard', { pathParameters: { id: '2' } });
    expect(school.body).toMatchObject({
      board: 'school',
      entries: [
        { name: 'CaseyCollects', cards: 4 },
        { name: null, cards: 1 },
      ],
      fans: 3,
    });
    const text = JSON.stringify([athlete.body, set.body, school.body]);
    for (const secret of [CASEY, BLAKE, MINOR, 'casey', 'YoungCollector', hashEmail(CASEY)]) expect(text).not.toContain(secret);
  });

  it('names Top Fans by their chosen names, leaves minors off, and tells the new Top Fan', async () => {
    const stats = await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } });
    expect(stats.body.topFans.map((t: { buyer: string }) => t.buyer)).toEqual(['CaseyCollects']);
    const bell = await invoke(notifications, 'GET /api/me/notifications', as(CASEY));
    expect(bell.body.items.map((n: { category: string; title: string }) => [n.category, n.title])).toEqual([['top_fan', 'You are a Top Fan of Marcus Reed']]);
  });

  it('shows a public collector profile by any spelling of its name, and nothing of a private one', async () => {
    const profile = await invoke(community, 'GET /api/collectors/{name}', { pathParameters: { name: 'casey-collects' } });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ displayName: 'CaseyCollects', topFanOf: 1, completedSets: 1, nextCursor: null });
    expect(profile.body.athletes[0].athlete).toMatchObject({ id: 1, name: 'Marcus Reed' });
    expect(profile.body.athletes[0].sets[0].cards[0]).toMatchObject({ held: 2, serials: expect.any(Array) });
    expect(JSON.stringify(profile.body)).not.toMatch(/@|acquiredAt":"/);
    expect((await invoke(community, 'GET /api/collectors/{name}', { pathParameters: { name: 'YoungCollector' } })).status).toBe(404);
    await save(CASEY, { displayName: 'CaseyCollects', public: false });
    expect((await invoke(community, 'GET /api/collectors/{name}', { pathParameters: { name: 'CaseyCollects' } })).status).toBe(404);
    const athlete = await invoke(community, 'GET /api/athletes/{id}/leaderboard', { pathParameters: { id: '1' } });
    expect(athlete.body.entries[0]).toMatchObject({ name: null, cards: 4 });
    await save(CASEY, { displayName: 'CaseyCollects', public: true });
  });

  it('feeds a follower the news of the athletes and schools followed, once, and tells followers of an unlock', async () => {
    expect((await invoke(community, 'GET /api/me/feed', as(CASEY))).body).toEqual({ items: [], nextCursor: null, following: 0 });
    await invoke(community, 'PUT /api/me/follows/{kind}/{id}', { ...as(CASEY), pathParameters: { kind: 'athlete', id: '1' } });
    const follows = await invoke(community, 'PUT /api/me/follows/{kind}/{id}', { ...as(CASEY), pathParameters: { kind: 'school', id: '2' } });
    expect(follows.body.items.map((f: { kind: string; name: string }) => [f.kind, f.name])).toEqual([
      ['athlete', 'Marcus Reed'],
      ['school', expect.any(String)],
    ]);
    // An unlock of Marcus Reed's card 3, as settlement records it: the job, then the sender.
    const cause = { orderId: '424242', orderVersion: 1 };
    const [job] = settleEventWrites({ kind: 'unlock-reached', athleteId: 1, cardId: 3, at: new Date().toISOString(), cause });
    await dynamoStore.transact([job]);
    // The job delivered twice at once (a duplicated queue message) and again after: told once.
    const jobKey = { PK: String((job as { put: { PK: string } }).put.PK), SK: 'JOB' };
    await Promise.all([sender.deliver(jobKey), sender.deliver(jobKey)]);
    await drain();
    const feed = await invoke(community, 'GET /api/me/feed', as(CASEY));
    expect(feed.body.items.map((i: { kind: string; title: string }) => [i.kind, i.title])).toEqual([
      ['unlock', 'Marcus Reed unlocked “Marcus Reed - Card #3”'],
    ]);
    const bell = await invoke(notifications, 'GET /api/me/notifications', as(CASEY));
    expect(bell.body.items[0]).toMatchObject({ category: 'unlock_reached', title: 'Marcus Reed unlocked “Marcus Reed - Card #3”' });
    const athleteBell = await invoke(notifications, 'GET /api/me/notifications', { claims: claimsFor.athlete(1) });
    expect(athleteBell.body.items.map((n: { category: string }) => n.category)).toContain('unlock_reached');
    const audit = await invoke(notifications, 'GET /api/collectives/{id}/audit', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(audit.body.items.map((e: { action: string }) => e.action)).toContain('card.unlocked');
    expect(
      (await invoke(notifications, 'GET /api/me/notifications', as(CASEY))).body.items.filter((n: { category: string }) => n.category === 'unlock_reached'),
    ).toHaveLength(1);
    // An unfollowed athlete's news stays out of the feed.
    await invoke(community, 'DELETE /api/me/follows/{kind}/{id}', { ...as(CASEY), pathParameters: { kind: 'athlete', id: '1' } });
    await invoke(community, 'DELETE /api/me/follows/{kind}/{id}', { ...as(CASEY), pathParameters: { kind: 'school', id: '2' } });
    expect((await invoke(community, 'GET /api/me/feed', as(CASEY))).body.items).toEqual([]);
  });

  it('forgets a person: notices, settings, follows, display name and profile', async () => {
    await invoke(community, 'PUT /api/me/follows/{kind}/{id}', { ...as(CASEY), pathParameters: { kind: 'athlete', id: '1' } });
    const forgotten = await forgetPerson(dynamoStore, { buyerKey: hashEmail(CASEY), email: CASEY, sub: null });
    expect(forgotten.notices).toBeGreaterThan(0);
    expect(await dynamoStore.query(keys.notifyPartition(`F${hashEmail(CASEY)}`), 10)).toEqual([]);
    expect(await dynamoStore.query(keys.followsPartition(hashEmail(CASEY)), 10)).toEqual([]);
    expect(await dynamoStore.query(keys.followersPartition({ kind: 'athlete', id: 1 }), 10)).toEqual([]);
    expect((await invoke(community, 'GET /api/collectors/{name}', { pathParameters: { name: 'CaseyCollects' } })).status).toBe(404);
    // The name is free again.
    expect((await save(BLAKE, { displayName: 'CaseyCollects', public: false })).status).toBe(200);
  });
});
