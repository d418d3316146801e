// The notification functions' settings, read once per cold start: the site's URL (links in emails)
// and the key that signs one-click unsubscribe links. Local mode sets NOTIFY_SIGNING_SECRET itself
// (scripts/local/start.ts); in AWS the functions get NOTIFY_SECRET_ARN, a Secrets Manager secret the
// stack generates (infra/constructs/notifications.ts), and SITE_URL (docs/RUNBOOK.md, "Email").
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCategory, type Category } from '#shared/notifications/notification-rules';
import { getSecretString } from '#lambdas/platform/aws-lite';

let cached: Promise<string> | undefined;

async function readSecret(env: NodeJS.ProcessEnv): Promise<string> {
  if (env.NOTIFY_SIGNING_SECRET) return env.NOTIFY_SIGNING_SECRET;
  if (!env.NOTIFY_SECRET_ARN) throw new Error('Unsubscribe links are not configured (NOTIFY_SIGNING_SECRET or NOTIFY_SECRET_ARN)');
  const secret = (await getSecretString(env.NOTIFY_SECRET_ARN)).trim();
  if (secret.length < 32) throw new Error('the notifications signing secret is shorter than 32 characters');
  return secret;
}

/** The key of the unsubscribe links (cached; a failed read is tried again on the next call). */
export function signingSecret(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  cached ??= readSecret(env).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Tests and local mode change the environment: the next call reads it again. */
export function resetNotifySettings(): void {
  cached = undefined;
}

/** The site the links in emails point at (no trailing slash). */
export const siteUrl = (env: NodeJS.ProcessEnv = process.env): string => (env.SITE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

const tokenOf = (secret: string, recipient: string, category: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${recipient}:${category}`).digest('base64url').slice(0, 32);

/** The token of an unsubscribe link: a recipient and a category, signed. */
export const unsubscribeToken = (secret: string, recipient: string, category: Category): string => tokenOf(secret, recipient, category);

/** Whether `token` is the signature of this recipient and category (constant time). */
export function verifyUnsubscribeToken(secret: string, recipient: string, category: string, token: string): category is Category {
  if (!isCategory(category) || typeof token !== 'string' || token.length !== 32) return false;
  const expected = Buffer.from(tokenOf(secret, recipient, category));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query of an unsubscribe link: the same for the one-click POST (the API) and the page a person opens. */
export const unsubscribeQuery = (secret: string, recipient: string, category: Category): string =>
  new URLSearchParams({ r: recipient, c: category, t: unsubscribeToken(secret, recipient, category) }).toString();
