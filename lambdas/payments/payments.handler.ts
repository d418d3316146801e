// The Stripe rail's requests (docs/decisions/0011-stripe-payout-rail.md):
// - linking a Stripe Connect account, the collective's own (payor of record) and each athlete's
//   payout account: POST .../stripe/onboarding answers a Stripe-hosted onboarding link (handed to the
//   browser only: never logged, never stored), GET .../stripe/account re-reads the account from
//   Stripe (the return from onboarding) and answers its stored status flags;
// - Pay now on a batch (one transfer and one payout per athlete with a payouts-enabled account) and
//   Retry of one failed or waiting line.
// A collective acts only on its own batches and members, an athlete only on its own account.
import type { AccountOwner, PaymentsContext } from './connect-accounts';
import { onboardingLink, readPayoutAccount, syncAccount } from './connect-accounts';
import { payBatch, payLine, requirePayorLinked, PAYOUT_CURRENCY } from './payout-rail';
import { readBatch } from '#lambdas/money/payouts';
import { requireAthlete, requireCollective } from '#lambdas/catalog/catalog-lookup';
import { requireAthleteOwner, requireCollectiveOwner } from '#lambdas/platform/auth';
import { BadRequest, Conflict, Forbidden, HttpError } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { header, intParam, json, routes } from '#lambdas/platform/http';
import { log } from '#lambdas/platform/log';
import { dynamoStore as store } from '#lambdas/platform/store';
import { stripeClient, stripeConfigured } from '#lambdas/platform/stripe-config';
import { formatUsd } from '#shared/platform/money';
import { LineRefusal } from '#shared/payments/payout-line';

class StripeNotConfigured extends HttpError {
  constructor() {
    super(503, 'stripe_not_configured', 'Stripe is not configured for this deployment (docs/RUNBOOK.md, "Stripe")');
  }
}

async function context(): Promise<PaymentsContext> {
  if (!stripeConfigured()) throw new StripeNotConfigured();
  const stripe = await stripeClient().catch((error: unknown) => {
    // The deployed secret still holds its placeholder (docs/RUNBOOK.md, "Stripe").
    throw error instanceof Error && /no secretKey/.test(error.message) ? new StripeNotConfigured() : error;
  });
  return { store, stripe, now: () => new Date().toISOString() };
}

/** Where Stripe's onboarding returns the browser: the configured site, or the calling origin (https, or local http). */
function siteOrigin(event: Event): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  if (configured) return configured;
  const origin = header(event, 'origin');
  if (origin && (/^https:\/\/[\w.-]+(:\d+)?$/.test(origin) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin))) return origin;
  throw new BadRequest('The request has no Origin to return to after onboarding', { origin: 'is required' });
}

/** The panel's Payouts screen (web: /collective?section=payouts, /athlete?tab=payouts), told why it is shown. */
function returnUrls(event: Event, panelPath: string) {
  const origin = siteOrigin(event);
  return { returnUrl: `${origin}${panelPath}&stripe=return`, refreshUrl: `${origin}${panelPath}&stripe=refresh` };
}

/** The two owners of a Stripe account: who may act for it (its own sign-in only), the owner as
 * onboarding records it (an athlete with its collective), and its panel's Payouts screen. */
const OWNERS = {
  collective: {
    authorize: requireCollectiveOwner,
    onboarded: async (id: number): Promise<AccountOwner> => {
      await requireCollective(id);
      return { kind: 'collective', id };
    },
    panelPath: '/collective?section=payouts',
  },
  athlete: {
    authorize: requireAthleteOwner,
    onboarded: async (id: number): Promise<AccountOwner> => {
      const athlete = await requireAthlete(id);
      return { kind: 'athlete', id, collectiveId: athlete.collectiveId ?? null };
    },
    panelPath: '/athlete?tab=payouts',
  },
};

const onboarding = (kind: keyof typeof OWNERS) => async (event: Event) => {
  const id = intParam(event, 'id');
  const principal = OWNERS[kind].authorize(event, id);
  const owner = await OWNERS[kind].onboarded(id);
  const ctx = await context();
  const link = await onboardingLink(ctx, owner, { by: principal.sub, email: principal.email, ...returnUrls(event, OWNERS[kind].panelPath) });
  log('info', 'stripe onboarding link made', { owner: kind, [`${kind}Id`]: id, accountId: link.account.accountId, by: principal.sub });
  return json(200, link);
};

