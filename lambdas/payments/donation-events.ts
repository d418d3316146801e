// Stripe events of donations: direct charges on a collective's connected account, made through the
// support page's Checkout Sessions (support.handler.ts). Each handler re-reads the object from
// Stripe on the event's account (events arrive in any order, possibly twice, and carry the object
// as it was), acts only on a Drift donation of the collective whose linked account the event came
// from, and writes through donation-records.ts, idempotent on Stripe's ids:
//   checkout.session.completed      a gift: its donation; a membership: the member and its first payment
//   invoice.paid                    each month of a membership: a recurring donation
//   customer.subscription.updated   the portal's changes: the membership as Stripe says it is now
//   customer.subscription.deleted   the membership ends (its donations stay)
//   charge.refunded                 the donation's refunded amount (figures net of refunds)
// Each payment's receipt (to the address Stripe collected) and the collective's notice are written
// with its donation, once (donation-notices.ts).
// fulfillCheckout is also what the support page's thank-you read calls (Stripe's advice: fulfil on
// the return to the site as well as from the webhook), so both paths record the same thing once.
import { feeCents, type GiveKind, type RecordedGift } from '#shared/payments/support-api';
import { log } from '#lambdas/platform/log';
import type { StripeCharge, StripeCheckoutSession, StripeClient, StripeInvoice, StripeList, StripeSubscription } from '#lambdas/platform/stripe-client';
import type { Store } from '#lambdas/platform/store';
import { getCollective } from '#lambdas/catalog/catalog-repo';
import { signingSecret } from '#lambdas/notifications/notify-settings';
import { collectiveStripeAccount } from './collective-account';
import { chargeFees, chargeOfIntent, manageLinkPath, paymentNewsWrites, type PaymentNews } from './donation-notices';
import { type Audit, type DonationType, findDonation, recordDonation, refundDonation, saveMembership } from './donation-records';
import { readSupportSettings } from './support-repo';
import { tierOfPrice } from './tier-prices';
import type { StripeEventContext, StripeEventHandlers } from './stripe-events';

/** The metadata the support page puts on a session and on its PaymentIntent or subscription. */
export interface DonationMetadata {
  collectiveId: number;
  kind: GiveKind;
  tierId: string | null;
  tierName: string | null;
  donorName: string;
  anonymous: boolean;
  organization: boolean;
  comment: string | null;
}

/** As Stripe stores it: strings only. */
export function metadataOf(d: DonationMetadata): Record<string, string> {
  return {
    collectiveId: String(d.collectiveId),
    kind: d.kind,
    ...(d.tierId ? { tierId: d.tierId, tierName: d.tierName ?? '' } : {}),
    donorName: d.donorName,
    anonymous: String(d.anonymous),
    organization: String(d.organization),
    ...(d.comment ? { comment: d.comment } : {}),
  };
}

/** A Drift donation's metadata, or null for anything else on the account. */
export function donationMetadata(metadata: Record<string, string> | null | undefined): DonationMetadata | null {
  const m = metadata ?? {};
  if (!/^\d{1,9}$/.test(m.collectiveId ?? '') || (m.kind !== 'gift' && m.kind !== 'membership')) return null;
  const anonymous = m.anonymous === 'true';
  return {
    collectiveId: Number(m.collectiveId),
    kind: m.kind,
    tierId: m.tierId || null,
    tierName: m.tierName || null,
    donorName: anonymous ? 'Anonymous' : m.donorName || 'Anonymous',
    anonymous,
    organization: m.organization === 'true',
    comment: m.comment?.trim() || null,
  };
}

