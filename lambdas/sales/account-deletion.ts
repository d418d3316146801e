// A fan deleting their own account (issue 23): the pending request (the SHA-256 of the code emailed
// to the account's address, its expiry, the tries left), keyed by the account's buyer key.
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';

/** A pending deletion as the account page shows it (null: none, or its code has expired). */
export async function pendingDeletion(store: Store, buyerKey: string, now: string): Promise<{ requestedAt: string; expiresAt: string } | null> {
  const key = keys.personDeletion(buyerKey);
  const item = (await store.get([key])).get(keyString(key));
  if (!item || String(item.expiresAt) <= now) return null;
  return { requestedAt: String(item.requestedAt), expiresAt: String(item.expiresAt) };
}
