import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as posts } from '#lambdas/sales/posts.handler';
import { handler as waitlist } from '#lambdas/onboarding/waitlist.handler';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { installSampleCatalog } from '../support/fake-table';
import { claimsFor, invoke } from '../support/invoke';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.LOG_LEVEL = 'silent';
  installSampleCatalog(ddb);
});

describe('catalog', () => {
  it('returns a small catalog whole: athletes with their cards, schools, collectives, merch', async () => {
    const res = await invoke(catalog, 'GET /api/catalog');
    expect(res.status).toBe(200);
    expect(res.body.athletes).toHaveLength(15);
    expect(res.body.athletes[0].digitalcollectibles.map((c: { name: string }) => c.name)).toEqual([
      'Marcus Reed - Card #1',
      'Marcus Reed - Card #2',
      'Marcus Reed - Card #3',
    ]);
    expect(res.body.schools.map((s: { id: number }) => s.id)).toEqual([2, 3, 4]);
    expect(res.body.collectives.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    expect(res.body.merch).toHaveLength(9);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
  });
});

describe('athletes', () => {
  it('answers 404 JSON for an unknown athlete', async () => {
    const res = await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '999' } });
    expect(res).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });

  it.each([
    [{ id: 'abc' }, {}],
    [{ id: '0' }, {}],
    [{ id: '1' }, { limit: '0' }],
    [{ id: '1' }, { limit: '1000' }],
    [{ id: '1' }, { cursor: 'not-a-cursor' }],
  ])('answers 400 for bad parameters %p %p', async (pathParameters, query) => {
    const res = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters, query });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toBeDefined();
  });

  it('pages sale lines newest first with an opaque cursor', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':sale': 'SALE#' } }).resolves({
      Items: [
        {
          orderId: '1',
          orderName: '#1',
          createdAt: '2026-01-01T00:00:00.000Z',
          buyer: 'fan',
          buyerAlias: 'Fan K7Q2MX',
          quantity: 1,
          amountCents: 300,
          status: 'Paid',
          email: 'fan@example.com',
          serials: [{ cardId: 1, from: 7, to: 7, editionSize: 500 }],
        },
      ],
      LastEvaluatedKey: { PK: 'ATHLETE#1', SK: 'SALE#2026-01-01T00:00:00.000Z#1' },
    });
    const res = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '1' }, query: { limit: '1' }, claims: claimsFor.athlete(1) });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        orderId: '1',
        orderName: '#1',
        createdAt: '2026-01-01T00:00:00.000Z',
        buyer: 'fan',
        quantity: 1,
        amountCents: 300,
        status: 'Paid',
        serials: [{ cardId: 1, from: 7, to: 7, editionSize: 500 }],
        oversoldUnits: 0,
        whileLockedUnits: 0,
      },
    ]);
    const query = ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.ExpressionAttributeValues?.[':sale']);
    expect(query?.args[0].input).toMatchObject({ ScanIndexForward: false, Limit: 1 });

    // The cursor carries the sort position only; the partition always comes from the request.
    const cursor = res.body.nextCursor as string;
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual({ SK: 'SALE#2026-01-01T00:00:00.000Z#1' });
    ddb.resetHistory();
    await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '1' }, query: { cursor }, claims: claimsFor.athlete(1) });
    expect(ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.ExpressionAttributeValues?.[':sale'])?.args[0].input.ExclusiveStartKey).toEqual({
      PK: 'ATHLETE#1',
      SK: 'SALE#2026-01-01T00:00:00.000Z#1',
    });
  });

  it.each([
    ['another partition', { PK: 'ATHLETE#2', SK: 'SALE#2026-01-01T00:00:00.000Z#1' }],
    ['a foreign sort key', { SK: 'FAN#abc' }],
    ['a non-string field', { SK: 5 }],
    ['an extra field', { SK: 'SALE#2026-01-01T00:00:00.000Z#1', GSI1PK: 'BUYER#x' }],
  ])('answers 400 to a tampered cursor (%s), never 500', async (_name, position) => {
    const cursor = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
    const res = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '1' }, query: { cursor }, claims: claimsFor.athlete(1) });
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'bad_request', fields: { cursor: 'is not valid' } } } });
  });

  it('shows buyers by pseudonym on the public demo, by email local part to the owner', async () => {
    process.env.DEMO_MODE = 'true';
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':sale': 'SALE#' } }).resolves({
      Items: [
        {
          orderId: '1',
          orderName: '#1',
          createdAt: '2026-01-01T00:00:00.000Z',
          buyer: 'jane.doe',
          buyerAlias: 'Fan K7Q2MX',
          quantity: 1,
          amountCents: 300,
          status: 'Paid',
        },
      ],
    });
    const demo = await invoke(athletes, 'GET /api/demo/athletes/{id}/orders', { pathParameters: { id: '1' } });
    expect(demo.body.items[0].buyer).toBe('Fan K7Q2MX');
    expect(JSON.stringify(demo.body)).not.toContain('jane');
    const owner = await invoke(athletes, 'GET /api/athletes/{id}/orders', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) });
    expect(owner.body.items[0].buyer).toBe('jane.doe');
    delete process.env.DEMO_MODE;
  });

  it('computes stats from the aggregate items, with Top Fans by pseudonym only', async () => {
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':top': 'TOPFAN#' } })
      .resolves({ Items: [{ SK: 'TOPFAN#abc', buyerAlias: 'Fan 7KQ2MX', buyerLabel: 'jane.doe' }] });
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':month': 'AGG#M#' } })
      .resolves({ Items: [{ SK: 'AGG#M#2026-01', month: '2026-01', cardsSold: 2, revenueCents: 800, orderCount: 2 }] });
    ddb.on(GetCommand, { Key: { PK: 'ATHLETE#1', SK: 'AGG#TOTAL' } }).resolves({
      Item: {
        SK: 'AGG#TOTAL',
        cardsSold: 4,
        revenueCents: 3300,
        orderCount: 3,
        uniqueFans: 2,
        cards: { 1: 1, 2: 2, 3: 1 },
        issued: { 1: 1, 2: 2 },
        unlockedAt: { 2: '2026-01-02T00:00:00.000Z' },
        topFanCount: 1,
        earnedCents: 3201,
      },
    });
    const res = await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } });
    expect(res.body).toMatchObject({
      totalCardsSold: 4,
      totalRevenueCents: 3300,
      averagePriceCents: 825,
      orderCount: 3,
      uniqueFans: 2,
      earningsCents: 3201,
      cardsSoldByCard: { 1: 1, 2: 2, 3: 1 },
      topFanCount: 1,
      topFans: [{ buyer: 'Fan 7KQ2MX', cardsHeld: 3 }],
    });
    expect(res.body.cardStates['2']).toEqual({ sold: 2, issued: 2, oversold: 0, unlockedAt: '2026-01-02T00:00:00.000Z' });
    expect(res.body.monthly).toEqual([{ month: '2026-01', cardsSold: 2, revenueCents: 800, orderCount: 2 }]);
    expect(JSON.stringify(res.body)).not.toContain('jane');
  });

  it('answers 503 in the error format when storage fails, and every query is awaited', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':top': 'TOPFAN#' } }).rejects(down);
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'ATHLETE#1', ':month': 'AGG#M#' } }).rejects(down);
    ddb.on(GetCommand).rejects(down);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const res = await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '1' } });
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(res).toMatchObject({ status: 503, body: { error: { code: 'storage_unavailable' } } });
    expect(unhandled).toEqual([]);
  });
});

