// The token's scopes (lambdas/platform/shopify-scopes.ts): a write scope includes its read scope,
// a requirement is met by any one of its scopes, and the scheduled reconcile function stops at
// once, naming read_orders, when the token cannot read orders (against the fake Admin API).
import { handler as reconcileHandler } from '#lambdas/orders/reconcile.handler';
import { FEATURE_SCOPES, ShopifyScopeError, forgetGrantedScopes, holds, missingScopes } from '#lambdas/platform/shopify-scopes';
import { startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

describe('what a token holds', () => {
  it('counts a write scope as its read scope, and any one scope of a requirement', () => {
    expect(holds(new Set(['write_products']), 'read_products')).toBe(true);
    expect(holds(new Set(['read_products']), 'write_products')).toBe(false);
    expect(missingScopes(new Set(['read_orders']), 'orders')).toEqual([]);
    expect(missingScopes(new Set(['write_orders']), 'orders')).toEqual([]);
    expect(missingScopes(new Set(['write_products', 'read_inventory']), 'products')).toEqual([]);
    expect(missingScopes(new Set(['write_inventory']), 'products')).toEqual([['write_products']]);
    expect(missingScopes(new Set(), 'products')).toEqual(FEATURE_SCOPES.products.requires);
  });

  it('names what is missing', () => {
    expect(new ShopifyScopeError([['read_orders']]).message).toBe(
      `Shopify's app token lacks read_orders: grant it in the app's settings (docs/RUNBOOK.md, "Shopify app scopes")`,
    );
  });
});

describe('the scheduled reconcile function', () => {
  let admin: FakeAdminApi;
  const saved = { ...process.env };
  beforeAll(async () => {
    admin = await startFakeAdminApi({ token: 'shpat_reconcile' });
  });
  afterAll(async () => {
    process.env = saved;
    await admin.close();
  });

  it('fails at once, naming read_orders, when the token cannot read orders', async () => {
    Object.assign(process.env, { SHOPIFY_STORE_DOMAIN: 'test.myshopify.com', SHOPIFY_ADMIN_TOKEN: 'shpat_reconcile', SHOPIFY_ADMIN_BASE_URL: admin.baseUrl });
    admin.scopes = ['write_products', 'read_locations'];
    forgetGrantedScopes();
    await expect(reconcileHandler({ id: 'run-1' })).rejects.toThrow(/^Shopify's app token lacks read_orders: grant it/);
    expect(admin.requests.map((r) => r.path)).toEqual([expect.stringMatching(/graphql\.json$/)]);
  });
});
