// A moment drop's Shopify calls against the fake Admin API (test/support/fake-shopify-admin.ts),
// as the cards function makes them (lambdas/cards/cards.handler.ts's deps, over the memory store):
// scheduling creates the product off sale, the sweep's start puts it on sale (productUpdate ACTIVE)
// and its close takes it off (DRAFT), each as Shopify answers it; a token without the scopes
// drops need is refused before any product call, naming the scope, and the drop stays due.
import { cardsRepo } from '#lambdas/cards/cards-repo';
import type { DropDeps } from '#lambdas/cards/cards-repo';
import { publishCardProduct, setCardProductStatus } from '#lambdas/cards/shopify-products';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { forgetGrantedScopes } from '#lambdas/platform/shopify-scopes';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import type { CardRequest } from '#shared/cards/cards-api';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { ALL_SCOPES, startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

const TOKEN = 'shpat_drops';
const ATHLETE = 10;
const COLLECTIVE = 1;
const actor = { sub: 'collective-user' };
const T0 = '2027-03-01T12:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(T0) + n * 3_600_000).toISOString();
const window = { startsAt: hours(1), endsAt: hours(25) };

let admin: FakeAdminApi;
beforeAll(async () => {
  admin = await startFakeAdminApi({ token: TOKEN });
});
afterAll(() => admin.close());
beforeEach(() => {
  admin.scopes = [...ALL_SCOPES];
  forgetGrantedScopes();
});

function setup() {
  const store = createMemoryStore();
  for (const item of catalogItems(structuredClone(SAMPLE_CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  let now = new Date(T0);
  const credentials = { storeDomain: 'drift-test.myshopify.com', accessToken: TOKEN, baseUrl: admin.baseUrl };
  const deps: DropDeps = {
    now: () => now,
    fingerprint: async (url) => `hash:${url}`,
    publishMode: () => 'admin-api',
    createProduct: (input) => publishCardProduct(credentials, input),
    setProductStatus: (productId, status) => setCardProductStatus(credentials, productId, status),
  };
  return { store, repo: cardsRepo(store), deps, at: (iso: string) => (now = new Date(iso)) };
}

/** An approved open edition (a drop sells an open edition; its size is the print run). */
async function approvedCard(s: ReturnType<typeof setup>, name: string) {
  const set = await s.repo.createSet(COLLECTIVE, ATHLETE, 'Moments');
  const request: CardRequest = {
    name,
    edition: 'Base',
    image: '/api/uploads/local/moment.png',
    description: 'The game-winner',
    priceCents: 900,
    editionSize: null,
    unlock: null,
    setId: set.id,
  };
  const card = await s.repo.createCard(COLLECTIVE, ATHLETE, request, actor, s.deps);
  await s.repo.submitCard(COLLECTIVE, ATHLETE, card.id, actor, s.deps);
  await s.repo.approveCard(ATHLETE, card.id, 'hash:/api/uploads/local/moment.png', { sub: 'athlete-user' }, s.deps);
  return card.id;
}

describe("a drop's product on Shopify", () => {
  it('is created off sale, put on sale at the start and taken off at the close, by productUpdate', async () => {
    // Prepare
    const s = setup();
    const cardId = await approvedCard(s, 'Avery - Moment');
    const handle = `drift-a${ATHLETE}-c${cardId}`;

    // Act and assess: scheduled before its window, the product exists as a draft.
    const scheduled = await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window }, actor, s.deps);
    const product = () => admin.products.get(handle)!;
    expect(product()).toMatchObject({ status: 'DRAFT', available: null });
    expect(scheduled.shopifyProductId).toBe(product().id);

    // The window starts: the sweep opens it on Shopify.
    admin.graphql.length = 0;
    s.at(hours(1.5));
    expect(await s.repo.sweepDrops(s.deps)).toMatchObject({ started: 1 });
    expect(product().status).toBe('ACTIVE');
    expect(admin.graphql.filter((g) => g.operation === 'productUpdate')).toHaveLength(1);

    // The window ended (and its grace): closed, and off sale on Shopify.
    s.at(hours(26));
    expect(await s.repo.sweepDrops(s.deps)).toEqual({ started: 0, closed: 1, unpublished: 1 });
    expect(product().status).toBe('DRAFT');
    expect(s.store.items.get(keyString(keys.dropShopify(ATHLETE, cardId)))).toBeUndefined();
    expect(admin.graphql.filter((g) => g.operation === 'productUpdate')).toHaveLength(2);
  });

  it('reports the product Shopify does not know, and leaves its start due for the next sweep', async () => {
    const s = setup();
    const cardId = await approvedCard(s, 'Avery - Gone');
    await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window }, actor, s.deps);
    // Deleted in Shopify's admin meanwhile.
    admin.products.delete(`drift-a${ATHLETE}-c${cardId}`);
    s.at(hours(1.5));
    await expect(s.repo.sweepDrops(s.deps)).rejects.toThrow(/Shopify refused the status ACTIVE: Product does not exist/);
    expect(s.store.items.get(keyString(keys.dropStart(window.startsAt, ATHLETE, cardId)))).toBeDefined();
  });

  it('refuses a drop with a 503 naming the scope when the token cannot write products, and sends no product call', async () => {
    const s = setup();
    const cardId = await approvedCard(s, 'Avery - Scopes');
    admin.scopes = ['read_orders'];
    admin.graphql.length = 0;
    await expect(s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window }, actor, s.deps)).rejects.toMatchObject({
      status: 503,
      code: 'shopify_scope_missing',
      message: expect.stringMatching(/^Shopify's app token lacks write_products and read_locations .*\. Nothing was scheduled$/),
    });
    expect(admin.graphql.map((g) => g.operation)).toEqual(['currentAppInstallation']);

    // Granted, scheduled; the grant withdrawn before the start: the sweep names it, the start stays due.
    admin.scopes = [...ALL_SCOPES];
    await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window }, actor, s.deps);
    admin.scopes = ['read_orders'];
    forgetGrantedScopes(); // a new instance
    s.at(hours(1.5));
    await expect(s.repo.sweepDrops(s.deps)).rejects.toThrow(/lacks write_products/);
    expect(s.store.items.get(keyString(keys.dropStart(window.startsAt, ATHLETE, cardId)))).toBeDefined();
  });
});
