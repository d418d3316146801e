// The Admin API access scopes each Shopify feature of Drift needs, and the check that the app's
// token holds them. Shopify refuses a field the token has no scope for only when the call is made
// (ACCESS_DENIED), so a token granted `read_orders` alone would let a collective press Publish and
// get a 502. Instead the functions ask Shopify which scopes the installation holds
// (`currentAppInstallation { accessScopes { handle } }`, a query that needs no scope), once per cold
// start and token, and refuse before the first call that would fail, naming the missing scope.
// The requirements are Shopify's, not guessed: test/unit/shopify-documents.test.ts computes them
// from the published 2026-10 schema's scope data for every GraphQL document the product sends and
// checks they are these, and that docs/RUNBOOK.md ("Shopify app scopes") lists exactly these.
import { ShopifyAdminError, adminGraphql } from './shopify-admin';
import type { AdminCredentials } from './shopify-admin';

export type ShopifyFeature = 'orders' | 'products';

/** What each feature needs: every requirement (a list) is met by any one of its scopes. */
export const FEATURE_SCOPES: Record<ShopifyFeature, { label: string; requires: readonly (readonly string[])[] }> = {
  // Orders, refunds and their line items (REST orders.json, ordersCount, the bulk orders query).
  orders: { label: 'Order reconciliation', requires: [['read_orders']] },
  // productSet, productUpdate and the products they read and answer (write_products includes
  // read_products); the location that holds an edition's inventory.
  products: { label: 'Card publication and drop windows', requires: [['write_products'], ['read_locations', 'read_inventory', 'read_markets_home']] },
};

export const ACCESS_SCOPES_QUERY = `query AppAccessScopes { currentAppInstallation { accessScopes { handle } } }`;

/** The token lacks a scope a feature needs: nothing was sent that would have failed. */
export class ShopifyScopeError extends ShopifyAdminError {
  constructor(readonly missing: readonly (readonly string[])[]) {
    const named = missing.map((anyOf) => (anyOf.length > 1 ? `${anyOf[0]} (or ${anyOf.slice(1).join(', or ')})` : anyOf[0]));
    super(
      `Shopify's app token lacks ${named.join(' and ')}: grant ${missing.length > 1 ? 'them' : 'it'} in the app's settings (docs/RUNBOOK.md, "Shopify app scopes")`,
      403,
    );
    this.name = 'ShopifyScopeError';
  }
}

/** Whether `granted` holds `scope`: a write scope includes its read scope, as Shopify grants them. */
export function holds(granted: ReadonlySet<string>, scope: string): boolean {
  return granted.has(scope) || (scope.startsWith('read_') && granted.has(`write_${scope.slice('read_'.length)}`));
}

/** The requirements of `feature` that `granted` does not meet. */
export function missingScopes(granted: ReadonlySet<string>, feature: ShopifyFeature): (readonly string[])[] {
  return FEATURE_SCOPES[feature].requires.filter((anyOf) => !anyOf.some((scope) => holds(granted, scope)));
}

/** The scopes read per store and token, for this instance's life (only answers that met a feature). */
const granted = new Map<string, Set<string>>();

/** Tests: forget what was read. */
export function forgetGrantedScopes(): void {
  granted.clear();
}

/** Throws ShopifyScopeError, naming what is missing, unless the token holds what `feature` needs. */
export async function requireScopes(credentials: AdminCredentials, feature: ShopifyFeature, fetchImpl: typeof fetch = fetch): Promise<void> {
  const key = `${credentials.baseUrl ?? credentials.storeDomain}\n${credentials.accessToken}`;
  const known = granted.get(key);
  if (known && !missingScopes(known, feature).length) return;
  const data = await adminGraphql<{ currentAppInstallation: { accessScopes: Array<{ handle: string }> } | null }>(
    credentials,
    ACCESS_SCOPES_QUERY,
    {},
    fetchImpl,
  );
  const scopes = new Set((data.currentAppInstallation?.accessScopes ?? []).map((s) => s.handle));
  const missing = missingScopes(scopes, feature);
  // Asked again next time when something is missing: a scope granted meanwhile counts at once.
  if (missing.length) throw new ShopifyScopeError(missing);
  granted.set(key, scopes);
}
