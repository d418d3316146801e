// What a donation tells, and the link a member manages their membership with:
// - the event of one payment (decision 0025), written in the transaction that records the
//   donation (donation-records.ts `alsoWrite`), so it is written exactly once per payment whatever
//   the number and order of Stripe's deliveries and the donor's returns: its id is the payment's.
//   It holds the donor's receipt (a transactional notice to the address Stripe collected, which
//   the sender forgets once the email is decided) and, for a gift or a new member, the
//   collective's notice (category `donation`), and the collective's audit entry;
// - the "Manage membership" link: a signed, expiring URL (HMAC with the notifications' signing
//   secret, as unsubscribe links are signed) that opens Stripe's customer portal for one
//   subscription. A donor has no Drift account: the link in their receipt is their key.
// - the fees of a payment, read from its charge's balance transaction (Stripe's fee and net).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DriftEvent, Notice } from '#shared/notifications/events';
import { receiptText } from '#shared/payments/donor-receipt';
import { formatUsd } from '#shared/platform/money';
import type { SupportSettings } from '#shared/payments/support-api';
import { log } from '#lambdas/platform/log';
import type { StripeBalanceTransaction, StripeClient } from '#lambdas/platform/stripe-client';
import { eventWrites } from '#lambdas/notifications/event-writes';
import type { Write } from '#lambdas/platform/store';

/** How long a "Manage membership" link works (each month's receipt brings a new one). */
export const MANAGE_LINK_DAYS = 35;

const manageSignature = (secret: string, collectiveId: number, subscriptionId: string, expires: number) =>
  createHmac('sha256', secret).update(`manage-membership:${collectiveId}:${subscriptionId}:${expires}`).digest('base64url').slice(0, 43);

/** The path of a membership's signed "Manage membership" link, valid until `now` + MANAGE_LINK_DAYS. */
export function manageLinkPath(secret: string, collectiveId: number, subscriptionId: string, now: string): string {
  const expires = Math.floor(Date.parse(now) / 1000) + MANAGE_LINK_DAYS * 86_400;
  const query = new URLSearchParams({ s: subscriptionId, e: String(expires), t: manageSignature(secret, collectiveId, subscriptionId, expires) });
  return `/api/support/${collectiveId}/manage?${query.toString()}`;
}

/** The subscription a link opens, or why not: 'invalid' (not signed by us) or 'expired'. */
export function checkManageLink(
  secret: string,
  collectiveId: number,
  query: Record<string, string | undefined>,
  nowMs: number,
): { subscriptionId: string } | 'invalid' | 'expired' {
  const { s = '', e = '', t = '' } = query;
  if (!/^sub_[A-Za-z0-9]{1,200}$/.test(s) || !/^\d{1,12}$/.test(e) || t.length !== 43) return 'invalid';
  const expected = Buffer.from(manageSignature(secret, collectiveId, s, Number(e)));
  const given = Buffer.from(t);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Number(e) * 1000 < nowMs) return 'expired';
  return { subscriptionId: s };
}

/** Every fee Stripe took from a charge (its own and the application fee) and the net, or undefined if unknown. */
export async function chargeFees(stripe: StripeClient, account: string, chargeId: string | null): Promise<{ feeCents: number; netCents: number } | undefined> {
  if (!chargeId) return undefined;
  try {
    const charge = await stripe.charges.retrieve(chargeId, { stripeAccount: account });
    if (!charge.balance_transaction) return undefined;
    const txn = await stripe.request<StripeBalanceTransaction>('GET', `/v1/balance_transactions/${encodeURIComponent(charge.balance_transaction)}`, {
      stripeAccount: account,
    });
    return { feeCents: txn.fee, netCents: txn.net };
  } catch (error) {
    // The donation is recorded without them rather than not at all (verify does not need them).
    log('warn', 'stripe balance transaction unreadable: donation recorded without its fee', { account, chargeId, error: String(error) });
    return undefined;
  }
}

/** The charge of a PaymentIntent. */
export async function chargeOfIntent(stripe: StripeClient, account: string, intentId: string): Promise<string | null> {
  const intent = await stripe.request<{ latest_charge: string | null }>('GET', `/v1/payment_intents/${encodeURIComponent(intentId)}`, {
    stripeAccount: account,
  });
  return intent.latest_charge;
}

export interface PaymentNews {
  collectiveId: number;
  collectiveName: string;
  settings: Pick<SupportSettings, 'legalName' | 'taxDeductible'>;
  /** The donation's id (the PaymentIntent's): the event's identity. */
  donationId: string;
  kind: 'gift' | 'membership';
  /** A membership's first month (a new member), told to the collective as a gift is. */
  newMember: boolean;
  amountCents: number;
  date: string;
  tierName: string | null;
  /** The name shown (or 'Anonymous'). */
  donorName: string;
  /** Where Stripe sends its receipts (the Checkout Session's customer_details.email, the invoice's
   * customer_email); null: no receipt. Kept only on the outbox item until its email is decided. */
  email: string | null;
  /** A membership's "Manage membership" path. */
  manageLink: string | null;
  at: string;
  by: string;
}

/** The event of one payment as writes for the donation's transaction. */
export function paymentNewsWrites(p: PaymentNews): Write[] {
  const legalName = p.settings.legalName || p.collectiveName;
  const notices: Notice[] = [];
  if (p.email) {
    const receipt = receiptText({ ...p, legalName, taxDeductible: p.settings.taxDeductible });
    const manage = p.manageLink ? '\n\nManage membership (change your tier, update your card or cancel): use the link below.' : '';
    notices.push({
      category: 'donation',
      recipients: [{ kind: 'address', email: p.email }],
      title: receipt.title,
      body: `${receipt.body}${manage}`,
      link: p.manageLink ?? `/support/${p.collectiveId}`,
      transactional: true,
    });
  }
  const what = p.kind === 'membership' ? `${p.tierName ?? 'Monthly'} membership, ${formatUsd(p.amountCents)} a month` : `gift of ${formatUsd(p.amountCents)}`;
  if (p.kind === 'gift' || p.newMember)
    notices.push({
      category: 'donation',
      recipients: [{ kind: 'collective', collectiveId: p.collectiveId }],
      title: p.kind === 'membership' ? `New member: ${p.donorName}` : `New gift: ${formatUsd(p.amountCents)} from ${p.donorName}`,
      body: `${p.donorName} ${p.kind === 'membership' ? 'joined with a' : 'gave a'} ${what}.`,
      link: '/collective',
    });
  const event: DriftEvent = {
    id: `donation:${p.donationId}`,
    at: p.at,
    actor: { role: 'stripe', sub: null, label: 'Stripe' },
    action: p.kind === 'membership' ? 'donation.membership-paid' : 'donation.gift',
    summary: `${p.kind === 'membership' ? `${p.tierName ?? 'Membership'} month` : 'Gift'} of ${formatUsd(p.amountCents)} from ${p.donorName} (${p.by})`,
    subject: { type: 'donation', id: p.donationId },
    auditCollectiveId: p.collectiveId,
    notices,
  };
  return eventWrites(event);
}
