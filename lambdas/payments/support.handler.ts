// A collective's support page: the public page (GET /api/support/{id}), a gift or membership that
// becomes a Stripe Checkout Session on the collective's connected account (a direct charge; the
// platform fee as application_fee_amount or application_fee_percent), the thank-you read after
// Stripe sends the donor back (which records the payment as the webhook would: the same idempotent
// code), a receipt's signed "Manage membership" link (Stripe's customer portal on the collective's
// account), and the collective's own settings (GET/PUT /api/collectives/{id}/support).
// Public answers carry display names only (the donor's name as given, or 'Anonymous'), never an email.
import type { CheckoutResultResponse, GiveResponse, SupportPageResponse, SupportSettingsResponse } from '#shared/payments/support-api';
import { feeCents, feePercent, validateGive, validateSupportSettings, type SupportTier } from '#shared/payments/support-api';
import type { Collective } from '#shared/catalog/catalog-types';
import { requireCollective } from '#lambdas/catalog/catalog-lookup';
import { guardPublicName } from '#lambdas/identity/protected-names';
import { getSchool } from '#lambdas/catalog/catalog-repo';
import { requireCollectiveOwner } from '#lambdas/platform/auth';
import { BadRequest, Conflict, HttpError, NotFound, ValidationError } from '#lambdas/platform/errors';
import { header, intParam, json, jsonBody, routes, type Event, type RouteHandler } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { StripeApiError, type CheckoutSessionParams } from '#lambdas/platform/stripe-client';
import { stripeClient, stripeConfigured } from '#lambdas/platform/stripe-config';
import { collectiveStripeAccount } from './collective-account';
import { signingSecret, siteUrl } from '#lambdas/notifications/notify-settings';
import { donationMetadata, fulfillCheckout, manageLinkOf, metadataOf } from './donation-events';
import { supportPageFigures } from './donation-figures';
import { checkManageLink } from './donation-notices';
import { activeMembers } from './donation-records';
import { portalConfiguration, tierPrice } from './tier-prices';
import { readSupportSettings, saveSupportSettings } from './support-repo';

export const NOT_OPEN = 'Donations to this collective are not open yet: it has not finished linking its Stripe account.';
/** How long a Checkout page stays payable (Stripe's minimum is 30 minutes). */
const SESSION_SECONDS = 3600;

/** Stripe answered with an error that is not the donor's: a 502 (or 503 when it did not answer). */
function stripeFailure(error: StripeApiError): HttpError {
  if (error.code === 'idempotency_error') return new Conflict('This gift was already started with other details: reload the page and try again');
  if (error.status === 0 || error.status >= 500) return new HttpError(503, 'payments_unavailable', 'The payment service did not answer: try again in a moment');
  return new HttpError(502, 'payments_refused', 'The payment service refused this payment page: try again later');
}

/** The origin the donor's browser is on, for Stripe's return links (SITE_URL when configured). */
function siteOrigin(event: Event): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  if (configured) return configured;
  const origin = header(event, 'origin') ?? '';
  if (/^https:\/\/[\w.-]+(:\d+)?$/.test(origin) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin)) return origin;
  throw new BadRequest('Open the support page in a browser to give (the request has no Origin to return to)');
}

const activeTiers = <T extends { retired: boolean }>(tiers: T[]): T[] => tiers.filter((t) => !t.retired);

const page: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const collective = await requireCollective(id);
  const [settings, account, school] = await Promise.all([readSupportSettings(store, id), collectiveStripeAccount(store, id), getSchool(collective.schoolId)]);
  const figures = await supportPageFigures(store, id, settings.goal);
  const tiers = activeTiers(settings.tiers).map(({ retired: _r, ...tier }) => tier);
  const closedBecause: SupportPageResponse['closedBecause'] = !account?.chargesEnabled
    ? 'no_account'
    : !stripeConfigured()
      ? 'payments_unavailable'
      : !settings.giftsEnabled && tiers.length === 0
        ? 'nothing_offered'
        : null;
  const body: SupportPageResponse = {
    collectiveId: id,
    collectiveName: collective.name,
    school: school ? { id: school.id, name: school.name, logo: school.logo } : null,
    pitch: settings.pitch,
    tiers,
    giftsEnabled: settings.giftsEnabled,
    feeBasisPoints: settings.feeBasisPoints,
    open: closedBecause === null,
    closedBecause,
    ...figures,
  };
  return json(200, body);
};

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

