// The Shopify Admin API's version and credentials, shared by reconciliation (reconcile.ts) and
// card publication (shopify-products.ts) without either pulling in the other.
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
