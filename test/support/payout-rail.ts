// What the payout rail's tests share: a collective whose members have money in their balance (a
// past donation allocation and a confirmed activation) and a payout batch of it, in an
// in-memory store; athletes' Stripe accounts linked through the real onboarding (the stand-in's
// hosted page, with one of Stripe's test bank accounts); and Stripe's events delivered to the
// product's webhook code, signed as Stripe signs them.
import { createBatch } from '#lambdas/money/payouts';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { createActivation, moveActivation } from '#lambdas/money/activations';
import { onboardingLink, syncAccount, type PaymentsContext } from '#lambdas/payments/connect-accounts';
import { receiveStripeEvent } from '#lambdas/payments/stripe-webhook';
import { recordDonation } from '#lambdas/payments/donation-records';
import type { Store } from '#lambdas/platform/store';
import { signStripePayload, type StripeClient } from '#lambdas/platform/stripe-client';
import { ONBOARDING_FORM, submitPage, type Running } from './local-stripe';

export const SIGNING_SECRET = 'whsec_payout_rail_test';
/** Stripe's test bank accounts (routing 110000000). */
export const BANK = { ok: '000123456789', noAccount: '000111111116', closed: '000111111113' } as const;

/** Credits each member `cents` (half a past allocation, half a confirmed activation) and creates one batch paying it. */
export async function fundedBatch(store: Store, collectiveId: number, credits: Record<number, number>, now: () => string) {
  const donationId = `d-${collectiveId}`;
  const total = Object.values(credits).reduce((a, b) => a + b, 0);
  const date = '2026-09-01T00:00:00.000Z';
  // The donation as the donations' records keep it (with its month and total, which verify checks).
  await recordDonation(store, { id: donationId, collectiveId, date, amountCents: total, donorName: 'Donor', notes: '', type: 'Individual' });
  const members = Object.keys(credits).map(Number);
  // Half of each member's credit a past allocation, the other half a confirmed activation: a payout
  // that fails returns both parts and a retry takes them again (verify checks the parts).
  const activationOf = (athleteId: number) => Math.floor(credits[athleteId] / 2);
  await allocateDonation(store, {
    collectiveId,
    donationId,
    allocations: members.map((athleteId) => ({ athleteId, amountCents: credits[athleteId] - activationOf(athleteId) })),
    idempotencyKey: `alloc-${collectiveId}`,
    by: 'collective-user',
    now,
  });
  for (const athleteId of members.filter((id) => activationOf(id) > 0)) {
    const { activation } = await createActivation(
      store,
      {
        athleteId,
        kind: 'appearance',
        description: 'Appearance',
        date: '2026-09-01',
        priceCents: activationOf(athleteId),
        proofUrl: 'https://example.com/proof',
        collectiveId,
        collectiveName: `Collective ${collectiveId}`,
        athleteName: `Athlete ${athleteId}`,
        idempotencyKey: `activation-${collectiveId}-${athleteId}`,
      },
      { sub: 'collective-user', label: 'collective' },
      now(),
    );
    await moveActivation(
      store,
      { collectiveId, activationId: activation.id, athleteId },
      'confirm',
      'athlete',
      { sub: `athlete-${athleteId}`, label: 'Athlete' },
      now,
    );
  }
  const { batch } = await createBatch(store, {
    collectiveId,
    members,
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: new Date(Date.parse(now()) + 60_000).toISOString(),
    idempotencyKey: `batch-${collectiveId}`,
    by: 'collective-user',
    now,
  });
  return batch;
}

/** Links an athlete's (or a collective's) account through Stripe's hosted onboarding with a test bank account. */
export async function link(
  ctx: PaymentsContext,
  owner: { kind: 'athlete'; id: number; collectiveId: number } | { kind: 'collective'; id: number },
  bank: string,
) {
  const made = await onboardingLink(ctx, owner, {
    by: `user-${owner.kind}-${owner.id}`,
    email: null,
    returnUrl: 'http://127.0.0.1/back',
    refreshUrl: 'http://127.0.0.1/again',
  });
  const page = await submitPage(made.url, ONBOARDING_FORM(bank));
  if (page.status !== 303) throw new Error(`onboarding answered ${page.status}`);
  return syncAccount(ctx, owner, `user-${owner.kind}-${owner.id}`);
}

/** Delivers one stand-in event to the product's webhook code, signed (or as given). */
export function deliver(store: Store, stripe: StripeClient, event: unknown, options: { secret?: string; signature?: string } = {}) {
  const body = Buffer.from(JSON.stringify(event));
  const signature = options.signature ?? signStripePayload(body, options.secret ?? SIGNING_SECRET);
  return receiveStripeEvent({ store, stripe: () => Promise.resolve(stripe), secrets: [SIGNING_SECRET] }, body, signature);
}

/** Every event the stand-in has made so far (oldest first). */
export const standInEvents = (local: Running) => local.stripe.events().map((e) => e.event);
