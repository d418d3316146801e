// The Shopify Admin API's version and credentials, shared by reconciliation (reconcile.ts) and
// card publication (shopify-products.ts) without either pulling in the other, and the plain
// GraphQL call both the publication and the scope check (shopify-scopes.ts) make.
import { getSecretString } from './aws-lite';

export const ADMIN_API_VERSION = '2026-10';

export interface AdminCredentials {
  storeDomain: string;
  accessToken: string;
  /** Tests and proxies: replaces https://{storeDomain}. */
  baseUrl?: string;
}

/** Credentials from the environment (local) or the Secrets Manager secret named by
 * SHOPIFY_ADMIN_SECRET_ARN (AWS): either the bare token, or JSON {"storeDomain", "accessToken"}. */
export async function adminCredentials(env: NodeJS.ProcessEnv = process.env): Promise<AdminCredentials> {
  let storeDomain = env.SHOPIFY_STORE_DOMAIN?.trim() || undefined;
  let accessToken = env.SHOPIFY_ADMIN_TOKEN?.trim() || undefined;
  if (!accessToken && env.SHOPIFY_ADMIN_SECRET_ARN) {
    const raw = (await getSecretString(env.SHOPIFY_ADMIN_SECRET_ARN)).trim();
    if (raw.startsWith('{')) {
      const parsed = JSON.parse(raw) as { storeDomain?: string; accessToken?: string };
      storeDomain = parsed.storeDomain?.trim() || storeDomain;
      accessToken = parsed.accessToken?.trim();
    } else accessToken = raw || undefined;
  }
  if (!storeDomain) throw new Error('no Shopify store domain (SHOPIFY_STORE_DOMAIN, or storeDomain in the admin secret)');
  if (!/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i.test(storeDomain)) throw new Error(`'${storeDomain}' is not a store domain (e.g. my-shop.myshopify.com)`);
  if (!accessToken) throw new Error('no Shopify Admin API token (SHOPIFY_ADMIN_TOKEN, or the secret named by SHOPIFY_ADMIN_SECRET_ARN)');
  return { storeDomain, accessToken, baseUrl: env.SHOPIFY_ADMIN_BASE_URL?.trim() || undefined };
}

/** The Admin API answered an error (its status: 401 a wrong token, 422 a refusal, 502 a bad answer). */
export class ShopifyAdminError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ShopifyAdminError';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One GraphQL call; throttling (429 or THROTTLED) and 5xx are waited out and retried, 5 attempts. */
export async function adminGraphql<T>(credentials: AdminCredentials, query: string, variables: Record<string, unknown>, fetchImpl: typeof fetch): Promise<T> {
  const origin = (credentials.baseUrl ?? `https://${credentials.storeDomain}`).replace(/\/+$/, '');
  for (let attempt = 1; ; attempt++) {
    const response = await fetchImpl(`${origin}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'X-Shopify-Access-Token': credentials.accessToken, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } = {};
    try {
      const parsed = JSON.parse(text) as { data?: T; errors?: unknown };
      // GraphQL errors are a list; the REST-style answers (401, 404) carry a string.
      body = { data: parsed.data, errors: Array.isArray(parsed.errors) ? parsed.errors : parsed.errors ? [{ message: String(parsed.errors) }] : undefined };
    } catch {
      // not JSON: reported below
    }
    const throttled = response.status === 429 || body.errors?.some((e) => e.extensions?.code === 'THROTTLED');
    if ((throttled || response.status >= 500) && attempt < 5) {
      await sleep(250 * 2 ** attempt);
      continue;
    }
    if (!response.ok || body.errors?.length || !body.data) {
      throw new ShopifyAdminError(
        `Shopify Admin API answered ${response.status}: ${body.errors?.map((e) => e.message).join('; ') ?? text.slice(0, 200)}`,
        response.status,
      );
    }
    return body.data;
  }
}