interface PaymentIntent {
  id: string;
  created: number;
  amount_received: number;
  latest_charge: string | null;
  application_fee_amount: number | null;
  metadata: Record<string, string>;
}
interface InvoicePayment {
  status: string;
  payment: { type: string; payment_intent?: string | null };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const typeOf = (m: DonationMetadata): DonationType => (m.organization ? 'Organization' : 'Individual');
const notesOf = (base: string, comment: string | null) => (comment ? `${base} · “${comment}”` : base);

/** The collective a donation's event belongs to: only the account the collective linked may record for it. */
async function collectiveOf(store: Store, meta: DonationMetadata | null, account: string | undefined): Promise<number | null> {
  if (!meta || !account) return null;
  const linked = await collectiveStripeAccount(store, meta.collectiveId);
  if (linked?.accountId === account) return meta.collectiveId;
  log('warn', 'stripe donation event from an account the collective has not linked: ignored', { collectiveId: meta.collectiveId, account });
  return null;
}

/** The tier a subscription pays for now: its Price's (a change in the customer portal moves it to
 * another tier's Price), else the tier it was started in. */
function tierNow(subscription: StripeSubscription, meta: DonationMetadata): { tierId: string; tierName: string } {
  return tierOfPrice(subscription.items.data[0]?.price.metadata) ?? { tierId: meta.tierId ?? 'unknown', tierName: meta.tierName ?? 'Membership' };
}

/** The membership as Stripe says it is now (active in its tier, or ended). */
async function saveMember(store: Store, account: string, subscription: StripeSubscription, meta: DonationMetadata, audit: Audit): Promise<void> {
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const tier = tierNow(subscription, meta);
  await saveMembership(store, {
    collectiveId: meta.collectiveId,
    subscriptionId: subscription.id,
    account,
    tierId: tier.tierId,
    tierName: tier.tierName,
    amountCents: subscription.items.data[0]?.price.unit_amount ?? 0,
    donorName: meta.donorName,
    anonymous: meta.anonymous,
    type: typeOf(meta),
    startedAt: iso(subscription.created),
    endedAt: ended ? iso(subscription.ended_at ?? subscription.canceled_at ?? Math.floor(Date.parse(audit.at) / 1000)) : null,
    audit,
  });
}

/** The signed "Manage membership" path of a subscription, or null where links cannot be signed. */
export async function manageLinkOf(collectiveId: number, subscriptionId: string, now: string): Promise<string | null> {
  try {
    return manageLinkPath(await signingSecret(), collectiveId, subscriptionId, now);
  } catch (error) {
    log('warn', 'manage membership links are not configured: the receipt has none', { error: String(error) });
    return null;
  }
}

/** What a payment's event needs besides the payment: the collective's name and receipt settings. */
async function newsOf(
  store: Store,
  collectiveId: number,
  payment: Omit<PaymentNews, 'collectiveId' | 'collectiveName' | 'settings' | 'at' | 'by'>,
  audit: Audit,
): Promise<ReturnType<typeof paymentNewsWrites>> {
  const [collective, settings] = await Promise.all([getCollective(collectiveId), readSupportSettings(store, collectiveId)]);
  return paymentNewsWrites({
    ...payment,
    collectiveId,
    collectiveName: collective?.name ?? `Collective ${collectiveId}`,
    settings,
    at: audit.at,
    by: audit.by,
  });
}

/** A paid invoice of a membership as its month's donation (the comment goes with the first month only). */
async function recordInvoice(
  store: Store,
  stripe: StripeClient,
  account: string,
  invoice: StripeInvoice,
  subscription: StripeSubscription,
  meta: DonationMetadata,
  audit: Audit,
): Promise<string | null> {
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0) return null;
  const payments = await stripe.request<StripeList<InvoicePayment>>('GET', '/v1/invoice_payments', { params: { invoice: invoice.id }, stripeAccount: account });
  const intent = payments.data.find((p) => p.status === 'paid')?.payment.payment_intent ?? null;
  const id = intent ?? invoice.id;
  const first = invoice.billing_reason === 'subscription_create';
  const comment = first ? meta.comment : null;
  const tierName = tierNow(subscription, meta).tierName;
  const date = iso(invoice.status_transitions.paid_at ?? invoice.created);
  if (await findDonation(store, meta.collectiveId, id)) return id;
  const news = await newsOf(
    store,
    meta.collectiveId,
    {
      donationId: id,
      kind: 'membership',
      newMember: first,
      amountCents: invoice.amount_paid,
      date,
      tierName,
      donorName: meta.donorName,
      email: invoice.customer_email ?? null,
      manageLink: await manageLinkOf(meta.collectiveId, subscription.id, audit.at),
    },
    audit,
  );
  await recordDonation(store, {
    collectiveId: meta.collectiveId,
    id,
    date,
    recorded: audit,
    fees: intent ? await chargeFees(stripe, account, await chargeOfIntent(stripe, account, intent)) : undefined,
    wall: first ? { kind: 'membership', tierName } : null,
    alsoWrite: news,
    donorName: meta.donorName,
    notes: notesOf(`Monthly membership: ${tierName}`, comment),
    amountCents: invoice.amount_paid,
    type: typeOf(meta),
    recurring: true,
    anonymous: meta.anonymous,
    comment,
    stripe: {
      account,
      kind: 'membership',
      paymentIntentId: id,
      chargeId: null,
      invoiceId: invoice.id,
      subscriptionId: subscription.id,
      checkoutSessionId: null,
      feeCents: feeCents(invoice.amount_paid, Math.round((subscription.application_fee_percent ?? 0) * 100)),
      tierId: tierNow(subscription, meta).tierId,
      tierName,
    },
  });
  return id;
}