const checkout: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const body = jsonBody(event, 8 * 1024);
  const collective = await requireCollective(id);
  const [settings, account] = await Promise.all([readSupportSettings(store, id), collectiveStripeAccount(store, id)]);
  const tiers = activeTiers(settings.tiers);
  const { value, errors } = validateGive(body, { tiers, giftsEnabled: settings.giftsEnabled });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // The name guard (decision 0026): a donor's name is shown in the collective's panels and on its
  // page, so it may not pass for an athlete, a school, a collective, Drift's staff or "A collector".
  if (!value.anonymous) await guardPublicName(store, value.donorName, 'donorName');
  if (!account?.chargesEnabled || !stripeConfigured()) throw new Conflict(NOT_OPEN);
  const key = header(event, 'idempotency-key') ?? (typeof body.idempotencyKey === 'string' ? body.idempotencyKey : '');
  if (!IDEMPOTENCY_KEY.test(key))
    throw new BadRequest('An Idempotency-Key header (8 to 100 letters, digits, - or _) is required', { idempotencyKey: 'is required' });
  const origin = siteOrigin(event);
  const tier = value.kind === 'membership' ? tiers.find((t) => t.id === value.tierId)! : null;
  const amount = tier ? tier.amountCents : value.amountCents!;
  const metadata = metadataOf({
    collectiveId: id,
    kind: value.kind,
    tierId: tier?.id ?? null,
    tierName: tier?.name ?? null,
    donorName: value.donorName,
    anonymous: value.anonymous,
    organization: value.organization,
    comment: value.comment || null,
  });
  const fee = settings.feeBasisPoints;
  let lines: Pick<CheckoutSessionParams, 'mode' | 'line_items'>;
  try {
    lines = await sessionLines(collective, value.kind, amount, tier, account.accountId);
  } catch (error) {
    if (error instanceof StripeApiError) throw stripeFailure(error);
    throw error;
  }
  const params: CheckoutSessionParams = {
    ...lines,
    success_url: `${origin}/support/${id}?checkout={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/support/${id}?cancelled=1`,
    client_reference_id: `collective-${id}`,
    metadata,
    expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
    ...(value.kind === 'gift'
      ? { payment_intent_data: { description: `Gift to ${collective.name}`, metadata, ...(fee ? { application_fee_amount: feeCents(amount, fee) } : {}) } }
      : {
          subscription_data: {
            description: `${tier!.name} membership of ${collective.name}`,
            metadata,
            ...(fee ? { application_fee_percent: feePercent(fee) } : {}),
          },
        }),
  };
  try {
    const stripe = await stripeClient();
    const session = await stripe.checkout.sessions.create(params, { stripeAccount: account.accountId, idempotencyKey: `support-${id}-${key}` });
    if (!session.url) throw new HttpError(502, 'payments_refused', 'The payment service gave no payment page: try again');
    const answer: GiveResponse = { url: session.url, sessionId: session.id };
    return json(201, answer);
  } catch (error) {
    if (error instanceof StripeApiError) throw stripeFailure(error);
    throw error;
  }
};

/** A gift: one line "Support {collective}" at the amount given. A membership: the tier's Price (so
 * that Stripe's customer portal can later switch the member to another tier's Price). */
async function sessionLines(
  collective: Collective,
  kind: 'gift' | 'membership',
  amount: number,
  tier: SupportTier | null,
  account: string,
): Promise<Pick<CheckoutSessionParams, 'mode' | 'line_items'>> {
  if (kind === 'gift')
    return {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: amount, product_data: { name: `Support ${collective.name}`, description: 'One-time gift' } },
        },
      ],
    };
  const price = await tierPrice(await stripeClient(), account, collective, tier!);
  return { mode: 'subscription', line_items: [{ quantity: 1, price: price.id }] };
}

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

