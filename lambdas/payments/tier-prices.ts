// A membership tier as a Stripe Price on the collective's account, so that Stripe's customer
// portal can switch a member between tiers (the portal changes a subscription to another Price its
// configuration lists; it cannot switch to an amount made up at Checkout). One Price per tier and
// amount, found by its lookup_key (a tier's new amount is a new Price: current members keep theirs),
// created once (the lookup_key is also the idempotency key). The Price's metadata names the tier:
// it is how a subscription's tier is read after a change in the portal.
import { createHash } from 'node:crypto';
import type { Collective } from '#shared/catalog/catalog-types';
import type { SupportTier } from '#shared/payments/support-api';
import type { Metadata, StripeClient, StripeList, StripePrice } from '#lambdas/platform/stripe-client';

export const tierLookupKey = (collectiveId: number, tier: Pick<SupportTier, 'id' | 'amountCents'>) =>
  `drift_support_${collectiveId}_${tier.id}_${tier.amountCents}`;

/** The tier's monthly Price on the account (created the first time). */
export async function tierPrice(stripe: StripeClient, account: string, collective: Pick<Collective, 'id' | 'name'>, tier: SupportTier): Promise<StripePrice> {
  const lookupKey = tierLookupKey(collective.id, tier);
  const found = await stripe.request<StripeList<StripePrice>>('GET', '/v1/prices', { params: { lookup_keys: [lookupKey], limit: 1 }, stripeAccount: account });
  if (found.data[0]) return found.data[0];
  return stripe.request<StripePrice>('POST', '/v1/prices', {
    params: {
      currency: 'usd',
      unit_amount: tier.amountCents,
      recurring: { interval: 'month' },
      // What Checkout and the portal show: the collective first, then the tier.
      product_data: { name: `Support ${collective.name}: ${tier.name} membership` },
      nickname: `${tier.name} membership`,
      lookup_key: lookupKey,
      metadata: { collectiveId: String(collective.id), tierId: tier.id, tierName: tier.name },
    },
    stripeAccount: account,
    idempotencyKey: lookupKey,
  });
}

/** The tier a Price stands for (its metadata), or null for a Price made at Checkout. */
export function tierOfPrice(metadata: Metadata | null | undefined): { tierId: string; tierName: string } | null {
  return metadata?.tierId ? { tierId: metadata.tierId, tierName: metadata.tierName || 'Membership' } : null;
}

/**
 * A customer portal configuration offering the tiers' Prices (a plan change, no proration: the next
 * month bills the new tier), cancellation at the period's end and a new card. The same tiers give
 * the same configuration (its idempotency key is their Prices').
 */
export async function portalConfiguration(stripe: StripeClient, account: string, prices: StripePrice[]): Promise<string> {
  const key = createHash('sha256')
    .update(prices.map((p) => p.id).join(','))
    .digest('hex')
    .slice(0, 40);
  const configuration = await stripe.request<{ id: string }>('POST', '/v1/billing_portal/configurations', {
    params: {
      features: {
        subscription_update: {
          enabled: prices.length > 1,
          ...(prices.length > 1
            ? { default_allowed_updates: ['price'], proration_behavior: 'none', products: prices.map((p) => ({ product: p.product, prices: [p.id] })) }
            : {}),
        },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
        payment_method_update: { enabled: true },
      },
    },
    stripeAccount: account,
    idempotencyKey: `portal-config-${key}`,
  });
  return configuration.id;
}
