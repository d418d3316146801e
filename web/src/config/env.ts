// Build-time environment, read and validated once at start-up.
// VITE_SHOPIFY_STORE_DOMAIN (e.g. "drift-cards.myshopify.com") and VITE_SHOPIFY_STOREFRONT_TOKEN (the
// public Storefront API token) switch the card page to the Shopify Buy Button. Without both, the card
// page buys through the local checkout endpoint (local mode).

export interface WebEnv {
  shopify: { domain: string; storefrontToken: string } | null;
}

type RawEnv = Record<string, string | boolean | undefined>;

export function readEnv(raw: RawEnv): WebEnv {
  const domain = String(raw.VITE_SHOPIFY_STORE_DOMAIN ?? '').trim();
  const token = String(raw.VITE_SHOPIFY_STOREFRONT_TOKEN ?? '').trim();
  if (!domain && !token) return { shopify: null };
  if (!domain || !token) {
    throw new Error('Set both VITE_SHOPIFY_STORE_DOMAIN and VITE_SHOPIFY_STOREFRONT_TOKEN, or neither (local checkout).');
  }
  if (!/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i.test(domain)) {
    throw new Error(`VITE_SHOPIFY_STORE_DOMAIN is not a host name: ${domain}`);
  }
  return { shopify: { domain, storefrontToken: token } };
}

declare const __DRIFT_ENV__: RawEnv | undefined;

// Vite replaces __DRIFT_ENV__ at build time (vite.config.ts); under jest it does not exist.
const raw: RawEnv = typeof __DRIFT_ENV__ === 'undefined' ? {} : __DRIFT_ENV__;

export const env: WebEnv = readEnv(raw);
