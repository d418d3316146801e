// The collective's Stripe account, as the donations read it: the one place that reads the item the
// payout rail writes when a collective links Stripe (keys.collectivePayAccount: accountId and
// its flags, never bank or tax details). Donations are direct charges on this account.
import * as keys from '#lambdas/platform/keys';
import { keyString, type Store } from '#lambdas/platform/store';

export interface CollectiveStripeAccount {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** The collective's linked Stripe account, or null when it has none (a consistent read). */
export async function collectiveStripeAccount(store: Store, collectiveId: number): Promise<CollectiveStripeAccount | null> {
  const key = keys.collectivePayAccount(collectiveId);
  const item = (await store.get([key])).get(keyString(key));
  if (!item || typeof item.accountId !== 'string' || !item.accountId) return null;
  return {
    accountId: item.accountId,
    chargesEnabled: item.chargesEnabled === true,
    payoutsEnabled: item.payoutsEnabled === true,
    detailsSubmitted: item.detailsSubmitted === true,
  };
}
