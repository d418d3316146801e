// Publishing a card as a Shopify product through the Admin GraphQL API, against a fake Admin API:
// a digital product with the edition as tracked inventory, upserted by handle (publishing twice
// makes one product), Shopify's throttling honoured, its refusals reported.
import { publishCardProduct, ShopifyAdminError } from '#lambdas/cards/shopify-products';
import { startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

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
});
