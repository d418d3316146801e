// Reconciliation of a drop-sized window (100,000 orders updated in it) through a bulk operation,
// against the fake Admin API on a virtual clock and the ingestion engine over an in-memory store:
// the orders Drift holds at their latest update are skipped, the others are read 250 per REST call
// and accepted exactly once; the GraphQL calls are never throttled; the token never leaves the
// store's origin; a second run reads nothing in full.
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { BULK_THRESHOLD, reconcile } from '#lambdas/orders/reconcile';
import { sampleProductId } from '#shared/catalog/seed-data';
import type { ContributionOptions } from '#shared/orders/contribution';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { EDITION_CATALOG } from '../support/delivery-arbitrary';
import { startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

jest.setTimeout(120_000);
process.env.LOG_LEVEL = 'silent';

const TOKEN = 'shpat_bulk';
const WINDOW = 100_000;
const MISSING = 120;
const SINCE = '2026-11-20T00:00:00.000Z';
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (key) => buyerAlias(key, 'test-salt') };

let clock = Date.parse('2026-11-21T00:00:00Z');
const sleep = async (ms: number) => {
  clock += ms;
};
let admin: FakeAdminApi;
const orderId = (n: number) => String(7_000_000_000_000 + n);
const updatedAt = (n: number) => new Date(Date.parse(SINCE) + n * 800).toISOString();

beforeAll(async () => {
  admin = await startFakeAdminApi({ token: TOKEN, now: () => clock });
  admin.bulkRows = Array.from({ length: WINDOW }, (_, n) => ({ id: orderId(n), updatedAt: updatedAt(n) }));
});
afterAll(() => admin.close());

it(`reconciles a ${WINDOW.toLocaleString('en-US')}-order window through one bulk operation`, async () => {
  // Prepare: Drift holds every order but MISSING of them (one in every ~833), each at its update.
  const store = createMemoryStore();
  const missing = new Set(Array.from({ length: MISSING }, (_, i) => Math.floor((i * WINDOW) / MISSING) + 7));
  for (let n = 0; n < WINDOW; n++) {
    if (missing.has(n)) continue;
    const key = keys.order(orderId(n));
    store.items.set(keyString(key), { ...key, orderId: orderId(n), updatedAt: updatedAt(n) });
  }
  admin.orders = [...missing].map((n) =>
    orderPayload({
      id: orderId(n),
      createdAt: updatedAt(n),
      email: `fan${n}@example.com`,
      lines: [{ id: String(9_000_000 + n), productId: sampleProductId(5, 1), title: 'Card 1', quantity: 1, price: '3.00' }],
    }),
  );
  const engine = createIngestEngine({ store, catalog: memoryCatalogReader(EDITION_CATALOG), options: () => options, sleep: () => Promise.resolve() });
  const run = () =>
    reconcile(
      { storeDomain: 'drop.myshopify.com', accessToken: TOKEN, baseUrl: admin.baseUrl, since: SINCE, sleep, clock: () => clock, now: new Date(clock) },
      { store, accept: engine.accept },
    );

  // Act
  const report = await run();

  // Assess
  expect(WINDOW).toBeGreaterThan(BULK_THRESHOLD);
  expect(report).toMatchObject({ mode: 'bulk', listed: WINDOW, held: WINDOW - MISSING, orders: MISSING });
  expect(report.counts).toEqual({ applied: MISSING, unchanged: 0, duplicate: 0, malformed: 0, 'retry-later': 0 });
  // The missing orders are spread over the window: at most one REST call per 250 listed.
  expect(report.pages).toBeLessThanOrEqual(Math.ceil(WINDOW / 250));
  expect(report.pages).toBe(new Set([...missing].map((n) => Math.floor(n / 250))).size);
  for (const n of missing) expect(store.items.get(keyString(keys.order(orderId(n))))?.updatedAt).toBe(updatedAt(n));
  expect(admin.graphql.map((g) => g.operation)).toEqual(['ordersCount', 'bulkOperationRunQuery', 'node', 'node']);
  expect(admin.graphql.every((g) => g.outcome === 'ok')).toBe(true);
  const bulkReads = admin.requests.filter((r) => r.path.startsWith('/bulk/'));
  expect(bulkReads).toHaveLength(1);
  expect(bulkReads[0].token).toBeUndefined();
  expect(admin.requests.filter((r) => !r.path.startsWith('/bulk/')).every((r) => r.token === TOKEN)).toBe(true);
  expect(report.checkpoint).not.toBeNull();

  // A second run of the same window holds everything: no order is read in full.
  admin.requests.length = 0;
  const again = await run();
  expect(again).toMatchObject({ mode: 'bulk', listed: WINDOW, held: WINDOW, pages: 0, orders: 0 });
});
