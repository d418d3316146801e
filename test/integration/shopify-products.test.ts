// Publishing a card as a Shopify product through the Admin GraphQL API, against a fake Admin API:
// a digital product with the edition as tracked inventory, upserted by handle (publishing twice
// makes one product, and never puts back stock already sold), Shopify's throttling honoured, its
// refusals reported, and a token without the scopes publication needs refused before any call
// that would fail, naming the scope.
import { publishCardProduct, setCardProductStatus, shopifyFailure, ShopifyAdminError } from '#lambdas/cards/shopify-products';
import { forgetGrantedScopes, ShopifyScopeError } from '#lambdas/platform/shopify-scopes';
import { ALL_SCOPES, startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

const TOKEN = 'shpat_test_token';
let admin: FakeAdminApi;
const credentials = () => ({ storeDomain: 'drift-test.myshopify.com', accessToken: TOKEN, baseUrl: admin.baseUrl });
const card = {
  handle: 'drift-a1-c4',
  title: 'Marcus Reed - Gold 2026',
  descriptionHtml: '<p>Gold edition</p>',
  vendor: 'Drift State University',
  priceCents: 2500,
  editionSize: 100,
  imageUrl: 'https://example.cloudfront.net/uploads/x.png',
  sku: 'DRIFT-1-4',
};

beforeAll(async () => {
  admin = await startFakeAdminApi({ token: TOKEN });
});
afterAll(() => admin.close());
beforeEach(() => {
  admin.scopes = [...ALL_SCOPES];
  forgetGrantedScopes();
});

describe('publishing a card to Shopify', () => {
  it('creates a digital product with the edition as inventory, and publishing again updates the same product', async () => {
    const id = await publishCardProduct(credentials(), card);
    expect(id).toMatch(/^\d+$/);
    const { input } = admin.products.get('drift-a1-c4')!;
    expect(input).toMatchObject({ title: card.title, vendor: 'Drift State University', status: 'ACTIVE', productType: 'Digital trading card' });
    expect((input.variants as unknown[])[0]).toMatchObject({
      price: '25.00',
      inventoryPolicy: 'DENY',
      inventoryItem: { tracked: true, requiresShipping: false },
      inventoryQuantities: [{ locationId: 'gid://shopify/Location/9001', name: 'available', quantity: 100 }],
    });
    expect(await publishCardProduct(credentials(), { ...card, title: 'Marcus Reed - Gold 2026 (retry)' })).toBe(id);
    expect(admin.products.size).toBe(1);
  });

  it('does not track inventory for an open edition, and waits out throttling', async () => {
    admin.throttleNext = 1;
    const id = await publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c5', editionSize: null });
    expect((admin.products.get('drift-a1-c5')!.input.variants as unknown[])[0]).toMatchObject({
      inventoryPolicy: 'CONTINUE',
      inventoryItem: { tracked: false },
    });
    expect(id).toMatch(/^\d+$/);
  });

  it("reports Shopify's refusal and a wrong token as errors", async () => {
    await expect(publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c6', title: '' })).rejects.toThrow(/Title can't be blank/);
    await expect(publishCardProduct({ ...credentials(), accessToken: 'wrong' }, card)).rejects.toBeInstanceOf(ShopifyAdminError);
  });

  it('never puts back stock already sold: a repeated or retried publish leaves the quantity Shopify holds', async () => {
    // Prepare: the edition of 100 is on sale, and 3 copies sold.
    const id = await publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c7' });
    expect(admin.products.get('drift-a1-c7')).toMatchObject({ available: 100 });
    admin.products.get('drift-a1-c7')!.available = 97;

    // Act: published again (a retry after Drift's own write failed, or a second press).
    expect(await publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c7' })).toBe(id);

    // Assess: the same product, its stock as sold, the rest of it updated.
    expect(admin.products.get('drift-a1-c7')).toMatchObject({ available: 97, status: 'ACTIVE' });
    expect((admin.products.get('drift-a1-c7')!.input.variants as Array<Record<string, unknown>>)[0].inventoryQuantities).toBeUndefined();
  });
});

describe("the token's scopes", () => {
  const sent = () => admin.graphql.map((g) => g.operation);

  it('refuses to publish, naming the missing scope, before sending anything that would fail', async () => {
    // Prepare: the token the RUNBOOK once asked for (read_orders only).
    admin.scopes = ['read_orders'];
    admin.graphql.length = 0;

    // Act
    const publishing = publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c8' });

    // Assess
    await expect(publishing).rejects.toBeInstanceOf(ShopifyScopeError);
    await expect(publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c8' })).rejects.toThrow(
      `Shopify's app token lacks write_products and read_locations (or read_inventory, or read_markets_home): grant them in the app's settings (docs/RUNBOOK.md, "Shopify app scopes")`,
    );
    await expect(setCardProductStatus(credentials(), '8800000000001', 'DRAFT')).rejects.toThrow(/lacks write_products/);
    expect(sent().every((operation) => operation === 'currentAppInstallation')).toBe(true);
    expect(admin.products.has('drift-a1-c8')).toBe(false);
  });

  it('names the one scope missing, and counts a scope granted since without a restart', async () => {
    admin.scopes = ['read_orders', 'write_products'];
    await expect(publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c9' })).rejects.toThrow(
      /lacks read_locations \(or read_inventory, or read_markets_home\): grant it/,
    );
    admin.scopes = ['read_orders', 'write_products', 'read_inventory'];
    await expect(publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c9' })).resolves.toMatch(/^\d+$/);
  });

  it('asks Shopify once per instance and token', async () => {
    admin.graphql.length = 0;
    await publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c10' });
    await publishCardProduct(credentials(), { ...card, handle: 'drift-a1-c10' });
    expect(sent().filter((operation) => operation === 'currentAppInstallation')).toHaveLength(1);
  });

  it("becomes a 503 for the collective naming the scope; Shopify's other failures a 502", () => {
    const missing = shopifyFailure(new ShopifyScopeError([['write_products']]), 'Nothing was published');
    expect(missing).toMatchObject({ status: 503, code: 'shopify_scope_missing' });
    expect(missing.message).toBe(
      `Shopify's app token lacks write_products: grant it in the app's settings (docs/RUNBOOK.md, "Shopify app scopes"). Nothing was published`,
    );
    expect(shopifyFailure(new ShopifyAdminError('Shopify Admin API answered 500: boom', 500), 'Nothing was published')).toMatchObject({
      status: 502,
      message: 'Shopify did not create the product: Shopify Admin API answered 500: boom. Nothing was published; try again.',
    });
  });
});
