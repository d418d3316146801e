// Linking Stripe Connect accounts: a collective's own account (payor of record; donations are
// charged on it) and each athlete's payout account, both Express accounts onboarded on Stripe's
// hosted pages through an Account Link. Drift keeps the account id and Stripe's status flags
// (details_submitted, charges_enabled, payouts_enabled, requirements currently due, disabled
// reason) with who linked it and when, never bank or tax numbers, and never the link (a bearer
// credential for the onboarding: handed to the caller only). The account is created once (the
// idempotency key comes from its owner, and the record is written under a not-exists condition);
// its flags are re-read from Stripe on return from onboarding and on account.updated.
// Athletes' accounts pay out manually (settings[payouts][schedule][interval]=manual): Drift makes
// each payout itself and so knows which payout line it pays (payout-rail.ts).
import type { PayoutAccountView } from '#shared/money/payouts-api';
import { payoutAccountOf } from '#lambdas/money/payout-account';
import type { ExpressAccountParams, StripeAccount, StripeClient } from '#lambdas/platform/stripe-client';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import type { Item, Key, Store } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';

export type AccountOwner = { kind: 'athlete'; id: number; collectiveId: number | null } | { kind: 'collective'; id: number };

export interface PaymentsContext {
  store: Store;
  stripe: StripeClient;
  now: () => string;
}

const ownerKey = (owner: Pick<AccountOwner, 'kind' | 'id'>): Key =>
  owner.kind === 'athlete' ? keys.athletePayAccount(owner.id) : keys.collectivePayAccount(owner.id);

async function readItem(store: Store, key: Key): Promise<Item | undefined> {
  return (await store.get([key])).get(keyString(key));
}

/** The linked account of an athlete or a collective, as stored (null: not linked). */
export async function readPayoutAccount(store: Store, owner: Pick<AccountOwner, 'kind' | 'id'>): Promise<PayoutAccountView | null> {
  return payoutAccountOf(await readItem(store, ownerKey(owner)));
}

/** Stripe's status flags of an account, as stored. */
function flagsOf(account: StripeAccount): Item {
  return {
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    currentlyDue: [...(account.requirements?.currently_due ?? [])],
    disabledReason: account.requirements?.disabled_reason ?? null,
    manualPayouts: account.settings?.payouts?.schedule?.interval === 'manual',
  };
}

/** What the Express account of an owner is created with. Athletes are paid by transfers and manual
 * payouts; a collective also takes card payments (donations are direct charges on its account). */
function accountParams(owner: AccountOwner, email: string | null): ExpressAccountParams {
  const metadata: Record<string, string> =
    owner.kind === 'athlete'
      ? { drift_owner: 'athlete', athleteId: String(owner.id), ...(owner.collectiveId ? { collectiveId: String(owner.collectiveId) } : {}) }
      : { drift_owner: 'collective', collectiveId: String(owner.id) };
  return owner.kind === 'athlete'
    ? {
        country: 'US',
        ...(email ? { email } : {}),
        business_type: 'individual' as const,
        business_profile: { product_description: 'College athlete: royalties of official NIL trading cards sold on Drift' },
        capabilities: { transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: 'manual' as const } } },
        metadata,
      }
    : {
        country: 'US',
        ...(email ? { email } : {}),
        business_profile: { product_description: 'NIL collective: pays its athletes and takes donations through Drift' },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata,
      };
}

/** The owner's account id, creating the Express account the first time (once: the idempotency key
 * is the owner's, and a concurrent second request finds the record the first one wrote). */
export async function ensureAccount(ctx: PaymentsContext, owner: AccountOwner, link: { by: string; email: string | null }): Promise<string> {
  const key = ownerKey(owner);
  const existing = await readItem(ctx.store, key);
  if (typeof existing?.accountId === 'string') return existing.accountId;
  const account = await ctx.stripe.accounts.createExpress(accountParams(owner, link.email), { idempotencyKey: `drift-connect-${owner.kind}-${owner.id}` });
  const at = ctx.now();
  const record = {
    ...key,
    type: 'payAccount',
    ownerKind: owner.kind,
    ownerId: owner.id,
    accountId: account.id,
    ...flagsOf(account),
    detailsSubmittedAt: account.details_submitted ? at : null,
    linkedAt: at,
    linkedBy: link.by,
    updatedAt: at,
    updatedBy: link.by,
    syncedAt: at,
  };
  try {
    await ctx.store.transact([
      { put: record, condition: { notExists: true } },
      {
        put: { ...keys.stripeAccountOwner(account.id), ownerKind: owner.kind, ownerId: owner.id, linkedAt: at, linkedBy: link.by },
        condition: { notExists: true },
      },
    ]);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    const written = await readItem(ctx.store, key);
    if (typeof written?.accountId !== 'string') throw error;
    return written.accountId;
  }
  return account.id;
}

/** An onboarding link for the owner's account (created first if needed). The URL is only returned:
 * never logged, never stored. Who asked for it, and when, is recorded on the account. */
export async function onboardingLink(
  ctx: PaymentsContext,
  owner: AccountOwner,
  request: { by: string; email: string | null; returnUrl: string; refreshUrl: string },
): Promise<{ url: string; expiresAt: number; account: PayoutAccountView }> {
  const accountId = await ensureAccount(ctx, owner, request);
  const link = await ctx.stripe.accountLinks.createOnboarding({ account: accountId, refresh_url: request.refreshUrl, return_url: request.returnUrl });
  const after = await ctx.store.write({
    update: ownerKey(owner),
    set: { onboardingRequestedAt: ctx.now(), onboardingRequestedBy: request.by },
    condition: { exists: true },
  });
  return { url: link.url, expiresAt: link.expires_at, account: payoutAccountOf(after)! };
}

/**
 * Brings the stored flags in line with the account as Stripe has it now (re-read: events come in
 * any order and twice). A write guarded by the read's time never puts an older reading over a newer
 * one. Returns the stored view, or null when Drift has no record of the account.
 */
export async function syncAccount(ctx: PaymentsContext, owner: Pick<AccountOwner, 'kind' | 'id'>, by: string): Promise<PayoutAccountView | null> {
  const key = ownerKey(owner);
  const item = await readItem(ctx.store, key);
  if (typeof item?.accountId !== 'string') return null;
  const readAt = ctx.now();
  const account = await ctx.stripe.accounts.retrieve(item.accountId);
  const flags = flagsOf(account);
  const set: Item = { ...flags, updatedAt: ctx.now(), updatedBy: by, syncedAt: readAt };
  if (flags.detailsSubmitted && !item.detailsSubmittedAt) set.detailsSubmittedAt = readAt;
  try {
    const after = await ctx.store.write({
      update: key,
      set,
      condition: { and: [{ field: 'accountId', is: account.id }, { or: [{ absentField: 'syncedAt' }, { field: 'syncedAt', below: readAt }] }] },
    });
    return payoutAccountOf(after);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    // A newer reading is stored already.
    return readPayoutAccount(ctx.store, owner);
  }
}

/** The athlete or collective a connected account belongs to (null: not an account Drift linked). */
export async function ownerOfAccount(store: Store, accountId: string): Promise<Pick<AccountOwner, 'kind' | 'id'> | null> {
  const item = await readItem(store, keys.stripeAccountOwner(accountId));
  if (!item || (item.ownerKind !== 'athlete' && item.ownerKind !== 'collective')) return null;
  return { kind: item.ownerKind, id: Number(item.ownerId) };
}
