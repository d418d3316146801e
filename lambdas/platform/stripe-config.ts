// Stripe's settings for the payment rail, read once per cold start (never in the web bundle or the
// repo): the API base (https://api.stripe.com in AWS, the stand-in in local mode), the secret key
// and the webhook endpoint's signing secrets. Local mode sets STRIPE_API_BASE, STRIPE_SECRET_KEY
// and STRIPE_WEBHOOK_SECRET (scripts/local/start.ts); in AWS the function gets STRIPE_SECRET_ARN, a
// Secrets Manager secret holding JSON {"secretKey": "sk_...", "webhookSecrets": ["whsec_..."]}
// (several while a signing secret is rolled; docs/RUNBOOK.md).
import { getSecretString } from './aws-lite';
import { createStripeClient, type StripeClient } from './stripe-client';

export interface StripeSettings {
  secretKey: string;
  webhookSecrets: string[];
  baseUrl: string;
}

let cached: Promise<StripeSettings> | undefined;
let client: { key: string; value: StripeClient } | undefined;

/** True when this function has Stripe settings (a deployment without Stripe answers 503 where it is needed). */
export const stripeConfigured = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_SECRET_ARN);

async function read(env: NodeJS.ProcessEnv): Promise<StripeSettings> {
  const baseUrl = env.STRIPE_API_BASE?.trim() || 'https://api.stripe.com';
  if (env.STRIPE_SECRET_KEY) {
    return { secretKey: env.STRIPE_SECRET_KEY, webhookSecrets: (env.STRIPE_WEBHOOK_SECRET ?? '').split(',').filter(Boolean), baseUrl };
  }
  if (!env.STRIPE_SECRET_ARN) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY or STRIPE_SECRET_ARN)');
  const parsed = JSON.parse(await getSecretString(env.STRIPE_SECRET_ARN)) as { secretKey?: unknown; webhookSecrets?: unknown };
  if (typeof parsed.secretKey !== 'string' || !parsed.secretKey) throw new Error('the Stripe secret has no secretKey');
  const webhookSecrets = Array.isArray(parsed.webhookSecrets) ? parsed.webhookSecrets.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  return { secretKey: parsed.secretKey, webhookSecrets, baseUrl };
}

/** The settings (cached; a failed read is tried again on the next call). */
export function stripeSettings(env: NodeJS.ProcessEnv = process.env): Promise<StripeSettings> {
  cached ??= read(env).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The one Stripe client of this function, on the configured base and key. */
export async function stripeClient(): Promise<StripeClient> {
  const settings = await stripeSettings();
  const key = `${settings.baseUrl} ${settings.secretKey}`;
  if (client?.key !== key) client = { key, value: createStripeClient({ apiKey: settings.secretKey, baseUrl: settings.baseUrl }) };
  return client.value;
}

/** Tests and local mode change the environment: the next call reads it again. */
export function resetStripeSettings(): void {
  cached = undefined;
  client = undefined;
}