/** What a stored donation shows on the thank-you page (never an email). */
async function recordedGift(store: Store, collectiveId: number, donationId: string | null): Promise<RecordedGift | null> {
  const donation = donationId ? await findDonation(store, collectiveId, donationId) : undefined;
  if (!donation) return null;
  const stripe = donation.stripe as { kind?: GiveKind; tierName?: string | null } | undefined;
  return {
    kind: stripe?.kind ?? 'gift',
    amountCents: Number(donation.amountCents),
    tierName: stripe?.tierName ?? null,
    donorName: String(donation.donorName),
    comment: (donation.comment as string | undefined) ?? null,
    date: String(donation.date),
  };
}

/**
 * Records what a completed Checkout Session paid (idempotent): a gift's donation, or a membership
 * and its first month. Answers what was recorded, or null when the session is not a paid donation
 * of a collective on this account. Given the session's id, it reads the session from Stripe first;
 * given the session, it must be one just read from Stripe.
 */
export async function fulfillCheckout(
  store: Store,
  stripe: StripeClient,
  account: string,
  sessionOrId: string | StripeCheckoutSession,
  audit: Audit,
): Promise<RecordedGift | null> {
  const session = typeof sessionOrId === 'string' ? await stripe.checkout.sessions.retrieve(sessionOrId, { stripeAccount: account }) : sessionOrId;
  const meta = donationMetadata(session.metadata);
  const collectiveId = await collectiveOf(store, meta, account);
  if (!meta || collectiveId === null || session.status !== 'complete' || session.payment_status !== 'paid') return null;
  if (session.mode === 'payment' && session.payment_intent) {
    const intent = await stripe.request<PaymentIntent>('GET', `/v1/payment_intents/${encodeURIComponent(session.payment_intent)}`, { stripeAccount: account });
    if (await findDonation(store, collectiveId, intent.id)) return recordedGift(store, collectiveId, intent.id);
    const date = iso(intent.created);
    await recordDonation(store, {
      collectiveId,
      id: intent.id,
      date,
      recorded: audit,
      fees: await chargeFees(stripe, account, intent.latest_charge),
      wall: { kind: 'gift', tierName: null },
      alsoWrite: await newsOf(
        store,
        collectiveId,
        {
          donationId: intent.id,
          kind: 'gift',
          newMember: false,
          amountCents: intent.amount_received,
          date,
          tierName: null,
          donorName: meta.donorName,
          email: session.customer_details?.email ?? null,
          manageLink: null,
        },
        audit,
      ),
      donorName: meta.donorName,
      notes: notesOf('One-time gift', meta.comment),
      amountCents: intent.amount_received,
      type: typeOf(meta),
      anonymous: meta.anonymous,
      comment: meta.comment,
      stripe: {
        account,
        kind: 'gift',
        paymentIntentId: intent.id,
        chargeId: intent.latest_charge,
        invoiceId: null,
        subscriptionId: null,
        checkoutSessionId: session.id,
        feeCents: intent.application_fee_amount ?? 0,
        tierId: null,
        tierName: null,
      },
    });
    return recordedGift(store, collectiveId, intent.id);
  }
  if (session.mode !== 'subscription' || !session.subscription) return null;
  const subscription = await stripe.subscriptions.retrieve(session.subscription, { stripeAccount: account });
  await saveMember(store, account, subscription, meta, audit);
  const invoiceId = session.invoice ?? subscription.latest_invoice;
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId, { stripeAccount: account });
  return recordedGift(store, collectiveId, await recordInvoice(store, stripe, account, invoice, subscription, meta, audit));
}

