// Buyer identities: the key that groups a buyer's orders and holdings (a hash of the email, never
// returned by a public route) and the public pseudonym shown on public screens (a keyed hash of
// that key, so nobody can confirm a guessed email from it).
import { createHash, createHmac } from 'node:crypto';
import type { ContributionOptions } from '#shared/orders/contribution';
import { config } from '#lambdas/platform/config';

export const hashEmail = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 'Fan 7KQ2MX': stable per buyer, keyed by the deployment's salt. */
export function buyerAlias(buyerKey: string, salt = config().buyerAliasSalt): string {
  const digest = createHmac('sha256', salt).update(buyerKey).digest();
  let out = '';
  for (let i = 0; i < 6; i++) out += ALPHABET[digest[i] % ALPHABET.length];
  return `Fan ${out}`;
}

export function contributionOptions(): ContributionOptions {
  const { countTestOrders, buyerAliasSalt } = config();
  return { countTestOrders, hashEmail, aliasOf: (key) => buyerAlias(key, buyerAliasSalt) };
}