const account = (kind: keyof typeof OWNERS) => async (event: Event) => {
  const id = intParam(event, 'id');
  const principal = OWNERS[kind].authorize(event, id);
  const owner = { kind, id };
  if (!stripeConfigured()) return json(200, { account: await readPayoutAccount(store, owner) });
  return json(200, { account: await syncAccount(await context(), owner, principal.sub) });
};

/** The platform's available USD balance must cover what Pay now sends: otherwise nothing moves (409). */
async function requireBalance(ctx: PaymentsContext, neededCents: number): Promise<void> {
  if (neededCents <= 0) return;
  const balance = await ctx.stripe.balance.retrieve();
  const available = balance.available.filter((b) => b.currency === PAYOUT_CURRENCY).reduce((sum, b) => sum + b.amount, 0);
  if (available < neededCents)
    throw new Conflict(
      `The platform's Stripe balance (${formatUsd(available)} available) does not cover this batch (${formatUsd(neededCents)}): the operator tops it up first (docs/RUNBOOK.md, "Stripe")`,
    );
}

const payNow = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  const principal = requireCollectiveOwner(event, collectiveId);
  const batchId = event.pathParameters?.batchId ?? '';
  const ctx = await context();
  await requirePayorLinked(ctx, collectiveId);
  const batch = await readBatch(store, collectiveId, batchId);
  // What this Pay now starts (lines under way already hold their transfer).
  const starting = await Promise.all(
    (batch.lines ?? [])
      .filter((l) => l.status === 'pending' || l.status === 'awaiting_account')
      .map(async (l) => ((await readPayoutAccount(store, { kind: 'athlete', id: l.athleteId }))?.payoutsEnabled ? l.amountCents : 0)),
  );
  await requireBalance(
    ctx,
    starting.reduce((a, b) => a + b, 0),
  );
  // Within the function's 10 s: lines not started by then are left for Pay now again (the answer says how many).
  const result = await payBatch(ctx, { collectiveId, batchId }, { by: principal.sub, budgetMs: 6_000 });
  log('info', 'pay now', { collectiveId, batchId, by: principal.sub, errors: result.errors.length, notStarted: result.notStarted });
  return json(200, result);
};

const retry = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  const principal = requireCollectiveOwner(event, collectiveId);
  const batchId = event.pathParameters?.batchId ?? '';
  const athleteId = intParam(event, 'athleteId');
  const collective = await requireCollective(collectiveId);
  if (!collective.members.includes(athleteId)) throw new Forbidden('This athlete is not a member of your collective');
  const ctx = await context();
  await requirePayorLinked(ctx, collectiveId);
  const batch = await readBatch(store, collectiveId, batchId);
  const line = (batch.lines ?? []).find((l) => l.athleteId === athleteId);
  if (line?.status === 'failed' && (await readPayoutAccount(store, { kind: 'athlete', id: athleteId }))?.payoutsEnabled)
    await requireBalance(ctx, line.amountCents);
  const answer = await payLine(ctx, { collectiveId, batchId, athleteId }, { by: principal.sub, retry: true }).catch((error: unknown) => {
    // The line's state machine refuses (e.g. a paid line): 409 with its reason.
    throw error instanceof LineRefusal ? new Conflict(error.message) : error;
  });
  log('info', 'payout retried', { collectiveId, batchId, athleteId, by: principal.sub, status: answer.status });
  return json(200, answer);
};

export const handler = routes({
  'POST /api/collectives/{id}/stripe/onboarding': onboarding('collective'),
  'GET /api/collectives/{id}/stripe/account': account('collective'),
  'POST /api/athletes/{id}/stripe/onboarding': onboarding('athlete'),
  'GET /api/athletes/{id}/stripe/account': account('athlete'),
  'POST /api/collectives/{id}/payouts/batches/{batchId}/pay': payNow,
  'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}/retry': retry,
});
