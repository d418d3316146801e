// Every protected route: anonymous -> 401, another owner -> 403, the owner -> 2xx. Demo routes
// serve only the demo tenant, without sign-in.
import { DynamoDBDocumentClient, DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as me } from '#lambdas/sales/me.handler';
import { handler as posts } from '#lambdas/sales/posts.handler';
import { ROUTES } from '#lambdas/routes';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { installSampleCatalog } from '../support/fake-table';
import { claimsFor, invoke } from '../support/invoke';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.DEMO_MODE = 'true';
  // The catalog's items (profiles, collectives, members...) as the table holds them.
  installSampleCatalog(ddb);
  ddb
    .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': 'COLL#1' } })
    .resolves({ Items: [{ GSI1SK: 'META', data: SAMPLE_CATALOG.collectives[0] }] });
  ddb
    .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': 'COLL#2' } })
    .resolves({ Items: [{ GSI1SK: 'META', data: SAMPLE_CATALOG.collectives[1] }] });
  ddb.on(UpdateCommand).resolves({ Attributes: { lastId: 1, postId: 1, content: 'x', date: '2026-01-01T00:00:00.000Z' } });
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
});

type Case = {
  name: string;
  handler: unknown;
  route: string;
  params: Record<string, string>;
  body?: string;
  owner: Record<string, string>;
  other: Record<string, string>;
};

const postBody = JSON.stringify({ content: 'hello' });
const cases: Case[] = [
  {
    name: 'athlete orders',
    handler: athletes,
    route: 'GET /api/athletes/{id}/orders',
    params: { id: '2' },
    owner: claimsFor.athlete(2),
    other: claimsFor.athlete(3),
  },
  {
    name: 'athlete orders (collective of the member)',
    handler: athletes,
    route: 'GET /api/athletes/{id}/orders',
    params: { id: '4' },
    owner: claimsFor.collective(2),
    other: claimsFor.collective(1),
  },
  {
    name: 'athlete donations',
    handler: athletes,
    route: 'GET /api/athletes/{id}/donations',
    params: { id: '2' },
    owner: claimsFor.athlete(2),
    other: claimsFor.buyer('x@example.com'),
  },
  {
    name: 'create post',
    handler: posts,
    route: 'POST /api/athletes/{id}/posts',
    params: { id: '2' },
    body: postBody,
    owner: claimsFor.athlete(2),
    other: claimsFor.athlete(1),
  },
  {
    name: 'edit post',
    handler: posts,
    route: 'PUT /api/athletes/{id}/posts/{postId}',
    params: { id: '2', postId: '1' },
    body: postBody,
    owner: claimsFor.athlete(2),
    other: claimsFor.collective(1),
  },
  {
    name: 'delete post',
    handler: posts,
    route: 'DELETE /api/athletes/{id}/posts/{postId}',
    params: { id: '2', postId: '1' },
    owner: claimsFor.athlete(2),
    other: claimsFor.athlete(1),
  },
  {
    name: 'collective stats',
    handler: collectives,
    route: 'GET /api/collectives/{id}/stats',
    params: { id: '2' },
    owner: claimsFor.collective(2),
    other: claimsFor.collective(1),
  },
  {
    name: 'collective transactions',
    handler: collectives,
    route: 'GET /api/collectives/{id}/transactions',
    params: { id: '2' },
    owner: claimsFor.collective(2),
    other: claimsFor.athlete(4),
  },
  {
    name: 'collective members',
    handler: collectives,
    route: 'GET /api/collectives/{id}/members',
    params: { id: '2' },
    owner: claimsFor.collective(2),
    other: claimsFor.collective(1),
  },
  {
    name: 'collective settings',
    handler: collectives,
    route: 'GET /api/collectives/{id}',
    params: { id: '2' },
    owner: claimsFor.collective(2),
    other: claimsFor.athlete(4),
  },
];

describe.each(cases)('$name', ({ handler, route, params, body, owner, other }) => {
  it('answers 401 without a principal', async () => {
    expect((await invoke(handler, route, { pathParameters: params, body })).status).toBe(401);
  });

  it('answers 403 to another account', async () => {
    const res = await invoke(handler, route, { pathParameters: params, body, claims: other });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers the owner', async () => {
    const res = await invoke(handler, route, { pathParameters: params, body, claims: owner });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
  });
});

describe('buyer orders', () => {
  it('needs a signed-in buyer with a verified email', async () => {
    expect((await invoke(me, 'GET /api/me/orders')).status).toBe(401);
    expect((await invoke(me, 'GET /api/me/orders', { claims: claimsFor.buyer('a@example.com', false) })).status).toBe(403);
    expect((await invoke(me, 'GET /api/me/orders', { claims: claimsFor.buyer('a@example.com') })).status).toBe(200);
  });
});

describe('demo routes', () => {
  it('serve the demo tenant without sign-in', async () => {
    expect((await invoke(athletes, 'GET /api/demo/athletes/{id}/orders', { pathParameters: { id: '1' } })).status).toBe(200);
    expect((await invoke(athletes, 'GET /api/demo/athletes/{id}/orders', { pathParameters: { id: '10' } })).status).toBe(200); // a member of the demo collective
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}/stats', { pathParameters: { id: '1' } })).status).toBe(200);
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}/members', { pathParameters: { id: '1' } })).status).toBe(200);
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}', { pathParameters: { id: '1' } })).status).toBe(200);
    expect((await invoke(me, 'GET /api/demo/me/orders')).status).toBe(200);
  });

  it('refuse anyone outside the demo tenant', async () => {
    expect((await invoke(athletes, 'GET /api/demo/athletes/{id}/orders', { pathParameters: { id: '4' } })).status).toBe(404);
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}/stats', { pathParameters: { id: '2' } })).status).toBe(404);
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}/members', { pathParameters: { id: '2' } })).status).toBe(404);
  });

  it('are off when demo mode is off', async () => {
    process.env.DEMO_MODE = 'false';
    expect((await invoke(collectives, 'GET /api/demo/collectives/{id}/stats', { pathParameters: { id: '1' } })).status).toBe(404);
    expect((await invoke(me, 'GET /api/demo/me/orders')).status).toBe(404);
  });
});

describe('route table', () => {
  it("marks only read-only demo, catalog, stats, posts list, waitlist, a support page's checkout, a signed unsubscribe and local routes as public", () => {
    const publicRoutes = ROUTES.filter((r) => r.access === 'public' && !r.localOnly).map((r) => `${r.method} ${r.path}`);
    // A donor needs no account: the checkout only creates Stripe's payment page, nothing is stored.
    // A one-click unsubscribe (List-Unsubscribe-Post) carries its own signed token instead of a session.
    const publicWrites = ['POST /api/waitlist', 'POST /api/support/{id}/checkout', 'POST /api/notifications/unsubscribe'];
    expect(publicRoutes.filter((r) => !r.startsWith('GET '))).toEqual(publicWrites);
  });
});
