// Publishing a card to Shopify through the Admin GraphQL API: one `productSet` call creates (or,
// on a retry, updates) a digital product — no shipping, inventory tracked at the edition size
// (or not tracked for an open edition), the card's image — identified by a handle derived from
// the card, so publishing twice never creates two products. The edition's quantity is set only
// when the product is created: a product that already exists (a retried or repeated publish, a
// drop's product) keeps the stock Shopify holds, which sales have decremented since. The shop's
// first location holds the inventory. Every call first checks the token holds the scopes
// publication needs (shopify-scopes.ts). Used by the card lifecycle when an Admin API token is
// configured (the same one reconciliation reads); tests run it against a fake Admin API.
import { ShopifyAdminError, adminGraphql as graphql } from '#lambdas/platform/shopify-admin';
import type { AdminCredentials } from '#lambdas/platform/shopify-admin';
import { HttpError } from '#lambdas/platform/errors';
import { ShopifyScopeError, requireScopes } from '#lambdas/platform/shopify-scopes';

export { ShopifyAdminError } from '#lambdas/platform/shopify-admin';

export interface CardProductInput {
  /** Stable per card: `drift-a{athlete}-c{card}`; Shopify upserts by it. */
  handle: string;
  title: string;
  descriptionHtml: string;
  /** The school's name: attribution reads the vendor when a product id is unknown. */
  vendor: string;
  priceCents: number;
  /** null: an open edition (inventory not tracked). */
  editionSize: number | null;
  /** An absolute https URL Shopify can fetch (CloudFront's /uploads/...), or null. */
  imageUrl: string | null;
  sku: string;
  /** ACTIVE (on sale, the default) or DRAFT (a drop before its window: not sold in any channel). */
  status?: 'ACTIVE' | 'DRAFT';
}

const PRODUCT_SET = `mutation PublishCard($input: ProductSetInput!, $identifier: ProductSetIdentifiers) {
  productSet(input: $input, identifier: $identifier, synchronous: true) {
    product { id handle variants(first: 1) { nodes { id } } }
    userErrors { field message code }
  }
}`;

const LOCATIONS = `query Locations { locations(first: 1, query: "active:true") { nodes { id } } }`;

const EXISTING = `query CardProduct($identifier: ProductIdentifierInput!) { productByIdentifier(identifier: $identifier) { id } }`;

/** Creates or updates the card's product; returns Shopify's product id (digits, as a string). */
export async function publishCardProduct(credentials: AdminCredentials, card: CardProductInput, fetchImpl: typeof fetch = fetch): Promise<string> {
  await requireScopes(credentials, 'products', fetchImpl);
  // Set the edition's stock only on creation: productSet sets the quantities it is given, so a
  // repeat would put back copies already sold.
  const existing = await graphql<{ productByIdentifier: { id: string } | null }>(credentials, EXISTING, { identifier: { handle: card.handle } }, fetchImpl);
  let locationId: string | null = null;
  if (card.editionSize !== null && !existing.productByIdentifier) {
    const data = await graphql<{ locations: { nodes: Array<{ id: string }> } }>(credentials, LOCATIONS, {}, fetchImpl);
    locationId = data.locations.nodes[0]?.id ?? null;
    if (!locationId) throw new ShopifyAdminError('The shop has no active location to hold the edition’s inventory', 422);
  }
  const price = `${Math.trunc(card.priceCents / 100)}.${String(card.priceCents % 100).padStart(2, '0')}`;
  const input = {
    title: card.title,
    handle: card.handle,
    descriptionHtml: card.descriptionHtml,
    vendor: card.vendor,
    productType: 'Digital trading card',
    status: card.status ?? 'ACTIVE',
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    ...(card.imageUrl ? { files: [{ originalSource: card.imageUrl, contentType: 'IMAGE', alt: card.title }] } : {}),
    variants: [
      {
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        price,
        sku: card.sku,
        taxable: true,
        // An edition never sells beyond its size in the storefront; an open edition is not tracked.
        inventoryPolicy: card.editionSize === null ? 'CONTINUE' : 'DENY',
        inventoryItem: { tracked: card.editionSize !== null, requiresShipping: false },
        ...(locationId ? { inventoryQuantities: [{ locationId, name: 'available', quantity: card.editionSize }] } : {}),
      },
    ],
  };
  const data = await graphql<{ productSet: { product: { id: string } | null; userErrors: Array<{ field?: string[]; message: string }> } }>(
    credentials,
    PRODUCT_SET,
    { input, identifier: existing.productByIdentifier ? { id: existing.productByIdentifier.id } : { handle: card.handle } },
    fetchImpl,
  );
  const { product, userErrors } = data.productSet;
  if (userErrors.length || !product)
    throw new ShopifyAdminError(`Shopify refused the product: ${userErrors.map((e) => `${e.field?.join('.') ?? ''} ${e.message}`.trim()).join('; ')}`, 422);
  const id = /^gid:\/\/shopify\/Product\/(\d+)$/.exec(product.id)?.[1];
  if (!id) throw new ShopifyAdminError(`Shopify answered an unexpected product id: ${product.id}`, 502);
  return id;
}

const PRODUCT_STATUS = `mutation CardStatus($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

/** Puts a card's product on sale (ACTIVE) or takes it off every channel (DRAFT): a moment drop's
 * window opening and closing (lambdas/cards/card-drops.ts). Idempotent. */
export async function setCardProductStatus(
  credentials: AdminCredentials,
  productId: string,
  status: 'ACTIVE' | 'DRAFT',
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  await requireScopes(credentials, 'products', fetchImpl);
  const data = await graphql<{ productUpdate: { product: { id: string } | null; userErrors: Array<{ field?: string[]; message: string }> } }>(
    credentials,
    PRODUCT_STATUS,
    { product: { id: `gid://shopify/Product/${productId}`, status } },
    fetchImpl,
  );
  const { product, userErrors } = data.productUpdate;
  if (userErrors.length || !product) throw new ShopifyAdminError(`Shopify refused the status ${status}: ${userErrors.map((e) => e.message).join('; ')}`, 422);
}

/** The API error a failed Shopify call becomes (`nothingDone`: what the collective is told did not
 * happen): a missing scope is the operator's to grant (503, naming it); any other failure is
 * Shopify's (502, try again). */
export function shopifyFailure(error: unknown, nothingDone: string): HttpError {
  if (error instanceof ShopifyScopeError) return new HttpError(503, 'shopify_scope_missing', `${error.message}. ${nothingDone}`);
  return new HttpError(502, 'shopify_unavailable', `Shopify did not create the product: ${(error as Error).message}. ${nothingDone}; try again.`);
}