const objectId = (ctx: StripeEventContext) => String(ctx.event.data.object.id ?? '');
/** An event's writes are audited as the event's (its id finds it in Stripe's dashboard and /v1/events). */
const auditOf = (ctx: StripeEventContext): Audit => ({ by: `stripe:${ctx.event.id}`, at: ctx.now() });

/** The membership a subscription's invoice belongs to, with its metadata (null: not a donation). */
async function membershipOf(ctx: StripeEventContext, subscriptionId: string | null | undefined) {
  const account = ctx.event.account;
  if (!account || !subscriptionId) return null;
  const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId, { stripeAccount: account });
  const meta = donationMetadata(subscription.metadata);
  if ((await collectiveOf(ctx.store, meta, account)) === null || !meta) return null;
  return { account, subscription, meta };
}

/** The collective of a charge's donation: a gift's charge carries the metadata, a membership's
 * is found through its invoice (InvoicePayment -> invoice -> subscription). */
async function chargeDonation(ctx: StripeEventContext, charge: StripeCharge, account: string): Promise<{ collectiveId: number; donationId: string } | null> {
  if (!charge.payment_intent) return null;
  // A gift's metadata is on its PaymentIntent (payment_intent_data); read it there when the charge has none.
  const direct =
    donationMetadata(charge.metadata) ??
    donationMetadata(
      (await ctx.stripe.request<PaymentIntent>('GET', `/v1/payment_intents/${encodeURIComponent(charge.payment_intent)}`, { stripeAccount: account })).metadata,
    );
  if (direct) {
    const collectiveId = await collectiveOf(ctx.store, direct, account);
    return collectiveId === null ? null : { collectiveId, donationId: charge.payment_intent };
  }
  const payments = await ctx.stripe.request<StripeList<InvoicePayment & { invoice: string }>>('GET', '/v1/invoice_payments', {
    params: { payment: { type: 'payment_intent', payment_intent: charge.payment_intent } },
    stripeAccount: account,
  });
  const invoiceId = payments.data[0]?.invoice;
  if (!invoiceId) return null;
  const invoice = await ctx.stripe.invoices.retrieve(invoiceId, { stripeAccount: account });
  const member = await membershipOf(ctx, invoice.parent?.subscription_details?.subscription);
  return member ? { collectiveId: member.meta.collectiveId, donationId: charge.payment_intent } : null;
}

export const donationEventHandlers: StripeEventHandlers = {
  'checkout.session.completed': async (ctx) => {
    if (ctx.event.account) await fulfillCheckout(ctx.store, ctx.stripe, ctx.event.account, objectId(ctx), auditOf(ctx));
  },
  'invoice.paid': async (ctx) => {
    const account = ctx.event.account;
    if (!account) return;
    const invoice = await ctx.stripe.invoices.retrieve(objectId(ctx), { stripeAccount: account });
    const member = await membershipOf(ctx, invoice.parent?.subscription_details?.subscription);
    if (!member) return;
    await saveMember(ctx.store, account, member.subscription, member.meta, auditOf(ctx));
    await recordInvoice(ctx.store, ctx.stripe, account, invoice, member.subscription, member.meta, auditOf(ctx));
  },
  // The customer portal's changes (a cancellation at the period's end, a new card) and renewals:
  // the membership is made what Stripe says now (an ended subscription ends it, once).
  'customer.subscription.updated': async (ctx) => {
    const member = await membershipOf(ctx, objectId(ctx));
    if (member) await saveMember(ctx.store, member.account, member.subscription, member.meta, auditOf(ctx));
  },
  'customer.subscription.deleted': async (ctx) => {
    const member = await membershipOf(ctx, objectId(ctx));
    if (member) await saveMember(ctx.store, member.account, member.subscription, member.meta, auditOf(ctx));
  },
  'charge.refunded': async (ctx) => {
    const account = ctx.event.account;
    if (!account) return;
    const charge = await ctx.stripe.charges.retrieve(objectId(ctx), { stripeAccount: account });
    const target = await chargeDonation(ctx, charge, account);
    if (target) await refundDonation(ctx.store, target.collectiveId, target.donationId, charge.amount_refunded, auditOf(ctx));
  },
};