describe('collectives', () => {
  it('answers 404 for an unknown collective', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '77' }, claims: claimsFor.collective(77) });
    expect(res.status).toBe(404);
  });

  it('builds the overview from one index Query plus the unattributed summary', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'UNATTR#2', ':line': 'ORDER#' } }).resolves({ Items: [] });
    ddb.on(QueryCommand, { IndexName: 'GSI1' }).resolves({
      Items: [
        { GSI1SK: 'META', data: SAMPLE_CATALOG.collectives[0] },
        { GSI1SK: 'ATHLETE#000001#TOTAL', athleteId: 1, cardsSold: 3, revenueCents: 1000, orderCount: 2 },
        { GSI1SK: 'ATHLETE#000001#M#2026-11', athleteId: 1, month: '2026-11', cardsSold: 3, revenueCents: 1000, orderCount: 2 },
        { GSI1SK: 'ATHLETE#000004#TOTAL', athleteId: 4, cardsSold: 50, revenueCents: 99999, orderCount: 9 },
        { GSI1SK: 'DON#M#2026-11', month: '2026-11', amountCents: 5000, count: 2 },
      ],
    });
    ddb.on(GetCommand, { Key: { PK: 'UNATTR#2', SK: 'AGG' } }).resolves({});
    const res = await invoke(collectives, 'GET /api/collectives/{id}/stats', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(res.status).toBe(200);
    expect(res.body.tiles.totalAthletes).toBe(5);
    expect(res.body.tiles.athleteTransactions).toBe(3);
    expect(res.body.athletes.find((a: { athleteId: number }) => a.athleteId === 4)).toBeUndefined();
    expect(ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.IndexName === 'GSI1')).toHaveLength(1);
  });
});

describe('posts', () => {
  it('rejects blank content with 400 naming the field', async () => {
    const res = await invoke(posts, 'POST /api/athletes/{id}/posts', {
      pathParameters: { id: '1' },
      claims: claimsFor.athlete(1),
      body: JSON.stringify({ content: '   ' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ content: 'Write something before posting' });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('creates a post with the next id from the counter', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { lastId: 4 } });
    ddb.on(PutCommand).resolves({});
    const res = await invoke(posts, 'POST /api/athletes/{id}/posts', {
      pathParameters: { id: '1' },
      claims: claimsFor.athlete(1),
      body: JSON.stringify({ content: ' Game day! ' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 4, content: 'Game day!' });
  });

  it('answers 404 when editing a post that does not exist', async () => {
    ddb.on(UpdateCommand).rejects(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }));
    const res = await invoke(posts, 'PUT /api/athletes/{id}/posts/{postId}', {
      pathParameters: { id: '1', postId: '9' },
      claims: claimsFor.athlete(1),
      body: JSON.stringify({ content: 'edit' }),
    });
    expect(res.status).toBe(404);
  });
});

describe('waitlist', () => {
  it('names every bad field', async () => {
    const res = await invoke(waitlist, 'POST /api/waitlist', { body: JSON.stringify({ firstName: '', lastName: 'Doe', email: 'not-an-email' }) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'firstName']);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await invoke(waitlist, 'POST /api/waitlist', { body: 'firstName=Ann' });
    expect(res.status).toBe(400);
  });

  it('stores a valid submission', async () => {
    ddb.on(PutCommand).resolves({});
    const res = await invoke(waitlist, 'POST /api/waitlist', {
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', email: 'Ann@Example.com', school: 'Duke' }),
    });
    expect(res.status).toBe(201);
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({ PK: 'WAITLIST#ann@example.com', firstName: 'Ann', school: 'Duke' });
  });
});
