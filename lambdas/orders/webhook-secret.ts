// The Shopify webhook signing secret: from the environment in local mode, from Secrets Manager in
// AWS (read once per cold start and cached; never in the web bundle or the repo).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSecretString } from '#lambdas/platform/aws-lite';
import { config } from '#lambdas/platform/config';

let cached: Promise<string> | undefined;

export function webhookSecret(): Promise<string> {
  const { webhookSecret: fromEnv, webhookSecretArn } = config();
  if (fromEnv) return Promise.resolve(fromEnv);
  if (!webhookSecretArn) return Promise.reject(new Error('no webhook secret configured (SHOPIFY_WEBHOOK_SECRET or SHOPIFY_SECRET_ARN)'));
  cached ??= getSecretString(webhookSecretArn)
    .then((secret) => {
      if (!secret) throw new Error('the webhook secret is empty');
      return secret;
    })
    .catch((error) => {
      cached = undefined;
      throw error;
    });
  return cached;
}

/** HMAC-SHA256 of the raw bytes, base64, as Shopify sends it in X-Shopify-Hmac-Sha256. */
export function signShopify(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Constant-time check of the signature over the raw bytes (lengths compared first). */
export function verifyShopify(body: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signShopify(body, secret), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
