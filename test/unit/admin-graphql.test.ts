// The Admin GraphQL client's cost-aware throttling, against the fake Admin API's leaky bucket on a
// virtual clock: the client waits for the points a call needs instead of being answered THROTTLED,
// and when another client drained the bucket it waits for what Shopify reports and retries.
import { availableAt, createGraphqlClient, waitFor } from '#lambdas/orders/admin-graphql';
import { countOrdersSince } from '#lambdas/orders/bulk-orders';
import { startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

const TOKEN = 'shpat_graphql';
let clock = 0;
let admin: FakeAdminApi;
const sleep = async (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  admin = await startFakeAdminApi({ token: TOKEN, now: () => clock });
});
afterAll(() => admin.close());
beforeEach(() => {
  admin.graphql.length = 0;
});

describe('the bucket arithmetic', () => {
  const status = { maximumAvailable: 2000, currentlyAvailable: 50, restoreRate: 100 };
  it('restores with time, up to the maximum', () => {
    expect(availableAt(status, 1000, 1000)).toBe(50);
    expect(availableAt(status, 1000, 1500)).toBe(100);
    expect(availableAt(status, 1000, 60_000)).toBe(2000);
  });
  it('waits exactly for the missing points, and never for more than the bucket can hold', () => {
    expect(waitFor(50, status, 0, 0)).toBe(0);
    expect(waitFor(150, status, 0, 0)).toBe(1000);
    expect(waitFor(150, status, 0, 400)).toBe(600);
    expect(waitFor(5000, { ...status, currentlyAvailable: 2000 }, 0, 0)).toBe(0);
  });
});

describe('createGraphqlClient', () => {
  it('paces its calls to the restore rate: 30 calls through a 3-point bucket, none throttled', async () => {
    admin.bucket = { maximum: 3, restoreRate: 1 };
    clock += 60_000; // the bucket is full
    const client = createGraphqlClient({ origin: admin.baseUrl, accessToken: TOKEN, now: () => clock, sleep });
    const started = clock;
    for (let i = 0; i < 30; i++) expect(await countOrdersSince(client, '2026-01-01T00:00:00.000Z')).toBe(0);
    expect(admin.graphql.filter((g) => g.outcome === 'throttled')).toEqual([]);
    expect(client.stats).toMatchObject({ calls: 30, throttled: 0, actualCost: 30 });
    // 3 calls from the full bucket, then one per restored point (1 s each).
    expect(clock - started).toBeGreaterThanOrEqual(26_000);
    expect(clock - started).toBeLessThan(29_000);
  });

  it('when another app drained the bucket, waits for what Shopify reports and retries', async () => {
    admin.bucket = { maximum: 10, restoreRate: 2 };
    clock += 60_000;
    const other = createGraphqlClient({ origin: admin.baseUrl, accessToken: TOKEN, now: () => clock, sleep });
    for (let i = 0; i < 10; i++) await countOrdersSince(other, '2026-01-01T00:00:00.000Z');
    // A client that has not read the bucket yet spends blindly once, is throttled, then waits.
    const client = createGraphqlClient({ origin: admin.baseUrl, accessToken: TOKEN, now: () => clock, sleep });
    await countOrdersSince(client, '2026-01-01T00:00:00.000Z');
    expect(client.stats.throttled).toBe(1);
    expect(client.stats.calls).toBe(2);
    expect(client.stats.waitedMs).toBeGreaterThanOrEqual(100);
  });

  it('says what failed: a bad token, a GraphQL error', async () => {
    admin.bucket = { maximum: 2000, restoreRate: 100 };
    const bad = createGraphqlClient({ origin: admin.baseUrl, accessToken: 'wrong', now: () => clock, sleep });
    await expect(countOrdersSince(bad, '2026-01-01T00:00:00.000Z')).rejects.toThrow(/answered 401/);
    const client = createGraphqlClient({ origin: admin.baseUrl, accessToken: TOKEN, now: () => clock, sleep });
    await expect(client.request('{ shop { name } }')).rejects.toThrow(/GraphQL: unknown operation/);
  });
});