const result: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const sessionId = event.pathParameters?.sessionId ?? '';
  if (!SESSION_ID.test(sessionId)) throw new BadRequest("'sessionId' is not a Checkout Session id", { sessionId: 'is not valid' });
  await requireCollective(id);
  const account = await collectiveStripeAccount(store, id);
  if (!account || !stripeConfigured()) throw new NotFound(`Checkout ${sessionId}`);
  try {
    const stripe = await stripeClient();
    const session = await stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account.accountId });
    if (donationMetadata(session.metadata)?.collectiveId !== id) throw new NotFound(`Checkout ${sessionId}`);
    const status = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
    const recorded =
      status === 'complete' ? await fulfillCheckout(store, stripe, account.accountId, session, { by: 'donor-return', at: new Date().toISOString() }) : null;
    const manageUrl =
      status === 'complete' && session.mode === 'subscription' && session.subscription
        ? await manageLinkOf(id, session.subscription, new Date().toISOString())
        : null;
    const answer: CheckoutResultResponse = { status, recorded, manageUrl };
    return json(200, answer);
  } catch (error) {
    if (error instanceof StripeApiError) throw error.status === 404 ? new NotFound(`Checkout ${sessionId}`) : stripeFailure(error);
    throw error;
  }
};

/**
 * A receipt's "Manage membership" link: checks its signature and expiry, then creates a Stripe
 * customer portal session for the subscription's customer on the collective's account and sends
 * the donor there (303). A link that is not ours, expired, or for a membership Stripe no longer
 * has sends the donor back to the support page, which says why.
 */
const manage: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  await requireCollective(id);
  const page = `${siteUrl()}/support/${id}`;
  const back = (reason: string) => ({ statusCode: 303, headers: { location: `${page}?manage=${reason}`, 'cache-control': 'no-store' }, body: '' });
  const checked = checkManageLink(await signingSecret(), id, event.queryStringParameters ?? {}, Date.now());
  if (checked === 'invalid' || checked === 'expired') return back(checked);
  const account = await collectiveStripeAccount(store, id);
  if (!account || !stripeConfigured()) return back('unavailable');
  try {
    const stripe = await stripeClient();
    const subscription = await stripe.subscriptions.retrieve(checked.subscriptionId, { stripeAccount: account.accountId });
    if (donationMetadata(subscription.metadata)?.collectiveId !== id) return back('invalid');
    // The portal offers the tiers offered now: a member switches between their Prices.
    const [collective, settings] = await Promise.all([requireCollective(id), readSupportSettings(store, id)]);
    const prices = await Promise.all(activeTiers(settings.tiers).map((tier) => tierPrice(stripe, account.accountId, collective, tier)));
    const configuration = await portalConfiguration(stripe, account.accountId, prices);
    const portal = await stripe.request<{ url: string }>('POST', '/v1/billing_portal/sessions', {
      params: { customer: subscription.customer, return_url: page, configuration },
      stripeAccount: account.accountId,
    });
    return { statusCode: 303, headers: { location: portal.url, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, body: '' };
  } catch (error) {
    if (error instanceof StripeApiError) return back(error.status === 404 ? 'invalid' : 'unavailable');
    throw error;
  }
};

async function ownerAnswer(collectiveId: number, settings?: SupportSettingsResponse['settings']): Promise<SupportSettingsResponse> {
  const [stored, account, members] = await Promise.all([
    settings ?? readSupportSettings(store, collectiveId),
    collectiveStripeAccount(store, collectiveId),
    activeMembers(store, collectiveId),
  ]);
  return { collectiveId, settings: stored, account: { linked: account !== null, chargesEnabled: Boolean(account?.chargesEnabled) }, activeMembers: members };
}

const settingsRead: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  requireCollectiveOwner(event, id);
  await requireCollective(id);
  return json(200, await ownerAnswer(id));
};

const settingsSave: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const principal = requireCollectiveOwner(event, id);
  const body = jsonBody(event, 32 * 1024);
  const collective = await requireCollective(id, { consistent: true });
  const current = await readSupportSettings(store, id);
  const { value, errors } = validateSupportSettings(body, current.tiers);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const saved = await saveSupportSettings(store, collective, value, principal.sub, new Date().toISOString());
  return json(200, await ownerAnswer(id, saved));
};

export const handler = routes({
  'GET /api/support/{id}': page,
  'POST /api/support/{id}/checkout': checkout,
  'GET /api/support/{id}/checkouts/{sessionId}': result,
  'GET /api/support/{id}/manage': manage,
  'GET /api/collectives/{id}/support': settingsRead,
  'PUT /api/collectives/{id}/support': settingsSave,
});
